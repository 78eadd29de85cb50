#pragma once
// One simulation run, split along its seams. RunState (run_state.hpp) holds what the parts
// share: the values of the moment, the tapes and their register files, the crossing
// functions and the consistent solve with the states held. The integrators advance it,
// one class each: IdaIntegrator (ida_integrator.hpp) and AdamsIntegrator, the non-stiff
// start with CVODE's Adams methods (adams_integrator.hpp), each owning its SUNDIALS objects
// (sundials_handles.hpp). RowOutput (row_output.hpp) writes the rows. Run itself is the
// driver (simulation.cpp: the step loop, the output grid, budgets, the switches between
// the integrators), the initialization (initialization.cpp) and the event iteration
// (event_handling.cpp: relations, discrete equations, crossings).
// Private to engine/solve: only run.hpp's simulate() is public.
#include "engine/solve/adams_integrator.hpp"
#include "engine/solve/ida_integrator.hpp"
#include "engine/solve/row_output.hpp"
#include "engine/solve/run_state.hpp"

#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace flange::solve {

class Run : private RunState {
public:
    Run(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink, const std::vector<int>& outputs,
        const std::vector<double>& parameters);
    SimulationStats run();

private:
    // ---------- driver (simulation.cpp)
    void emitRow(double t);
    void countCrossing(double t, const std::string& cause, int& eventsInInterval, long& lastIntervalWithEvent);
    void stateEvent(double t, int relationIndex, int& eventsInInterval, long& lastIntervalWithEvent);
    void integrate();
    void advanceWithoutUnknowns();
    void stopTimeRows();
    void checkBudget(double t, double lastStep);

    // ---------- initialization (initialization.cpp)
    void initialize();
    [[noreturn]] void failInit(const solve::NewtonProblem& prob, std::vector<double>& z, const solve::NewtonResult& r,
                               const std::vector<std::string>& rowOrigin);

    // ---------- relations, discrete equations and events (event_handling.cpp)
    bool updateRelations(double t, bool exact, bool holdSolved = false);
    double eval(expr::NodeId id, double t, bool initial, char* reached = nullptr) const;
    std::vector<char> reachedRelations(double t);
    void refreshVarValues();
    std::vector<std::string> updateDiscrete(double t, bool initial, bool holdSolved = false);
    static std::vector<std::string> eventCulprits(const std::string& cause, const EventRecord& rec);
    std::vector<std::string> unsettled(const std::vector<double>& relBefore, const std::vector<double>& discBefore) const;
    double nextTimeEvent(double t) const;
    void refreshTimeCoefficients();
    // The event iteration, and the record of its net changes.
    void iterateEvent(double t, EventRecord& rec, const std::string& cause);
    void iterateToFixedPoint(double t, EventRecord& rec, const std::string& cause);
    void handleEvent(double t, bool timeEvent, const std::string& cause);
    bool fireWhens(double t, EventRecord& rec);
    int changedRelation(double t);
    int crossingBefore(double tLow, double& tg);
    void joinSimultaneousCrossings(double t, double tCap);
    bool silentCrossing(double t);
    std::string timeEventCause(double t, double eps) const;

    // ---------- the integrators (simulation.cpp)
    // The state the integrators advance (the base is private to Run's own members).
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
    std::vector<double> timeA_, timeB_; // time relations: distance = a*time + b, for the current discrete values
    std::vector<double> scratchRel_, scratchDisc_;
    std::vector<char> reached_;
    std::vector<char> whenPrev_;
    // The discrete values an event iteration changed, each with its value before the event,
    // in the order they first changed: the event's record shows the net change of each.
    std::vector<std::pair<int32_t, double>> changedSinceEvent_;
    void noteChange(int32_t var, double before);
    std::vector<std::string> warnings_;
    int tinySteps_ = 0; // IDA's steps in a row below SimulationOptions::stiffStepFraction (checkBudget)
    // The integrator that is running: IDA, or the non-stiff start (Adams methods).
    std::optional<IdaIntegrator> ida_;
    std::optional<AdamsIntegrator> adams_;
    bool adamsResumable_ = false; // IDA took over for a singular stretch: Adams again after it
};

} // namespace flange::solve
