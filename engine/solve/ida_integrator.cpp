// IDA over the run's unknowns (ida_integrator.hpp).
#include "engine/solve/ida_integrator.hpp"
#include "engine/solve/ida_messages.hpp"
#include "engine/solve/sundials_matrix.hpp"
#include "engine/solve/vector_norms.hpp"

#include <ida/ida.h>

#include <algorithm>
#include <cmath>

namespace flange::solve {

// Crossing functions between steps. IDA's interpolant is accurate for the states only
// (algebraic errors are not controlled), so relations on algebraic unknowns (a friction
// torque, a driving sine) are evaluated on the unknowns solved from the interpolated
// states, as a tool that integrates the states alone would: otherwise a stick-to-slip
// switch is found late by as much as the step is long. At the end of IDA's step (t is
// its current time) y and yp are not interpolated but its corrector's solution, which
// satisfies every equation to the Newton tolerance: solving again there only cost time
// (a tenth of Rotational HeatLosses' solving thread).
void IdaIntegrator::rootDistances(double t, const double* y, const double* yp)
{
    double tn = 0;
    if (!s_.exactRoots() || (IDAGetCurrentTime(ida_.get(), &tn) == IDA_SUCCESS && t == tn)) {
        s_.distances(t, y, yp);
        return;
    }
    std::copy(y, y + s_.n_, s_.y_.begin());
    std::copy(yp, yp + s_.n_, s_.yp_.begin());
    try {
        s_.solveConsistent(t, false, s_.samplingTolerance());
        s_.distances(t, s_.y_.data(), s_.yp_.data());
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::Cancelled)
            throw;
        s_.distances(t, y, yp);
    }
}

int IdaIntegrator::idaResidual(double t, N_Vector yy, N_Vector yp, N_Vector rr, void* user)
{
    auto* self = static_cast<IdaIntegrator*>(user);
    double* r = N_VGetArrayPointer(rr);
    self->s_.residual(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp), r, false);
    for (int32_t i = 0; i < self->s_.n_; ++i)
        if (!std::isfinite(r[i])) {
            // Recoverable for IDA (it tries a smaller step), but remembered: if the steps
            // then shrink to nothing, this equation is why, not stiffness.
            self->s_.nonFiniteRow_ = i;
            self->s_.nonFiniteTime_ = t;
            self->s_.computeValues(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp));
            self->s_.nonFiniteOrigin_ = self->s_.nonFiniteOrigin(self->s_.m_.eqOrigins[static_cast<size_t>(i)]);
            return 1;
        }
    return 0;
}

int IdaIntegrator::idaJacobian(double t, double cj, N_Vector yy, N_Vector yp, N_Vector, SUNMatrix J, void* user,
                               N_Vector, N_Vector, N_Vector)
{
    auto* self = static_cast<IdaIntegrator*>(user);
    self->s_.jacobian(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp), false);
    const auto& pat = self->s_.m_.jacPattern;
    std::vector<double>& values = self->jcomb_;
    for (size_t k = 0; k < pat.nnz(); ++k)
        values[k] = self->s_.jy_[k] + cj * self->s_.jyp_[k];
    fillJacobianMatrix(J, pat, values.data());
    return 0;
}

int IdaIntegrator::idaRoots(double t, N_Vector yy, N_Vector yp, double* g, void* user)
{
    auto* self = static_cast<IdaIntegrator*>(user);
    self->rootDistances(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp));
    self->s_.crossingValues(g);
    return 0;
}

