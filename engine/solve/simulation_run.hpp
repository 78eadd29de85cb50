#pragma once
// One simulation run: the state a run holds and the jobs it is split into, one file each:
// simulation.cpp (the driver: step loop, output grid, budgets), initialization.cpp
// (consistent initial values), event_handling.cpp (relations, discrete equations, event
// iteration, crossings), ida_integration.cpp (tapes, IDA and the consistent solve with the
// states held), adams_integration.cpp (the non-stiff start with CVODE's Adams methods).
// Private to engine/solve: only run.hpp's simulate() is public.
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "engine/run.hpp"
#include "engine/solve/newton.hpp"

#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nonlinearsolver.h>

#include <chrono>
#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace flange::solve {

inline std::string fmt(double v) { return readableNumber(v); }

class Run {
public:
    Run(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink, const std::vector<int>& outputs,
        const std::vector<double>& parameters);
    ~Run();
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
    void checkLimits(double t);
    [[noreturn]] void failNonFinite(double t);
    double firstStepTout(double t, double tStop) const;
    double restartStep() const { return std::min(0.001 * (tEnd_ - t0_), dt_); }
    std::string stiffestEquations(double t, std::vector<std::string>& culprits);
    std::string withSource(const std::string& origin) const;

    // ---------- initialization (initialization.cpp)
    void initialize();
    [[noreturn]] void failInit(const solve::NewtonProblem& prob, std::vector<double>& z, const solve::NewtonResult& r,
                               const std::vector<std::string>& rowOrigin);

    // ---------- relations, discrete equations and events (event_handling.cpp)
    bool updateRelations(double t, bool exact, bool holdSolved = false);
    double eval(expr::NodeId id, double t, bool initial, char* reached = nullptr) const;
    std::vector<char> reachedRelations(double t);
    void refreshVarValues();
    std::vector<EventChange> updateDiscrete(double t, bool initial, bool holdSolved = false);
    EventChange eventChange(int32_t var, double before, double after) const;
    EventCause causeOf(size_t relation, bool timeEvent) const;
    static std::vector<std::string> eventCulprits(const std::string& cause, const EventRecord& rec);
    std::vector<std::string> unsettled(const std::vector<double>& relBefore, const std::vector<double>& discBefore) const;
    double nextTimeEvent(double t) const;
    void refreshTimeCoefficients();
    // The event iteration, and the record of its net changes.
    void iterateEvent(double t, EventRecord& rec, const std::string& cause);
    void iterateToFixedPoint(double t, EventRecord& rec, const std::string& cause);
    void handleEvent(double t, const EventCause& cause);
    bool fireWhens(double t, EventRecord& rec);
    int changedRelation(double t);
    int crossingBefore(double tLow, double& tg);
    void joinSimultaneousCrossings(double t, double tCap);
    bool silentCrossing(double t);
    EventCause timeEventCause(double t, double eps) const;

    // ---------- tapes, IDA and the consistent solve (ida_integration.cpp)
    codegen::TapeInputs inputs(double t, bool initial) const;
    void residual(double t, const double* y, const double* yp, double* out, bool initial);
    void jacobian(double t, const double* y, const double* yp, bool initial);
    void distances(double t, const double* y, const double* yp);
    void computeValues(double t, const double* y, const double* yp, bool initial = false);
    std::string nonFiniteOrigin(const std::string& rowOrigin) const;
    void rootDistances(double t, const double* y, const double* yp);
    // modeGathered: consistentMode() has just been called, with nothing changed since.
    // The residual tolerance of the solves after events, and of every exact output.
    static constexpr double kEventSolve = 1e-10;
    void solveConsistent(double t, bool freshJacobian = true, double tolerance = kEventSolve, bool modeGathered = false);
    void unpackConsistent(const double* z);
    bool exactConsistentStep(double t, double tolerance, bool modeGathered);
    const std::vector<double>& consistentMode();
    // Stops the run, naming the component, where the matrix of that solve leaves a state's
    // derivative undetermined (undetermined_derivatives.cpp).
    void checkDerivativesDetermined(double t, bool solveFailed = false);
    std::string zeroFactors(std::vector<std::string>& instances) const;
    static int idaResidual(double t, N_Vector yy, N_Vector yp, N_Vector rr, void* user);
    static int idaJacobian(double t, double cj, N_Vector yy, N_Vector yp, N_Vector, SUNMatrix J, void* user, N_Vector,
                           N_Vector, N_Vector);
    static int idaRoots(double t, N_Vector yy, N_Vector yp, double* g, void* user);
    void createContext();
    void setupIda(double tStart);
    void check(int flag, const char* what);
    void copyIn();
    void copyOut();
    void interpolateAt(double tg, bool forRow = false);
    [[noreturn]] void failIntegration(int flag, double t);
    void collectCounters();
    void freeIda();

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
    void freeAdams();

