#pragma once
// One simulation run: what its parts share (RunState: values, tapes, crossing functions,
// the consistent solve with the states held) and the jobs it is split into, one file each:
// simulation.cpp (the driver: step loop, output grid, budgets), initialization.cpp
// (consistent initial values), event_handling.cpp (relations, discrete equations, event
// iteration, crossings), ida_integration.cpp (IDA), adams_integration.cpp (the non-stiff
// start with CVODE's Adams methods), row_output.cpp (the rows).
// Private to engine/solve: only run.hpp's simulate() is public.
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

    // ---------- the non-stiff start (adams_integration.cpp)
    bool adamsEligible();
    double fastestRate(double t);
    // CVODE's Adams methods from tStart on, with y_ and yp_ consistent there.
    void setupAdams(double tStart);
    // One Adams step from t towards tStop: CVODE's flag (CV_SUCCESS, CV_ROOT_RETURN,
    // CV_TSTOP_RETURN) and tret, or kHandOverToIda where IDA is to go on from t (the model
    // turned stiff, or a stuck chain left unknowns undetermined).
    int adamsStep(double t, double tStop, double& tret);
    static constexpr int kHandOverToIda = -1000;
    // Ends the Adams stretch at the last step CVODE completed and starts IDA there;
    // returns that time.
    double handOverToIda();
    bool stabilityLimited(double t, double h);
    void restartAdams(double t);
    bool resumeAdams(double t);
    void adamsAt(double tg);
    void solveForCrossings(double t);
    bool derivativesAt(double t, const double* states, double* rates);
    static int adamsRhs(double t, N_Vector y, N_Vector ydot, void* user);
    static int adamsRoots(double t, N_Vector y, double* g, void* user);
    void statesToAdams(N_Vector v) const;
    void statesFromAdams(const double* states);
    void noteNonFinite(double t);
    void collectAdamsCounters();

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
    // CVODE's (setupAdams), over the states only; freed at the hand-over to IDA.
    struct AdamsObjects {
        VectorHandle y, dky, atol;
        NonlinearSolverHandle fixedPoint;
        CvodeHandle mem;
    };
    std::optional<AdamsObjects> adams_;
    long adamsNonFinite_ = 0; // right-hand sides that were not finite (noteNonFinite)
    bool adamsAlgebraic_ = false; // algebraic unknowns to solve for at output points
    double adamsSegmentStart_ = 0; // the start or the last restart
    std::vector<double> adamsStartY_, adamsStartYp_; // consistent at adamsSegmentStart_
    // The stiffness checks (adams_integration.cpp): the window's start, and tiny steps in a row.
    long windowSteps_ = 0, windowFailures_ = 0, windowNonFinite_ = 0;
    long adamsTinySteps_ = 0, tinyNonFinite_ = 0;
    bool adamsStiff_ = false; // found stiff after the last step: IDA goes on from there
    bool adamsResumable_ = false; // IDA took over for a singular stretch: Adams again after it
    std::exception_ptr adamsFailure_; // thrown in the right-hand side, rethrown past CVODE's C frames
};

} // namespace flange::solve