IdaIntegrator::IdaIntegrator(RunState& s, double tStart) : s_(s)
{
    s_.createContext();
    jcomb_.assign(s_.m_.jacPattern.nnz(), 0.0);
    yv_ = newSerialVector(s_.n_, s_.ctx_.get());
    useLaneNorms(yv_.get()); // IDA clones its own vectors from yv_ in IDAInit
    ypv_ = newSerialVector(s_.n_, s_.ctx_.get());
    dkyY_ = newSerialVector(s_.n_, s_.ctx_.get());
    dkyYp_ = newSerialVector(s_.n_, s_.ctx_.get());
    idv_ = newSerialVector(s_.n_, s_.ctx_.get());
    for (int32_t i = 0; i < s_.n_; ++i)
        NV_Ith_S(idv_.get(), i) = s_.m_.slotIsState[static_cast<size_t>(i)] ? 1.0 : 0.0;
    copyIn();
    ida_.reset(IDACreate(s_.ctx_.get()));
    s_.check(IDAInit(ida_.get(), idaResidual, tStart, yv_.get(), ypv_.get()), "IDAInit");
    IDASetUserData(ida_.get(), this);
    IDASVtolerances(ida_.get(), s_.rtol_, s_.atolv_.get());
    IDASetId(ida_.get(), idv_.get());
    // With states only there is nothing to leave out of the error test, and the unmasked
    // norm is the same sum without reading the id vector (a long chain has no algebraics).
    const bool allStates = static_cast<int32_t>(s_.m_.stateSlots.size()) == s_.n_;
    const bool suppressAlgebraic = (s_.opt_.suppressAlgebraicErrors && !allStates) || s_.m_.stateSlots.empty();
    IDASetSuppressAlg(ida_.get(), suppressAlgebraic ? SUNTRUE : SUNFALSE);
    IDASetMaxNumSteps(ida_.get(), 1000000);
    // Without states no error test limits the step; outputs are then solved exactly instead.
    IDASetMaxStep(ida_.get(), s_.m_.stateSlots.empty() ? s_.dt_ : s_.tEnd_ - s_.t0_);
    // The first step. IDA's own is 0.001 of the distance to tout, less where the derivatives
    // are large; in one-step mode tout is the stop time, and over a long span from rest that
    // step fails its error test ten times and IDA gives up at t0: no first step longer than
    // an output interval (restartStep). From rest, with every state's derivative zero, IDA
    // has nothing to size the step by, and a step that divides the half period of a sine
    // source starting at zero (First over 10^4 s at 0.1 s output) sees only the sine's
    // zeros: the steps grow past the oscillation and the result is wrong without an error.
    // From rest the first step is IDA's for a tout one output interval away (a thousandth
    // of it, as DASSL takes for its first output point).
    startsFromRest_ = tStart == s_.t0_ && std::all_of(s_.m_.stateSlots.begin(), s_.m_.stateSlots.end(),
                                  [&](int32_t s) { return s_.yp_[static_cast<size_t>(s)] == 0.0; });
    IDASetInitStep(ida_.get(), startsFromRest_ || tStart != s_.t0_ ? 0.0 : s_.restartStep());
    IDASetErrHandlerFn(ida_.get(), [](int, const char*, const char*, char* msg, void* user) {
        static_cast<IdaIntegrator*>(user)->s_.lastSolverMessage_ = msg ? msg : "";
    }, this);
    A_.reset(newJacobianMatrix(s_.m_.jacPattern, s_.ctx_.get()));
    ls_.reset(newLinearSolver(yv_.get(), A_.get(), s_.m_.jacPattern, s_.ctx_.get()));
    IDASetLinearSolver(ida_.get(), ls_.get(), A_.get());
    IDASetJacFn(ida_.get(), idaJacobian);
    if (!s_.stateRelations_.empty()) {
        IDARootInit(ida_.get(), static_cast<int>(s_.stateRelations_.size()), idaRoots);
        IDASetNoInactiveRootWarn(ida_.get());
    }
}

int IdaIntegrator::step(double t, double tStop, double& tret, double& h)
{
    IDASetStopTime(ida_.get(), tStop);
    const int flag = IDASolve(ida_.get(), firstStepTout(t, tStop), &tret, yv_.get(), ypv_.get(), IDA_ONE_STEP);
    if (flag < 0)
        failIntegration(flag, tret);
    h = 0;
    IDAGetLastStep(ida_.get(), &h);
    return flag;
}

// After an event: IDA's history ends there, and its first step is sized afresh.
void IdaIntegrator::restart(double t)
{
    copyIn();
    collectCounters(); // IDAReInit zeroes IDA's counters
    s_.check(IDAReInit(ida_.get(), t, yv_.get(), ypv_.get()), "IDAReInit");
    IDASetInitStep(ida_.get(), s_.restartStep()); // see the constructor
    reinitLinearSolver(ls_.get(), A_.get(), s_.m_.jacPattern);
}

double IdaIntegrator::currentTime() const
{
    double t = 0;
    IDAGetCurrentTime(ida_.get(), &t);
    return t;
}

void IdaIntegrator::rootInfo(int* found) const { IDAGetRootInfo(ida_.get(), found); }

// The `tout` of a one-step call: the first from rest (see the constructor) gives IDA the
// span to size its first step by; in one-step mode tout is otherwise unused.
double IdaIntegrator::firstStepTout(double t, double tStop) const
{
    long steps = 0;
    if (!startsFromRest_ || t != s_.t0_ || IDAGetNumSteps(ida_.get(), &steps) != IDA_SUCCESS || steps != 0)
        return tStop;
    return std::min(tStop, t + s_.dt_);
}

void IdaIntegrator::copyIn()
{
    for (int32_t i = 0; i < s_.n_; ++i) {
        NV_Ith_S(yv_.get(), i) = s_.y_[static_cast<size_t>(i)];
        NV_Ith_S(ypv_.get(), i) = s_.yp_[static_cast<size_t>(i)];
    }
}