    // ---------- small helpers
    double hysteresis(int k) const { return hysteresis_[static_cast<size_t>(k)]; }
    // Relation k's crossing function from the last distances(): it changes sign when the
    // relation leaves its current value by more than the hysteresis.
    double crossingValue(int k) const
    {
        return dist_[static_cast<size_t>(k)] + (rel_[static_cast<size_t>(k)] != 0 ? hysteresis(k) : -hysteresis(k));
    }
    // The crossing functions of the state relations, for IDA's or CVODE's root finding.
    void crossingValues(double* g) const
    {
        for (size_t j = 0; j < stateRelations_.size(); ++j)
            g[j] = crossingValue(stateRelations_[j]);
    }
    // The sink is polled between solver steps, per Newton iteration and per event and
    // initialization iteration; a solver stopped by it reports `stopped`.
    void throwIfCancelled(double t, const char* during) { throwIfCancelled(sink_.cancelled(), t, during); }
    void throwIfCancelled(bool stopped, double t, const char* during)
    {
        if (stopped)
            throw cancellation(std::string(during) + " cancelled at t = " + fmt(t)).at(t);
    }
    // Algebraic unknowns between steps and at output points: a thousandth of the relative
    // tolerance, far below the error of the interpolated states they are solved from.
    double samplingTolerance() const { return 1e-3 * rtol_; }
    bool exactRoots() const { return rootsReadSolved_ && opt_.suppressAlgebraicErrors && !m_.stateSlots.empty(); }

