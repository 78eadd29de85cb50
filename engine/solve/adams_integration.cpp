// The non-stiff start. Between its events a model is an ODE in its states, y' = f(t, y):
// f is the consistent solve for the derivatives and the algebraic unknowns with the states
// held (for mechanics affine, so one step on a kept factorization). CVODE's Adams methods
// integrate it by fixed-point iteration, with no Jacobian and no linear solve with an
// iteration matrix, at orders above BDF's 5: the 10,000-inertia chain takes 688 steps
// instead of IDA's 975, CoupledClutches 345 instead of 554 (docs/performance.md). LSODA
// starts the same way. CVODE stops at time events and finds state events' crossings
// (adamsRoots); the event iteration and the rows are those of the IDA loop
// (simulation.cpp), and the Adams methods start again from the right limit. Where the
// model turns stiff, the fixed-point iteration stops converging at the step sizes accuracy
// would allow, steps fail, and IDA goes on from there to the end; where a stuck chain
// leaves unknowns undetermined, IDA goes on until an event determines them again; a
// model stiff at the start begins with IDA.
#include "engine/solve/simulation_run.hpp"
#include "engine/solve/vector_norms.hpp"

#include <cvode/cvode.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace flange::solve {

namespace {

// Turned stiff: of kWindow steps in a row, kFailures or more failed a convergence or error
// test and were retried smaller. A non-stiff model fails one now and then, where a step
// grew too long; a stiff one fails again each time accuracy lets the step grow.
constexpr long kWindow = 50;
constexpr long kFailures = 10;

// Stiff from the start: the fastest mode times the span above this. Adams methods need at
// least about that many steps for their stability alone, and they resolve a fast
// oscillation (a spring of 1e23 N/m) that IDA's BDF damps and steps over; IDA then cannot
// go on from such a state either. The 10,000 chain: 69 per second (estimated) over 1 s.
constexpr double kMostModesOverSpan = 1e4;
constexpr int kRateIterations = 12;

// The consistent solves for crossing functions and output points. A friction element's
// relations have hystereses of 1e-10 and less; under IDA its algebraic unknowns are
// continuous within a step, but here each comes from its own solve, and a solve's error
// at the 1e-9 of output points is noise larger than the hysteresis: relations no one
// reads cross back and forth (LossyGearDemo2 chattered) and read ones cross where IDA's
// do not (CoupledClutches, Rotational Friction, OneWayClutchDisengaged had an event
// more than Dymola's). A tolerance below round-off makes the solve take its one exact
// step on a kept factorization (NewtonSolver::oneStepExact) instead of accepting its start;
// without such a factorization (the first solve in a new mode, small pivots) the solve
// iterates to the tolerance of the solves after events, which it can reach.
constexpr double kExactSolve = 1e-13;

} // namespace

// Events are allowed: CVODE stops at time events and finds the crossings of state events
// (adamsRoots); the event iteration runs as under IDA and the Adams methods start again
// from the right limit. Algebraic unknowns (the torques of a gear's loop, a stuck clutch's
// torque) are allowed too: CVODE integrates the states, and the consistent solve gives the
// algebraic unknowns with the derivatives.
bool Run::adamsEligible()
{
    if (!*opt_.nonStiffStart || m_.stateSlots.empty() || !m_.whens.empty())
        return false;
    // Crossing functions read algebraic unknowns solved exactly (kExactSolve): one step
    // where the solve is affine. Where it is not, they iterate, to round-off or to
    // kEventSolve, and either costs more than IDA saves: Rotational HeatLosses, whose loss
    // tables multiply the torques, took 84-137 ms and 49-50 ms against IDA's 27.
    if (!stateRelations_.empty() && !m_.consistentAffinity.affine)
        return false;
    stats_.fastestRate = fastestRate(t0_);
    return stats_.fastestRate * (tEnd_ - t0_) <= kMostModesOverSpan;
}

