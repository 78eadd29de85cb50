// The continuous part of a run: the tapes evaluated for IDA (residual, Jacobian, crossing
// functions), IDA's set-up, restarts and interpolation, and the solve of the algebraic
// unknowns and derivatives with the states held.
#include "engine/solve/simulation_run.hpp"
#include "engine/solve/block_solve.hpp"
#include "engine/solve/ida_messages.hpp"
#include "engine/solve/sundials_matrix.hpp"
#include "engine/solve/vector_norms.hpp"

#include <ida/ida.h>

#include <algorithm>
#include <cmath>

namespace flange::solve {

codegen::TapeInputs Run::inputs(double t, bool initial) const
{
    codegen::TapeInputs in;
    in.y = y_.data();
    in.yp = yp_.data();
    in.disc = disc_.data();
    in.pre = pre_.data();
    in.rel = rel_.data();
    in.time = t;
    in.initial = initial ? 1.0 : 0.0;
    return in;
}

void Run::residual(double t, const double* y, const double* yp, double* out, bool initial)
{
    codegen::TapeInputs in = inputs(t, initial);
    in.y = y;
    in.yp = yp;
    in.out[0] = out;
    m_.residual.run(in, resRegs_.data());
}

void Run::jacobian(double t, const double* y, const double* yp, bool initial)
{
    codegen::TapeInputs in = inputs(t, initial);
    in.y = y;
    in.yp = yp;
    in.out[0] = jy_.data();
    in.out[1] = jyp_.data();
    m_.jacobian.run(in, jacRegs_.data());
}

void Run::computeValues(double t, const double* y, const double* yp, bool initial)
{
    if (computed_.empty())
        return;
    codegen::TapeInputs in = inputs(t, initial);
    in.y = y;
    in.yp = yp;
    in.out[0] = computed_.data();
    m_.computed.run(in, computedRegs_.data());
}

// The equation to name for a residual row that is not finite, after computeValues() at
// the same point: the first computed unknown that is not finite is where the NaN or
// infinity arose (the ones it reads come before it and are finite), else the row itself.
std::string Run::nonFiniteOrigin(const std::string& rowOrigin) const
{
    for (size_t k = 0; k < computed_.size(); ++k)
        if (!std::isfinite(computed_[k]))
            return m_.computedOrigins[k];
    return rowOrigin;
}

void Run::distances(double t, const double* y, const double* yp)
{
    if (dist_.empty())
        return;
    codegen::TapeInputs in = inputs(t, false);
    in.y = y;
    in.yp = yp;
    in.out[0] = dist_.data();
    m_.crossing.run(in, crossRegs_.data());
}

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

// Algebraic unknowns and state derivatives with states held fixed: after an event, and
// at output points when exact algebraic outputs are asked for (SimulationOptions).
// tolerance: on the residuals; the points between steps need only the accuracy of the
// interpolated states they start from (see samplingTolerance).
void Run::solveConsistent(double t, bool freshJacobian, double tolerance, bool modeGathered)
{
    if (n_ == 0)
        return; // nothing to solve: the model holds constants and discrete values only
    if (!freshJacobian && exactConsistentStep(t, tolerance, modeGathered))
        return;
    if (!consistent_) {
        const auto& pat = m_.jacPattern;
        solve::NewtonProblem prob;
        prob.pattern = pat;
        prob.residual = [this](const double* z, double* f) {
            unpackConsistent(z);
            residual(consistentTime_, y_.data(), yp_.data(), f, false);
            return true;
        };
        prob.jacobian = [this](const double* z, double* values) {
            unpackConsistent(z);
            jacobian(consistentTime_, y_.data(), yp_.data(), false);
            const auto& p = m_.jacPattern;
            for (int32_t c = 0; c < p.cols; ++c)
                for (int32_t k = p.colPtr[static_cast<size_t>(c)]; k < p.colPtr[static_cast<size_t>(c) + 1]; ++k)
                    values[k] = m_.slotIsState[static_cast<size_t>(c)] ? jyp_[static_cast<size_t>(k)]
                                                                       : jy_[static_cast<size_t>(k)];
        };
        prob.scale = m_.nominal;
        prob.cancelled = [this] { return sink_.cancelled(); };
        prob.affine = m_.consistentAffinity.affine;
        consistentProblem_ = prob;
        consistent_ = std::make_unique<solve::NewtonSolver>(std::move(prob));
        consistentZ_.resize(static_cast<size_t>(n_));
    }
    consistentTime_ = t;
    for (int32_t i = 0; i < n_; ++i)
        consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
    solve::NewtonResult r =
        consistent_->solve(consistentZ_, tolerance, freshJacobian, modeGathered ? consistentMode_ : consistentMode());
    throwIfCancelled(r.cancelled, t, "simulation");
    if (!r.converged) {
        // Singular but consistent (two friction elements stuck in series): block by block.
        for (int32_t i = 0; i < n_; ++i)
            consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
        throwIfCancelled(solve::solveByBlocks(consistentProblem_, consistentZ_, 50, 1e-12).cancelled, t, "simulation");
        r.converged = solve::residualBelow(consistentProblem_, consistentZ_, kEventSolve);
    }
    if (!r.converged) {
        // Stuck chains too large for the block pass (HeatLosses: a clutch, a one-way clutch
        // and a brake behind a stuck lossy gear): once more, now that the linear solver has
        // seen the singular matrix and solves it rank-revealing (singular_fallback_solver.hpp).
        for (int32_t i = 0; i < n_; ++i)
            consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
        r = consistent_->solve(consistentZ_, tolerance, true, consistentMode());
        throwIfCancelled(r.cancelled, t, "simulation");
    }
    // A singular matrix solved by the rank-revealing fallback leaves the undetermined
    // unknowns at their start values, which differ from solve to solve: only IDA,
    // integrating them, keeps them continuous, and the Adams methods hand over. (The
    // block pass's least-norm solution does not depend on the start.)
    singularSeen_ = singularSeen_ || consistent_->singular();
    if (!r.converged) {
        checkDerivativesDetermined(t, true);
        throw simulationFailed("at t = " + fmt(t) + ": the equations could not be solved with the states held: " +
                               r.message)
            .at(t);
    }
    unpackConsistent(consistentZ_.data());
}

// solveConsistent's one exact step on the kept factorization of an affine model (the
// Adams methods' right-hand sides, their output points and crossing solves), without
// packing the unknowns into the solver's vector and back: the residual reads y_ and yp_
// as they are and the correction lands in them. On the 10,000-inertia chain the packing
// and unpacking were as many passes over the unknowns as the rest of a right-hand side.
// The same arithmetic as NewtonSolver::solve, so bit for bit the same result; false where
// that solve would not take this step (it then runs as before).
bool Run::exactConsistentStep(double t, double tolerance, bool modeGathered)
{
    if (!consistent_ || sink_.cancelled() || !consistent_->oneStepExact(modeGathered ? consistentMode_ : consistentMode()))
        return false;
    double* f = consistent_->beginExactStep();
    residual(t, y_.data(), yp_.data(), f, false);
    double norm = 0;
    if (!maxAbsIfFinite(f, static_cast<size_t>(n_), norm))
        return false;
    consistentTime_ = t;
    if (norm > tolerance) { // else the start is the solution, as the solve would accept it
        const double* d = consistent_->exactCorrection(norm, tolerance);
        if (!d)
            return false;
        // The general path does not take a step to non-finite values: checked before any is written.
        if (onlyStatesInOrder_) {
            double* z = yp_.data();
            if (!differencesFinite(z, d, static_cast<size_t>(n_)))
                return false;
            for (int32_t i = 0; i < n_; ++i)
                z[i] -= d[i];
        } else {
            for (int32_t i = 0; i < n_; ++i)
                if (!std::isfinite((m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] - d[i]))
                    return false;
            for (int32_t i = 0; i < n_; ++i)
                (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] -= d[i];
        }
    }
    singularSeen_ = singularSeen_ || consistent_->singular();
    return true;
}

// The values the consistent solve's Jacobian depends on, when it is affine (NewtonProblem).
const std::vector<double>& Run::consistentMode()
{
    const codegen::Affinity& a = m_.consistentAffinity;
    consistentMode_.clear();
    if (!a.affine)
        return consistentMode_;
    for (int32_t v : a.disc)
        consistentMode_.push_back(disc_[static_cast<size_t>(v)]);
    for (int32_t v : a.pre)
        consistentMode_.push_back(pre_[static_cast<size_t>(v)]);
    for (int32_t k : a.rel)
        consistentMode_.push_back(rel_[static_cast<size_t>(k)]);
    return consistentMode_;
}

void Run::unpackConsistent(const double* z)
{
    for (int32_t i = 0; i < n_; ++i)
        (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] = z[i];
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

// The SUNDIALS context and the absolute tolerances, shared by IDA and the non-stiff start.
void Run::createContext()
{
    if (ctx_)
        return;
    ctx_ = newContext();
    atolv_ = newSerialVector(n_, ctx_.get());
    for (int32_t i = 0; i < n_; ++i)
        // abstol_i = reltol * nominal_i, as Dymola's DASSL: the error test is then relative
        // for values above their nominal and absolute at rtol * nominal below it. The MSL
        // user's guide's 0.01 * reltol * nominal_i made IDA take more steps than Dymola
        // for no gain against the references (docs/performance.md).
        NV_Ith_S(atolv_.get(), i) = rtol_ * m_.nominal[static_cast<size_t>(i)];
}

// IDA from tStart on, with y_ and yp_ consistent there: t0_, or where the non-stiff start
// handed over (adams_integration.cpp).
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

void Run::check(int flag, const char* what)
{
    if (flag < 0)
        throw simulationFailed(std::string(what) + " failed: " + lastSolverMessage_);
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
        adamsAt(tg);
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
