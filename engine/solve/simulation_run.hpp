#pragma once
// One simulation run: what its parts share (RunState: values, tapes, crossing functions,
// the consistent solve with the states held) and the jobs it is split into, one file each:
// simulation.cpp (the driver: step loop, output grid, budgets, the switches between the
// integrators), initialization.cpp (consistent initial values), event_handling.cpp
// (relations, discrete equations, event iteration, crossings), ida_integration.cpp (IDA),
// adams_integrator.cpp (the non-stiff start with CVODE's Adams methods, a class of its
// own: AdamsIntegrator), row_output.cpp (the rows).
// Private to engine/solve: only run.hpp's simulate() is public.
#include "engine/solve/adams_integrator.hpp"
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
    double firstStepTout(double t, double tStop) const;
    std::string stiffestEquations(double t, std::vector<std::string>& culprits);

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

    // ---------- IDA (ida_integration.cpp)
    void rootDistances(double t, const double* y, const double* yp);
    static int idaResidual(double t, N_Vector yy, N_Vector yp, N_Vector rr, void* user);
    static int idaJacobian(double t, double cj, N_Vector yy, N_Vector yp, N_Vector, SUNMatrix J, void* user, N_Vector,
                           N_Vector, N_Vector);
    static int idaRoots(double t, N_Vector yy, N_Vector yp, double* g, void* user);
    void setupIda(double tStart);
    void copyIn();
    void copyOut();
    void interpolateAt(double tg, bool forRow = false);
    [[noreturn]] void failIntegration(int flag, double t);
    void collectCounters();

    // ---------- the switches between the integrators (simulation.cpp)
    // The state the integrators advance (the base is private to Run's own members).
    RunState& state() { return *this; }
    // Ends the Adams stretch at the last step CVODE completed and starts IDA there;
    // returns that time.
    double handOverToIda();
    // After an event under IDA that took over for a singular stretch: the Adams methods
    // again, where the new mode determines every unknown.
    bool resumeAdams(double t);

    // ---------- state (RunState: what the parts share)
    long gridRows_ = 0;
    bool startsFromRest_ = false; // every state's derivative zero at the start (setupIda)
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
    int tinySteps_ = 0;
    // The running integrator's SUNDIALS objects (sundials_handles.hpp), each group in the
    // order it is made; RunState's context outlives them.
    // IDA's objects (setupIda), freed with it where the Adams methods take over again.
    struct IdaObjects {
        VectorHandle y, yp, id;
        VectorHandle dkyY, dkyYp; // output points interpolated inside the last step
        MatrixHandle A;
        LinearSolverHandle ls;
        IdaHandle mem;
    };
    std::optional<IdaObjects> ida_;
    std::vector<double> jcomb_; // jy_ + cj * jyp_: the matrix IDA factors
    std::optional<AdamsIntegrator> adams_; // the non-stiff start, while it runs
    bool adamsResumable_ = false; // IDA took over for a singular stretch: Adams again after it
};

} // namespace flange::solve