// The magnitude of the fastest mode of y' = f(t, y) at t, from y_ (consistent there): a
// power iteration on df/dy, each product a difference of two right-hand sides, in units of
// the states' nominal values. Infinite where a right-hand side cannot be evaluated. y_ and
// yp_ are as they were on return.
double Run::fastestRate(double t)
{
    const size_t ns = m_.stateSlots.size();
    const std::vector<double> y0 = y_, yp0 = yp_;
    auto rates = [&](const std::vector<double>& states, std::vector<double>& out) {
        return derivativesAt(t, states.data(), out.data());
    };
    std::vector<double> scale(ns), s0(ns), f0(ns), s(ns), f(ns), v(ns);
    for (size_t i = 0; i < ns; ++i) {
        scale[i] = m_.nominal[static_cast<size_t>(m_.stateSlots[i])];
        s0[i] = y0[static_cast<size_t>(m_.stateSlots[i])];
        v[i] = (i % 2 != 0 ? 1.0 : -1.0) * (1.0 + 0.1 * static_cast<double>(i % 7)); // no mode left out by symmetry
    }
    auto normalise = [](std::vector<double>& x) {
        double sum = 0;
        for (double e : x)
            sum += e * e;
        const double norm = std::sqrt(sum);
        if (norm > 0)
            for (double& e : x)
                e /= norm;
        return norm;
    };
    normalise(v);
    double rate = INFINITY;
    if (rates(s0, f0)) {
        constexpr double kStep = 1e-7; // of each state's nominal value
        double logSum = 0;
        int counted = 0;
        for (int k = 0; k < kRateIterations; ++k) {
            for (size_t i = 0; i < ns; ++i)
                s[i] = s0[i] + kStep * scale[i] * v[i];
            if (!rates(s, f)) {
                counted = -1;
                break;
            }
            for (size_t i = 0; i < ns; ++i)
                v[i] = (f[i] - f0[i]) / (kStep * scale[i]);
            const double norm = normalise(v);
            if (norm == 0) {
                counted = 0;
                logSum = 0;
                break;
            }
            if (k >= kRateIterations - 4) { // the last four: a complex pair's norms alternate
                logSum += std::log(norm);
                ++counted;
            }
        }
        rate = counted < 0 ? INFINITY : counted == 0 ? 0.0 : std::exp(logSum / counted);
    }
    y_ = y0;
    yp_ = yp0;
    return rate;
}

// CVODE's vector holds the states alone, in the order of CompiledModel::stateSlots.
void Run::statesToAdams(N_Vector v) const
{
    double* a = N_VGetArrayPointer(v);
    for (size_t i = 0; i < m_.stateSlots.size(); ++i)
        a[i] = y_[static_cast<size_t>(m_.stateSlots[i])];
}

void Run::statesFromAdams(const double* a)
{
    if (onlyStatesInOrder_) {
        std::copy(a, a + n_, y_.begin());
        return;
    }
    for (size_t i = 0; i < m_.stateSlots.size(); ++i)
        y_[static_cast<size_t>(m_.stateSlots[i])] = a[i];
}

// f(t, states) into rates: the consistent solve with the states held (the algebraic
// unknowns keep their last values, the solve's start). False where the solve fails or a
// derivative is not finite; a cancellation is thrown.
bool Run::derivativesAt(double t, const double* states, double* rates)
{
    statesFromAdams(states);
    try {
        // The tolerance of the solves after events, not the looser one of output points:
        // these derivatives are what CVODE integrates (an affine model's solve is exact).
        solveConsistent(t, false);
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::Cancelled)
            throw;
        return false;
    }
    const size_t count = m_.stateSlots.size();
    if (onlyStatesInOrder_)
        std::copy(yp_.begin(), yp_.end(), rates);
    else
        for (size_t i = 0; i < count; ++i)
            rates[i] = yp_[static_cast<size_t>(m_.stateSlots[i])];
    double largest = 0;
    return maxAbsIfFinite(rates, count, largest);
}

// Nothing is thrown through CVODE's C frames: a cancellation is kept for the loop to
// rethrow; a solve that fails, or derivatives that are not finite, make CVODE try a
// smaller step, and where it cannot, the loop reports the equation or hands over to IDA.
int Run::adamsRhs(double t, N_Vector y, N_Vector ydot, void* user)
{
    auto* self = static_cast<Run*>(user);
    try {
        if (self->derivativesAt(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot)))
            return 0;
    } catch (...) {
        self->adamsFailure_ = std::current_exception();
        return -1;
    }
    self->noteNonFinite(t);
    return 1;
}

// The equation whose residual is not finite at t with y_ and yp_, remembered as IDA's
// residual does (nonFiniteRow_), for the message if the steps cannot get past t.
void Run::noteNonFinite(double t)
{
    std::vector<double> f(static_cast<size_t>(n_));
    residual(t, y_.data(), yp_.data(), f.data(), false);
    for (int32_t i = 0; i < n_; ++i)
        if (!std::isfinite(f[static_cast<size_t>(i)])) {
            nonFiniteRow_ = i;
            nonFiniteTime_ = t;
            computeValues(t, y_.data(), yp_.data());
            nonFiniteOrigin_ = nonFiniteOrigin(m_.eqOrigins[static_cast<size_t>(i)]);
            ++adamsNonFinite_;
            return;
        }
}

