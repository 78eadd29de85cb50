#pragma once
// The non-stiff start: CVODE's Adams methods over the states of a run (RunState), from its
// start or an event to where the model turns stiff or a stuck chain leaves unknowns
// undetermined; the driver (simulation.cpp) then hands over to IDA (adams_integrator.cpp).
#include "engine/solve/run_state.hpp"

#include <exception>

namespace flange::solve {

class AdamsIntegrator {
public:
    // Whether a run starts with the Adams methods: not stiff at its start (the fastest mode
    // it estimates goes to the run's statistics), with y_ and yp_ consistent there.
    static bool eligible(RunState& s);
    // CVODE's Adams methods from tStart on, with y_ and yp_ consistent there.
    AdamsIntegrator(RunState& s, double tStart);
    AdamsIntegrator(const AdamsIntegrator&) = delete;
    AdamsIntegrator& operator=(const AdamsIntegrator&) = delete;

    // One Adams step from t towards tStop: CVODE's flag (CV_SUCCESS, CV_ROOT_RETURN,
    // CV_TSTOP_RETURN) and tret, or kHandOverToIda where IDA is to go on from t (the model
    // turned stiff, or a stuck chain left unknowns undetermined).
    int step(double t, double tStop, double& tret);
    static constexpr int kHandOverToIda = -1000;
    // The last step CVODE completed, with y_ and yp_ consistent there (its counters
    // collected): where IDA goes on. Whether it turned stiff (else a singular stretch).
    double handOverTime();
    bool stiff() const { return stiff_; }
    // After an event: the Adams methods start again from the right limit.
    void restart(double t);
    // The solution at tg in the last step, into y_ and yp_.
    void at(double tg);
    double currentTime() const;
    void rootInfo(int* found) const;
    // CVODE's counters into the run's statistics (restart() and handOverTime() do too).
    void collectCounters();

private:
    static double fastestRate(RunState& run, double t);
    static bool derivativesAt(RunState& s, double t, const double* states, double* rates);
    static void statesFromAdams(RunState& s, const double* states);
    bool stabilityLimited(double t, double h);
    void solveForCrossings(double t);
    static int rhs(double t, N_Vector y, N_Vector ydot, void* user);
    static int roots(double t, N_Vector y, double* g, void* user);
    void statesToAdams(N_Vector v) const;
    void noteNonFinite(double t);

    RunState& s_;
    long nonFinite_ = 0; // right-hand sides that were not finite (noteNonFinite)
    bool algebraic_ = false; // algebraic unknowns to solve for at output points
    double segmentStart_ = 0; // the start or the last restart
    std::vector<double> startY_, startYp_; // consistent at segmentStart_
    // The stiffness checks: the window's start, and tiny steps in a row.
    long windowSteps_ = 0, windowFailures_ = 0, windowNonFinite_ = 0;
    long tinySteps_ = 0, tinyNonFinite_ = 0;
    bool stiff_ = false; // found stiff after the last step: IDA goes on from there
    std::exception_ptr failure_; // thrown in the right-hand side, rethrown past CVODE's C frames
    // CVODE's objects over the states only, in the order they are made (sundials_handles.hpp).
    VectorHandle states_, dky_, atol_;
    NonlinearSolverHandle fixedPoint_;
    CvodeHandle cvode_;
};

} // namespace flange::solve
