// IDA: its set-up, its callbacks (residual, Jacobian, crossing functions), restarts and
// interpolation.
#include "engine/solve/simulation_run.hpp"
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
void Run::rootDistances(double t, const double* y, const double* yp)
{
    double tn = 0;
    if (!exactRoots() || (IDAGetCurrentTime(ida_->mem.get(), &tn) == IDA_SUCCESS && t == tn)) {
        distances(t, y, yp);
        return;
    }
    std::copy(y, y + n_, y_.begin());
    std::copy(yp, yp + n_, yp_.begin());
    try {
        solveConsistent(t, false, samplingTolerance());
        distances(t, y_.data(), yp_.data());
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::Cancelled)
            throw;
        distances(t, y, yp);
    }
}

int Run::idaResidual(double t, N_Vector yy, N_Vector yp, N_Vector rr, void* user)
{
    auto* self = static_cast<Run*>(user);
    double* r = N_VGetArrayPointer(rr);
    self->residual(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp), r, false);
    for (int32_t i = 0; i < self->n_; ++i)
        if (!std::isfinite(r[i])) {
            // Recoverable for IDA (it tries a smaller step), but remembered: if the steps
            // then shrink to nothing, this equation is why, not stiffness.
            self->nonFiniteRow_ = i;
            self->nonFiniteTime_ = t;
            self->computeValues(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp));
            self->nonFiniteOrigin_ = self->nonFiniteOrigin(self->m_.eqOrigins[static_cast<size_t>(i)]);
            return 1;
        }
    return 0;
}

int Run::idaJacobian(double t, double cj, N_Vector yy, N_Vector yp, N_Vector, SUNMatrix J, void* user, N_Vector,
                     N_Vector, N_Vector)
{
    auto* self = static_cast<Run*>(user);
    self->jacobian(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp), false);
    const auto& pat = self->m_.jacPattern;
    std::vector<double>& values = self->jcomb_;
    for (size_t k = 0; k < pat.nnz(); ++k)
        values[k] = self->jy_[k] + cj * self->jyp_[k];
    fillJacobianMatrix(J, pat, values.data());
    return 0;
}

int Run::idaRoots(double t, N_Vector yy, N_Vector yp, double* g, void* user)
{
    auto* self = static_cast<Run*>(user);
    self->rootDistances(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp));
    self->crossingValues(g);
    return 0;
}

// IDA from tStart on, with y_ and yp_ consistent there: t0_, or where the non-stiff start
// handed over (adams_integrator.cpp).
void Run::setupIda(double tStart)
{
    createContext();
    ida_.emplace();
    ida_->y = newSerialVector(n_, ctx_.get());
    useLaneNorms(ida_->y.get()); // IDA clones its own vectors from y in IDAInit
    ida_->yp = newSerialVector(n_, ctx_.get());
    ida_->dkyY = newSerialVector(n_, ctx_.get());
    ida_->dkyYp = newSerialVector(n_, ctx_.get());
    ida_->id = newSerialVector(n_, ctx_.get());
    for (int32_t i = 0; i < n_; ++i)
        NV_Ith_S(ida_->id.get(), i) = m_.slotIsState[static_cast<size_t>(i)] ? 1.0 : 0.0;
    copyIn();
    ida_->mem.reset(IDACreate(ctx_.get()));
    check(IDAInit(ida_->mem.get(), idaResidual, tStart, ida_->y.get(), ida_->yp.get()), "IDAInit");
    IDASetUserData(ida_->mem.get(), this);
    IDASVtolerances(ida_->mem.get(), rtol_, atolv_.get());
    IDASetId(ida_->mem.get(), ida_->id.get());
    // With states only there is nothing to leave out of the error test, and the unmasked
    // norm is the same sum without reading the id vector (a long chain has no algebraics).
    const bool allStates = static_cast<int32_t>(m_.stateSlots.size()) == n_;
    IDASetSuppressAlg(ida_->mem.get(), (opt_.suppressAlgebraicErrors && !allStates) || m_.stateSlots.empty() ? SUNTRUE : SUNFALSE);
    IDASetMaxNumSteps(ida_->mem.get(), 1000000);
    // Without states no error test limits the step; outputs are then solved exactly instead.
    IDASetMaxStep(ida_->mem.get(), m_.stateSlots.empty() ? dt_ : tEnd_ - t0_);
    // The first step. IDA's own is 0.001 of the distance to tout, less where the derivatives
    // are large; in one-step mode tout is the stop time, and over a long span from rest that
    // step fails its error test ten times and IDA gives up at t0: no first step longer than
    // an output interval (restartStep). From rest, with every state's derivative zero, IDA
    // has nothing to size the step by, and a step that divides the half period of a sine
    // source starting at zero (First over 10^4 s at 0.1 s output) sees only the sine's
    // zeros: the steps grow past the oscillation and the result is wrong without an error.
    // From rest the first step is IDA's for a tout one output interval away (a thousandth
    // of it, as DASSL takes for its first output point).
    startsFromRest_ = tStart == t0_ && std::all_of(m_.stateSlots.begin(), m_.stateSlots.end(),
                                  [&](int32_t s) { return yp_[static_cast<size_t>(s)] == 0.0; });
    IDASetInitStep(ida_->mem.get(), startsFromRest_ || tStart != t0_ ? 0.0 : restartStep());
    IDASetErrHandlerFn(ida_->mem.get(), [](int, const char*, const char*, char* msg, void* user) {
        static_cast<Run*>(user)->lastSolverMessage_ = msg ? msg : "";
    }, this);
    ida_->A.reset(newJacobianMatrix(m_.jacPattern, ctx_.get()));
    ida_->ls.reset(newLinearSolver(ida_->y.get(), ida_->A.get(), m_.jacPattern, ctx_.get()));
    IDASetLinearSolver(ida_->mem.get(), ida_->ls.get(), ida_->A.get());
    IDASetJacFn(ida_->mem.get(), idaJacobian);
    if (!stateRelations_.empty()) {
        IDARootInit(ida_->mem.get(), static_cast<int>(stateRelations_.size()), idaRoots);
        IDASetNoInactiveRootWarn(ida_->mem.get());
    }
}

