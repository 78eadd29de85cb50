#pragma once
// IDA in DAE mode with the analytic sparse Jacobian over the unknowns of a run (RunState):
// its set-up, its callbacks (residual, Jacobian, crossing functions), one step at a time,
// restarts after events and interpolation inside the last step (ida_integrator.cpp).
#include "engine/solve/run_state.hpp"

#include <vector>

namespace flange::solve {

class IdaIntegrator {
public:
    // IDA from tStart on, with y_ and yp_ consistent there: t0_, or where the non-stiff
    // start handed over.
    IdaIntegrator(RunState& s, double tStart);
    IdaIntegrator(const IdaIntegrator&) = delete;
    IdaIntegrator& operator=(const IdaIntegrator&) = delete;

    // One step from t towards tStop, IDA's stop time: IDA's flag (IDA_SUCCESS,
    // IDA_ROOT_RETURN, IDA_TSTOP_RETURN), tret and the step's length h. A failed step
    // stops the run with a message naming the equations to blame.
    int step(double t, double tStop, double& tret, double& h);
    // y_ and yp_ into IDA's vectors, and back (IDA's solution at the end of its step).
    void copyIn();
    void copyOut();
    // The solution at time tg inside the step just taken, into y_ and yp_.
    void interpolateAt(double tg, bool forRow);
    // After an event: IDA starts again at t from y_ and yp_ (its counters collected first).
    void restart(double t);
    double currentTime() const;
    void rootInfo(int* found) const;
    // IDA's counters into the run's statistics (restart() does too).
    void collectCounters();

private:
    double firstStepTout(double t, double tStop) const;
    [[noreturn]] void failIntegration(int flag, double t);
    void rootDistances(double t, const double* y, const double* yp);
    static int idaResidual(double t, N_Vector yy, N_Vector yp, N_Vector rr, void* user);
    static int idaJacobian(double t, double cj, N_Vector yy, N_Vector yp, N_Vector, SUNMatrix J, void* user, N_Vector,
                           N_Vector, N_Vector);
    static int idaRoots(double t, N_Vector yy, N_Vector yp, double* g, void* user);

    RunState& s_;
    bool startsFromRest_ = false; // every state's derivative zero at the start (see the constructor)
    std::vector<double> jcomb_;   // jy_ + cj * jyp_: the matrix IDA factors
    // IDA's objects, in the order they are made (sundials_handles.hpp).
    VectorHandle yv_, ypv_, dkyY_, dkyYp_, idv_; // dky*: output points interpolated inside the last step
    MatrixHandle A_;
    LinearSolverHandle ls_;
    IdaHandle ida_;
};

} // namespace flange::solve