    // ---------- state
    const CompiledModel& m_;
    SimulationOptions opt_;
    ResultSink& sink_;
    int32_t n_ = 0;
    // Every unknown is a state's derivative, slot i the i-th state (the drive-line chains):
    // the Adams methods' vectors and the solve's unknowns are then the same arrays, copied
    // and corrected without a lookup per value.
    bool onlyStatesInOrder_ = false;
    double t0_ = 0, tEnd_ = 1, dt_ = 0.002, rtol_ = 1e-6;
    long gridRows_ = 0;
    bool startsFromRest_ = false; // every state's derivative zero at the start (setupIda)
    std::vector<double> y_, yp_, disc_, pre_, rel_, dist_, jy_, jyp_, varValues_;
    std::vector<double> parameters_; // this run's values of the parameters kept as leaves, by id
    // Every Real parameter's value by name for messages: the model's, or a copy with this run's.
    const std::map<std::string, double>* parameterValues_ = nullptr;
    std::map<std::string, double> ownParameterValues_;
    std::vector<double> resRegs_, jacRegs_, crossRegs_, initResRegs_, initJacRegs_, computedRegs_;
    std::vector<double> computed_; // the explicitly computed unknowns, from the last computeValues()
    bool rowsNeedComputed_ = false;
    std::vector<int> outputs_;
    // Where each column of a row comes from, packed: OutputVar carries names and units,
    // and walking 2.3 million of them per row was a tenth of a 100,000-inertia run. One
    // list per source array: a switch on each column's kind mispredicted at every column.
    struct RowSource {
        double sign = 1, offset = 0;
        int32_t index = 0;  // into the source array
        int32_t column = 0; // in the row
    };
    std::vector<RowSource> rowFromY_, rowFromYp_, rowFromComputed_, rowConstant_, rowFromDiscrete_;
    std::vector<double> rowValues_;
    std::vector<int> stateRelations_;
    std::vector<int> joining_; // relations that switch with the next state event (simultaneous crossings)
    std::vector<double> timeA_, timeB_; // time relations: distance = a*time + b, for the current discrete values
    // 1e-4 * rtol * nominal per relation: read for every relation at every output point,
    // where the relations' descriptions (strings and all) are too far apart in memory.
    std::vector<double> hysteresis_;
    bool rootsReadSolved_ = false;
    std::vector<double> scratchRel_, scratchDisc_;
    std::vector<char> reached_;
    std::vector<char> whenPrev_;
    // The discrete values an event iteration changed, each with its value before the event,
    // in the order they first changed: the event's record shows the net change of each.
    std::vector<std::pair<int32_t, double>> changedSinceEvent_;
    void noteChange(int32_t var, double before);
    std::vector<std::string> warnings_;
    SimulationStats stats_;
    std::string lastSolverMessage_; // IDA's or CVODE's last error message, for ours
    long stepsTaken_ = 0;
    int tinySteps_ = 0;
    int32_t nonFiniteRow_ = -1; // a residual row that gave NaN or infinity since the last normal step
    std::string nonFiniteOrigin_; // the equation to blame for it (a computed one it read, or the row's)
    double nonFiniteTime_ = 0;
    std::chrono::steady_clock::time_point integrationStart_ = std::chrono::steady_clock::now();
    std::unique_ptr<solve::NewtonSolver> consistent_;
    solve::NewtonProblem consistentProblem_;
    std::vector<double> consistentZ_;
    std::vector<double> consistentMode_; // consistentMode()'s values
    double consistentTime_ = 0;
    SUNContext ctx_ = nullptr;
    void* ida_ = nullptr;
    N_Vector yv_ = nullptr, ypv_ = nullptr, idv_ = nullptr, atolv_ = nullptr;
    N_Vector dkyY_ = nullptr, dkyYp_ = nullptr; // output points interpolated inside the last step
    SUNMatrix A_ = nullptr;
    SUNLinearSolver ls_ = nullptr;
    std::vector<double> jcomb_; // jy_ + cj * jyp_: the matrix IDA factors
    void* cvode_ = nullptr;
    N_Vector adamsY_ = nullptr, adamsDky_ = nullptr, adamsAtol_ = nullptr; // the states only
    SUNNonlinearSolver adamsFixedPoint_ = nullptr;
    long adamsNonFinite_ = 0; // right-hand sides that were not finite (noteNonFinite)
    bool adamsAlgebraic_ = false; // algebraic unknowns to solve for at output points
    double adamsSegmentStart_ = 0; // the start or the last restart
    std::vector<double> adamsStartY_, adamsStartYp_; // consistent at adamsSegmentStart_
    // The stiffness checks (adams_integration.cpp): the window's start, and tiny steps in a row.
    long windowSteps_ = 0, windowFailures_ = 0, windowNonFinite_ = 0;
    long adamsTinySteps_ = 0, tinyNonFinite_ = 0;
    bool adamsStiff_ = false; // found stiff after the last step: IDA goes on from there
    bool singularSeen_ = false; // a consistent solve met a singular system (solveConsistent)
    bool adamsResumable_ = false; // IDA took over for a singular stretch: Adams again after it
    std::exception_ptr adamsFailure_; // thrown in the right-hand side, rethrown past CVODE's C frames
};

} // namespace flange::solve
