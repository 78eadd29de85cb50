#pragma once
// Consistent initial values (engine.md 5.1, initialization.cpp): the equations, the initial
// equations and the fixed start values solved together with the relations and discrete
// values to a fixed point. A layer on the event iteration (event_iteration.hpp), whose
// relations and discrete equations it settles; Run derives from it.
#include "engine/solve/event_iteration.hpp"

#include <string>
#include <vector>

namespace flange::solve {

class Initialization : protected EventIteration {
protected:
    Initialization(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink) : EventIteration(m, o, sink) {}

    // y_, yp_, the relations, discrete values and when-conditions at t0_, consistent.
    void initialize();

    std::vector<std::string> warnings_; // what the initialization assumed or ignored

private:
    [[noreturn]] void failInit(const solve::NewtonProblem& prob, std::vector<double>& z, const solve::NewtonResult& r,
                               const std::vector<std::string>& rowOrigin);
};

} // namespace flange::solve