void Run::setupAdams(double tStart)
{
    createContext();
    adamsStartY_ = y_;
    adamsStartYp_ = yp_;
    adamsSegmentStart_ = tStart;
    const auto states = static_cast<sunindextype>(m_.stateSlots.size());
    adams_.emplace();
    adams_->y = newSerialVector(states, ctx_.get());
    adams_->dky = newSerialVector(states, ctx_.get());
    adams_->atol = newSerialVector(states, ctx_.get());
    useLaneNorms(adams_->y.get()); // CVODE clones its own vectors from y in CVodeInit
    statesToAdams(adams_->y.get());
    for (sunindextype i = 0; i < states; ++i)
        NV_Ith_S(adams_->atol.get(), i) = NV_Ith_S(atolv_.get(), m_.stateSlots[static_cast<size_t>(i)]);
    // The algebraic unknowns between steps and at output points come from a solve; with
    // none, the derivatives at output points come from the interpolant, as IDA's rows take them.
    adamsAlgebraic_ = static_cast<int32_t>(m_.stateSlots.size()) < n_;
    adams_->mem.reset(CVodeCreate(CV_ADAMS, ctx_.get()));
    check(adams_->mem ? CVodeInit(adams_->mem.get(), adamsRhs, tStart, adams_->y.get()) : -1, "CVodeInit");
    CVodeSetUserData(adams_->mem.get(), this);
    CVodeSVtolerances(adams_->mem.get(), rtol_, adams_->atol.get());
    adams_->fixedPoint.reset(SUNNonlinSol_FixedPoint(adams_->y.get(), 0, ctx_.get()));
    CVodeSetNonlinearSolver(adams_->mem.get(), adams_->fixedPoint.get());
    CVodeSetMaxStep(adams_->mem.get(), tEnd_ - t0_);
    CVodeSetErrHandlerFn(adams_->mem.get(), [](int, const char*, const char*, char* msg, void* user) {
        static_cast<Run*>(user)->lastSolverMessage_ = msg ? msg : "";
    }, this);
    if (!stateRelations_.empty()) {
        check(CVodeRootInit(adams_->mem.get(), static_cast<int>(stateRelations_.size()), adamsRoots), "CVodeRootInit");
        CVodeSetNoInactiveRootWarn(adams_->mem.get());
    }
    windowSteps_ = windowFailures_ = 0;
    windowNonFinite_ = adamsNonFinite_;
    adamsTinySteps_ = 0;
    tinyNonFinite_ = adamsNonFinite_;
    adamsStiff_ = false;
    singularSeen_ = false;
}

int Run::adamsStep(double t, double tStop, double& tret)
{
    if (adamsStiff_ || singularSeen_)
        return kHandOverToIda;
    CVodeSetStopTime(adams_->mem.get(), tStop);
    // In one-step mode tout only sizes the first step of a start or restart: by the first
    // output interval, as IDA's.
    const double tout = t == adamsSegmentStart_ ? std::min(tStop, t + dt_) : tStop;
    tret = t;
    const int flag = CVode(adams_->mem.get(), tout, adams_->y.get(), &tret, CV_ONE_STEP);
    if (adamsFailure_)
        std::rethrow_exception(std::exchange(adamsFailure_, nullptr));
    if (flag < 0) {
        if (nonFiniteRow_ >= 0) {
            double reached = t;
            CVodeGetCurrentTime(adams_->mem.get(), &reached);
            failNonFinite(reached);
        }
        return kHandOverToIda; // IDA goes on from the last step, and says why if it cannot
    }
    nonFiniteRow_ = -1;
    checkLimits(tret);
    // Steps that stay tiny (SimulationOptions::stiffStep*) are stiffness for IDA to take
    // on, unless they shrank against values that are not finite: the model's fault. This
    // step is still taken (its rows, its crossing); IDA starts at its end.
    double h = 0;
    CVodeGetLastStep(adams_->mem.get(), &h);
    if (std::fabs(h) >= opt_.stiffStepFraction * (tEnd_ - t0_)) {
        adamsTinySteps_ = 0;
        tinyNonFinite_ = adamsNonFinite_;
    } else if (++adamsTinySteps_ >= opt_.stiffStepCount) {
        if (adamsNonFinite_ != tinyNonFinite_)
            failNonFinite(tret);
        adamsStiff_ = true;
    }
    long steps = 0;
    CVodeGetNumSteps(adams_->mem.get(), &steps);
    if (steps - windowSteps_ >= kWindow) {
        // Steps cut because the values were not finite are the model's, not stiffness:
        // CVODE goes on until it cannot get past them, and the run stops naming the equation.
        long convergence = 0, error = 0;
        CVodeGetNumNonlinSolvConvFails(adams_->mem.get(), &convergence);
        CVodeGetNumErrTestFails(adams_->mem.get(), &error);
        if (convergence + error - windowFailures_ >= kFailures && adamsNonFinite_ == windowNonFinite_)
            adamsStiff_ = stabilityLimited(tret, h);
        windowSteps_ = steps;
        windowFailures_ = convergence + error;
        windowNonFinite_ = adamsNonFinite_;
    }
    return flag;
}