// The `tout` of a one-step call: the first from rest (see setupIda) gives IDA the span to
// size its first step by; in one-step mode tout is otherwise unused.
double Run::firstStepTout(double t, double tStop) const
{
    long steps = 0;
    if (!startsFromRest_ || t != t0_ || IDAGetNumSteps(ida_->mem.get(), &steps) != IDA_SUCCESS || steps != 0)
        return tStop;
    return std::min(tStop, t + dt_);
}

void Run::copyIn()
{
    for (int32_t i = 0; i < n_; ++i) {
        NV_Ith_S(ida_->y.get(), i) = y_[static_cast<size_t>(i)];
        NV_Ith_S(ida_->yp.get(), i) = yp_[static_cast<size_t>(i)];
    }
}

void Run::copyOut()
{
    for (int32_t i = 0; i < n_; ++i) {
        y_[static_cast<size_t>(i)] = NV_Ith_S(ida_->y.get(), i);
        yp_[static_cast<size_t>(i)] = NV_Ith_S(ida_->yp.get(), i);
    }
}

// The solution at time tg inside the step just taken: IDA's interpolant, with the
// algebraic unknowns solved from it where the crossing functions read them. forRow: an
// output point, whose derivatives and algebraics need no interpolated start when the
// solve is one exact step (NewtonProblem::affine); an event found there interpolates again.
void Run::interpolateAt(double tg, bool forRow)
{
    if (n_ == 0)
        return; // the relations read time and discrete values only
    if (adams_) {
        adams_->at(tg);
        return;
    }
    const bool solve = m_.stateSlots.empty() || *opt_.exactAlgebraicOutputs || exactRoots();
    const bool startAnywhere = forRow && solve && consistent_ && consistent_->oneStepExact(consistentMode());
    const bool modeGathered = forRow && solve && consistent_; // and unchanged until the solve below
    check(IDAGetDky(ida_->mem.get(), tg, 0, ida_->dkyY.get()), "IDAGetDky");
    if (!startAnywhere)
        check(IDAGetDky(ida_->mem.get(), tg, 1, ida_->dkyYp.get()), "IDAGetDky");
    for (int32_t i = 0; i < n_; ++i)
        y_[static_cast<size_t>(i)] = NV_Ith_S(ida_->dkyY.get(), i);
    if (!startAnywhere)
        for (int32_t i = 0; i < n_; ++i)
            yp_[static_cast<size_t>(i)] = NV_Ith_S(ida_->dkyYp.get(), i);
    if (m_.stateSlots.empty() || *opt_.exactAlgebraicOutputs)
        solveConsistent(tg, m_.stateSlots.empty(), kEventSolve, modeGathered);
    else if (exactRoots())
        solveConsistent(tg, false, samplingTolerance(), modeGathered);
}

[[noreturn]] void Run::failIntegration(int flag, double t)
{
    double h = 0;
    IDAGetCurrentStep(ida_->mem.get(), &h); // the step that failed; the last successful one may be none
    std::string msg = "integration failed " + solve::plainIdaFailure(flag, t, h, lastSolverMessage_);
    std::vector<std::string> culprits;
    // Name the equations that gave the non-finite values.
    if (flag == IDA_RES_FAIL || flag == IDA_REP_RES_ERR || flag == IDA_FIRST_RES_FAIL) {
        copyOut();
        std::vector<double> f(static_cast<size_t>(n_));
        residual(t, y_.data(), yp_.data(), f.data(), false);
        computeValues(t, y_.data(), yp_.data());
        std::string rows;
        std::vector<std::string> named;
        for (int32_t i = 0; i < n_; ++i)
            if (!std::isfinite(f[static_cast<size_t>(i)])) {
                const std::string origin = nonFiniteOrigin(m_.eqOrigins[static_cast<size_t>(i)]);
                if (std::find(named.begin(), named.end(), origin) != named.end())
                    continue;
                named.push_back(origin);
                rows += (rows.empty() ? "" : "; ") + withSource(origin);
                for (auto& name : instancesOf(origin))
                    culprits.push_back(std::move(name));
            }
        if (rows.empty() && nonFiniteRow_ >= 0) { // fine at t, not at the trial points past it
            rows = withSource(nonFiniteOrigin_) + " at t = " + fmt(nonFiniteTime_) + " s";
            culprits = instancesOf(nonFiniteOrigin_);
        }
        if (!rows.empty()) // the model's equations give NaN or infinity: the model is at fault
            throw badInput(msg + "; in equation " + rows).about(culprits).at(t);
    }
    // A step that shrank to nothing: a stiff part of the model (a spring with c = 1e23)
    // is the likeliest cause, so name the stiffest equations and their parameters.
    if ((flag == IDA_ERR_FAIL || flag == IDA_CONV_FAIL) && n_ > 0)
        msg += ". The stiffest equations (check their parameters):" + stiffestEquations(t, culprits);
    throw simulationFailed(msg).about(culprits).at(t);
}

void Run::collectCounters()
{
    if (!ida_)
        return;
    long v = 0;
    IDAGetNumSteps(ida_->mem.get(), &v);
    stats_.steps += v;
    IDAGetNumResEvals(ida_->mem.get(), &v);
    stats_.residualEvaluations += v;
    IDAGetNumJacEvals(ida_->mem.get(), &v);
    stats_.jacobianEvaluations += v;
}

} // namespace flange::solve
