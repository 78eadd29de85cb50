#pragma once
// One simulation run, split along its seams. RunState (run_state.hpp) holds what the parts
// share: the values of the moment, the tapes and their register files, the crossing
// functions and the consistent solve with the states held. The integrators advance it,
// one class each: IdaIntegrator (ida_integrator.hpp) and AdamsIntegrator, the non-stiff
// start with CVODE's Adams methods (adams_integrator.hpp), each owning its SUNDIALS objects
// (sundials_handles.hpp). EventIteration (event_iteration.hpp: relations, discrete
// equations, when-clauses) and Initialization (initialization.hpp) are layers on the
// state, each with its own. RowOutput (row_output.hpp) writes the rows. Run is the driver
// (simulation.cpp: the step loop, the output grid, budgets, the switches between the
// integrators; event_handling.cpp: an event's rows and restart, crossings between steps).
// Private to engine/solve: only run.hpp's simulate() is public.
#include "engine/solve/adams_integrator.hpp"
#include "engine/solve/ida_integrator.hpp"
#include "engine/solve/initialization.hpp"
#include "engine/solve/row_output.hpp"
#include "engine/solve/run_state.hpp"

#include <optional>
#include <string>
#include <vector>

namespace flange::solve {

class Run : private Initialization {
public:
    Run(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink, const std::vector<int>& outputs,
        const std::vector<double>& parameters);
    SimulationStats run();

private:
    // ---------- driver (simulation.cpp)
    void emitRow(double t) { rows_.write(t); }
    void countCrossing(double t, const std::string& cause, int& eventsInInterval, long& lastIntervalWithEvent);
    void stateEvent(double t, int relationIndex, int& eventsInInterval, long& lastIntervalWithEvent);
    void integrate();
    void advanceWithoutUnknowns();
    void stopTimeRows();
    void checkBudget(double t, double lastStep);

    // ---------- an event's rows and restart, crossings between steps (event_handling.cpp)
    void handleEvent(double t, const EventCause& cause);
    int crossingBefore(double tLow, double& tg);
    void joinSimultaneousCrossings(double t, double tCap);

    // ---------- the integrators (simulation.cpp)
    // The shared state, for the parts that hold a reference to it (the integrators, the
    // rows): the base is reachable only from Run's own members.
    RunState& state() { return *this; }
    // The solution at tg inside the step just taken, from the integrator that is running.
    void interpolateAt(double tg, bool forRow = false);
    // Ends the Adams stretch at the last step CVODE completed and starts IDA there;
    // returns that time.
    double handOverToIda();
    // After an event under IDA that took over for a singular stretch: the Adams methods
    // again, where the new mode determines every unknown.
    bool resumeAdams(double t);

    // ---------- state (besides RunState's)
    long gridRows_ = 0;
    RowOutput rows_;
    std::vector<int> joining_; // relations that switch with the next state event (simultaneous crossings)
    int tinySteps_ = 0; // IDA's steps in a row below SimulationOptions::stiffStepFraction (checkBudget)
    // The integrator that is running: IDA, or the non-stiff start (Adams methods).
    std::optional<IdaIntegrator> ida_;
    std::optional<AdamsIntegrator> adams_;
    bool adamsResumable_ = false; // IDA took over for a singular stretch: Adams again after it
};

} // namespace flange::solve