void IdaIntegrator::copyOut()
{
    for (int32_t i = 0; i < s_.n_; ++i) {
        s_.y_[static_cast<size_t>(i)] = NV_Ith_S(yv_.get(), i);
        s_.yp_[static_cast<size_t>(i)] = NV_Ith_S(ypv_.get(), i);
    }
}

// The solution at time tg inside the step just taken: IDA's interpolant, with the
// algebraic unknowns solved from it where the crossing functions read them. forRow: an
// output point, whose derivatives and algebraics need no interpolated start when the
// solve is one exact step (NewtonProblem::affine); an event found there interpolates again.
void IdaIntegrator::interpolateAt(double tg, bool forRow)
{
    const bool solve = s_.m_.stateSlots.empty() || *s_.opt_.exactAlgebraicOutputs || s_.exactRoots();
    const bool startAnywhere = forRow && solve && s_.consistent_ && s_.consistent_->oneStepExact(s_.consistentMode());
    const bool modeGathered = forRow && solve && s_.consistent_; // and unchanged until the solve below
    s_.check(IDAGetDky(ida_.get(), tg, 0, dkyY_.get()), "IDAGetDky");
    if (!startAnywhere)
        s_.check(IDAGetDky(ida_.get(), tg, 1, dkyYp_.get()), "IDAGetDky");
    for (int32_t i = 0; i < s_.n_; ++i)
        s_.y_[static_cast<size_t>(i)] = NV_Ith_S(dkyY_.get(), i);
    if (!startAnywhere)
        for (int32_t i = 0; i < s_.n_; ++i)
            s_.yp_[static_cast<size_t>(i)] = NV_Ith_S(dkyYp_.get(), i);
    if (s_.m_.stateSlots.empty() || *s_.opt_.exactAlgebraicOutputs)
        s_.solveConsistent(tg, s_.m_.stateSlots.empty(), RunState::kEventSolve, modeGathered);
    else if (s_.exactRoots())
        s_.solveConsistent(tg, false, s_.samplingTolerance(), modeGathered);
}

[[noreturn]] void IdaIntegrator::failIntegration(int flag, double t)
{
    double h = 0;
    IDAGetCurrentStep(ida_.get(), &h); // the step that failed; the last successful one may be none
    std::string msg = "integration failed " + solve::plainIdaFailure(flag, t, h, s_.lastSolverMessage_);
    std::vector<std::string> culprits;
    // Name the equations that gave the non-finite values.
    if (flag == IDA_RES_FAIL || flag == IDA_REP_RES_ERR || flag == IDA_FIRST_RES_FAIL) {
        copyOut();
        std::vector<double> f(static_cast<size_t>(s_.n_));
        s_.residual(t, s_.y_.data(), s_.yp_.data(), f.data(), false);
        s_.computeValues(t, s_.y_.data(), s_.yp_.data());
        std::string rows;
        std::vector<std::string> named;
        for (int32_t i = 0; i < s_.n_; ++i)
            if (!std::isfinite(f[static_cast<size_t>(i)])) {
                const std::string origin = s_.nonFiniteOrigin(s_.m_.eqOrigins[static_cast<size_t>(i)]);
                if (std::find(named.begin(), named.end(), origin) != named.end())
                    continue;
                named.push_back(origin);
                rows += (rows.empty() ? "" : "; ") + s_.withSource(origin);
                for (auto& name : instancesOf(origin))
                    culprits.push_back(std::move(name));
            }
        if (rows.empty() && s_.nonFiniteRow_ >= 0) { // fine at t, not at the trial points past it
            rows = s_.withSource(s_.nonFiniteOrigin_) + " at t = " + fmt(s_.nonFiniteTime_) + " s";
            culprits = instancesOf(s_.nonFiniteOrigin_);
        }
        if (!rows.empty()) // the model's equations give NaN or infinity: the model is at fault
            throw badInput(msg + "; in equation " + rows).about(culprits).at(t);
    }
    // A step that shrank to nothing: a stiff part of the model (a spring with c = 1e23)
    // is the likeliest cause, so name the stiffest equations and their parameters.
    if ((flag == IDA_ERR_FAIL || flag == IDA_CONV_FAIL) && s_.n_ > 0) {
        copyOut();
        msg += ". The stiffest equations (check their parameters):" + s_.stiffestEquations(t, culprits);
    }
    throw simulationFailed(msg).about(culprits).at(t);
}

void IdaIntegrator::collectCounters()
{
    long v = 0;
    IDAGetNumSteps(ida_.get(), &v);
    s_.stats_.steps += v;
    IDAGetNumResEvals(ida_.get(), &v);
    s_.stats_.residualEvaluations += v;
    IDAGetNumJacEvals(ida_.get(), &v);
    s_.stats_.jacobianEvaluations += v;
}

} // namespace flange::solve