// Failed steps are stiffness only where the step is as long as the fastest mode lets the
// Adams methods go. A model with frequent events fails steps for accuracy, restarting at
// order 1 after each event, at steps far shorter: fastest mode times step 0.005 in
// Rotational HeatLosses, 0.03 in ElastoGap, 0.08 in the gallery's TwoGearboxes, against
// 1.3 for an overdamped oscillator that is stiff (test_nonstiff_start.cpp).
bool Run::stabilityLimited(double t, double h)
{
    constexpr double kStabilityLimitedStep = 0.25;
    adamsAt(t);
    return fastestRate(t) * std::fabs(h) >= kStabilityLimitedStep;
}

// The solution at tg in the last step: the states from CVODE's interpolant; the
// derivatives too when there is nothing to solve, else solved with the algebraic unknowns.
void Run::adamsAt(double tg)
{
    CVodeGetDky(adams_->mem.get(), tg, 0, adams_->dky.get());
    statesFromAdams(N_VGetArrayPointer(adams_->dky.get()));
    if (adamsAlgebraic_ || exactRoots()) {
        if (!stateRelations_.empty())
            solveForCrossings(tg);
        else
            solveConsistent(tg, false, *opt_.exactAlgebraicOutputs ? kEventSolve : samplingTolerance()); // as IDA's rows
        return;
    }
    CVodeGetDky(adams_->mem.get(), tg, 1, adams_->dky.get());
    const double* d = N_VGetArrayPointer(adams_->dky.get());
    for (size_t i = 0; i < m_.stateSlots.size(); ++i)
        yp_[static_cast<size_t>(m_.stateSlots[i])] = d[i];
}

// The algebraic unknowns at t for the crossing functions, from the states in y_ (kExactSolve).
void Run::solveForCrossings(double t)
{
    const bool exact = consistent_ && consistent_->oneStepExact(consistentMode());
    solveConsistent(t, false, exact ? kExactSolve : kEventSolve, consistent_ != nullptr);
}

// After an event: the Adams methods start again from the right limit (CVODE's counters
// with them).
void Run::restartAdams(double t)
{
    collectAdamsCounters();
    statesToAdams(adams_->y.get());
    check(CVodeReInit(adams_->mem.get(), t, adams_->y.get()), "CVodeReInit");
    adamsStartY_ = y_;
    adamsStartYp_ = yp_;
    adamsSegmentStart_ = t;
    windowSteps_ = windowFailures_ = 0;
}

// The crossing functions at (t, states), with the algebraic unknowns and derivatives
// solved there, as IDA's at points inside a step (rootDistances).
int Run::adamsRoots(double t, N_Vector y, double* g, void* user)
{
    auto* self = static_cast<Run*>(user);
    try {
        self->statesFromAdams(N_VGetArrayPointer(y));
        self->solveForCrossings(t);
        self->distances(t, self->y_.data(), self->yp_.data());
        self->crossingValues(g);
        return 0;
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::Cancelled) { // as IDA's: the values the solve left
            self->distances(t, self->y_.data(), self->yp_.data());
            self->crossingValues(g);
            return 0;
        }
        self->adamsFailure_ = std::current_exception();
    } catch (...) {
        self->adamsFailure_ = std::current_exception();
    }
    return -1;
}

double Run::handOverToIda()
{
    double tc = adamsSegmentStart_;
    CVodeGetCurrentTime(adams_->mem.get(), &tc);
    if (tc > adamsSegmentStart_) {
        CVodeGetDky(adams_->mem.get(), tc, 0, adams_->dky.get());
        statesFromAdams(N_VGetArrayPointer(adams_->dky.get()));
        solveConsistent(tc, true);
    } else {
        y_ = adamsStartY_;
        yp_ = adamsStartYp_;
    }
    collectAdamsCounters();
    adamsResumable_ = singularSeen_ && !adamsStiff_;
    if (stats_.adamsResumes == 0) {
        stats_.adamsUntil = tc;
        stats_.handedOverUndetermined = adamsResumable_;
    }
    adams_.reset();
    setupIda(tc);
    return tc;
}

// After an event under IDA that took over for a singular stretch: where the new mode's
// equations determine every unknown again (the stuck chain broke loose), the Adams methods
// go on from the right limit.
bool Run::resumeAdams(double t)
{
    if (!adamsResumable_ || !consistent_ || consistent_->singular())
        return false;
    collectCounters();
    ida_.reset();
    setupAdams(t);
    ++stats_.adamsResumes;
    return true;
}

void Run::collectAdamsCounters()
{
    long steps = 0, rhs = 0;
    CVodeGetNumSteps(adams_->mem.get(), &steps);
    CVodeGetNumRhsEvals(adams_->mem.get(), &rhs);
    stats_.steps += steps;
    stats_.adamsSteps += steps;
    stats_.residualEvaluations += rhs;
}

} // namespace flange::solve
