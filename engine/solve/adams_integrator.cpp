// The non-stiff start. Between its events a model is an ODE in its states, y' = f(t, y):
// f is the consistent solve for the derivatives and the algebraic unknowns with the states
// held (for mechanics affine, so one step on a kept factorization). CVODE's Adams methods
// integrate it by fixed-point iteration, with no Jacobian and no linear solve with an
// iteration matrix, at orders above BDF's 5: the 10,000-inertia chain takes 688 steps
// instead of IDA's 975, CoupledClutches 345 instead of 554 (docs/performance.md). LSODA
// starts the same way. CVODE stops at time events and finds state events' crossings
// (roots); the event iteration and the rows are those of the IDA loop
// (simulation.cpp), and the Adams methods start again from the right limit. Where the
// model turns stiff, the fixed-point iteration stops converging at the step sizes accuracy
// would allow, steps fail, and IDA goes on from there to the end; where a stuck chain
// leaves unknowns undetermined, IDA goes on until an event determines them again; a
// model stiff at the start begins with IDA.
#include "engine/solve/adams_integrator.hpp"
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
// (roots); the event iteration runs as under IDA and the Adams methods start again
// from the right limit. Algebraic unknowns (the torques of a gear's loop, a stuck clutch's
// torque) are allowed too: CVODE integrates the states, and the consistent solve gives the
// algebraic unknowns with the derivatives.
bool AdamsIntegrator::eligible(RunState& s)
{
    if (!*s.opt_.nonStiffStart || s.m_.stateSlots.empty() || !s.m_.whens.empty())
        return false;
    // Crossing functions read algebraic unknowns solved exactly (kExactSolve): one step
    // where the solve is affine. Where it is not, they iterate, to round-off or to
    // kEventSolve, and either costs more than IDA saves: Rotational HeatLosses, whose loss
    // tables multiply the torques, took 84-137 ms and 49-50 ms against IDA's 27.
    if (!s.stateRelations_.empty() && !s.m_.consistentAffinity.affine)
        return false;
    s.stats_.fastestRate = fastestRate(s, s.t0_);
    return s.stats_.fastestRate * (s.tEnd_ - s.t0_) <= kMostModesOverSpan;
}

// The magnitude of the fastest mode of y' = f(t, y) at t, from y_ (consistent there): a
// power iteration on df/dy, each product a difference of two right-hand sides, in units of
// the states' nominal values. Infinite where a right-hand side cannot be evaluated. y_ and
// yp_ are as they were on return.
double AdamsIntegrator::fastestRate(RunState& run, double t)
{
    const size_t ns = run.m_.stateSlots.size();
    const std::vector<double> y0 = run.y_, yp0 = run.yp_;
    auto rates = [&](const std::vector<double>& states, std::vector<double>& out) {
        return derivativesAt(run, t, states.data(), out.data());
    };
    std::vector<double> scale(ns), s0(ns), f0(ns), s(ns), f(ns), v(ns);
    for (size_t i = 0; i < ns; ++i) {
        scale[i] = run.m_.nominal[static_cast<size_t>(run.m_.stateSlots[i])];
        s0[i] = y0[static_cast<size_t>(run.m_.stateSlots[i])];
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
    run.y_ = y0;
    run.yp_ = yp0;
    return rate;
}

// CVODE's vector holds the states alone, in the order of CompiledModel::stateSlots.
void AdamsIntegrator::statesToAdams(N_Vector v) const
{
    double* a = N_VGetArrayPointer(v);
    for (size_t i = 0; i < s_.m_.stateSlots.size(); ++i)
        a[i] = s_.y_[static_cast<size_t>(s_.m_.stateSlots[i])];
}

void AdamsIntegrator::statesFromAdams(RunState& s, const double* a)
{
    if (s.onlyStatesInOrder_) {
        std::copy(a, a + s.n_, s.y_.begin());
        return;
    }
    for (size_t i = 0; i < s.m_.stateSlots.size(); ++i)
        s.y_[static_cast<size_t>(s.m_.stateSlots[i])] = a[i];
}

// f(t, states) into rates: the consistent solve with the states held (the algebraic
// unknowns keep their last values, the solve's start). False where the solve fails or a
// derivative is not finite; a cancellation is thrown.
bool AdamsIntegrator::derivativesAt(RunState& s, double t, const double* states, double* rates)
{
    statesFromAdams(s, states);
    try {
        // The tolerance of the solves after events, not the looser one of output points:
        // these derivatives are what CVODE integrates (an affine model's solve is exact).
        s.solveConsistent(t, false);
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::Cancelled)
            throw;
        return false;
    }
    const size_t count = s.m_.stateSlots.size();
    if (s.onlyStatesInOrder_)
        std::copy(s.yp_.begin(), s.yp_.end(), rates);
    else
        for (size_t i = 0; i < count; ++i)
            rates[i] = s.yp_[static_cast<size_t>(s.m_.stateSlots[i])];
    double largest = 0;
    return maxAbsIfFinite(rates, count, largest);
}

// Nothing is thrown through CVODE's C frames: a cancellation is kept for the loop to
// rethrow; a solve that fails, or derivatives that are not finite, make CVODE try a
// smaller step, and where it cannot, the loop reports the equation or hands over to IDA.
int AdamsIntegrator::rhs(double t, N_Vector y, N_Vector ydot, void* user)
{
    auto* self = static_cast<AdamsIntegrator*>(user);
    try {
        if (derivativesAt(self->s_, t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot)))
            return 0;
    } catch (...) {
        self->failure_ = std::current_exception();
        return -1;
    }
    self->noteNonFinite(t);
    return 1;
}

// The equation whose residual is not finite at t with y_ and yp_, remembered as IDA's
// residual does (nonFiniteRow_), for the message if the steps cannot get past t.
void AdamsIntegrator::noteNonFinite(double t)
{
    std::vector<double> f(static_cast<size_t>(s_.n_));
    s_.residual(t, s_.y_.data(), s_.yp_.data(), f.data(), false);
    for (int32_t i = 0; i < s_.n_; ++i)
        if (!std::isfinite(f[static_cast<size_t>(i)])) {
            s_.nonFiniteRow_ = i;
            s_.nonFiniteTime_ = t;
            s_.computeValues(t, s_.y_.data(), s_.yp_.data());
            s_.nonFiniteOrigin_ = s_.nonFiniteOrigin(s_.m_.eqOrigins[static_cast<size_t>(i)]);
            ++nonFinite_;
            return;
        }
}

AdamsIntegrator::AdamsIntegrator(RunState& s, double tStart) : s_(s)
{
    s_.createContext();
    startY_ = s_.y_;
    startYp_ = s_.yp_;
    segmentStart_ = tStart;
    const auto states = static_cast<sunindextype>(s_.m_.stateSlots.size());
    states_ = newSerialVector(states, s_.ctx_.get());
    dky_ = newSerialVector(states, s_.ctx_.get());
    atol_ = newSerialVector(states, s_.ctx_.get());
    useLaneNorms(states_.get()); // CVODE clones its own vectors from states_ in CVodeInit
    statesToAdams(states_.get());
    for (sunindextype i = 0; i < states; ++i)
        NV_Ith_S(atol_.get(), i) = NV_Ith_S(s_.atolv_.get(), s_.m_.stateSlots[static_cast<size_t>(i)]);
    // The algebraic unknowns between steps and at output points come from a solve; with
    // none, the derivatives at output points come from the interpolant, as IDA's rows take them.
    algebraic_ = static_cast<int32_t>(s_.m_.stateSlots.size()) < s_.n_;
    cvode_.reset(CVodeCreate(CV_ADAMS, s_.ctx_.get()));
    s_.check(cvode_ ? CVodeInit(cvode_.get(), rhs, tStart, states_.get()) : -1, "CVodeInit");
    CVodeSetUserData(cvode_.get(), this);
    CVodeSVtolerances(cvode_.get(), s_.rtol_, atol_.get());
    fixedPoint_.reset(SUNNonlinSol_FixedPoint(states_.get(), 0, s_.ctx_.get()));
    CVodeSetNonlinearSolver(cvode_.get(), fixedPoint_.get());
    CVodeSetMaxStep(cvode_.get(), s_.tEnd_ - s_.t0_);
    CVodeSetErrHandlerFn(cvode_.get(), [](int, const char*, const char*, char* msg, void* user) {
        static_cast<AdamsIntegrator*>(user)->s_.lastSolverMessage_ = msg ? msg : "";
    }, this);
    if (!s_.stateRelations_.empty()) {
        s_.check(CVodeRootInit(cvode_.get(), static_cast<int>(s_.stateRelations_.size()), roots), "CVodeRootInit");
        CVodeSetNoInactiveRootWarn(cvode_.get());
    }
    windowSteps_ = windowFailures_ = 0;
    windowNonFinite_ = nonFinite_;
    tinySteps_ = 0;
    tinyNonFinite_ = nonFinite_;
    stiff_ = false;
    s_.singularSeen_ = false;
}

int AdamsIntegrator::step(double t, double tStop, double& tret)
{
    if (stiff_ || s_.singularSeen_)
        return kHandOverToIda;
    CVodeSetStopTime(cvode_.get(), tStop);
    // In one-step mode tout only sizes the first step of a start or restart: by the first
    // output interval, as IDA's.
    const double tout = t == segmentStart_ ? std::min(tStop, t + s_.dt_) : tStop;
    tret = t;
    const int flag = CVode(cvode_.get(), tout, states_.get(), &tret, CV_ONE_STEP);
    if (failure_)
        std::rethrow_exception(std::exchange(failure_, nullptr));
    if (flag < 0) {
        if (s_.nonFiniteRow_ >= 0) {
            double reached = t;
            CVodeGetCurrentTime(cvode_.get(), &reached);
            s_.failNonFinite(reached);
        }
        return kHandOverToIda; // IDA goes on from the last step, and says why if it cannot
    }
    s_.nonFiniteRow_ = -1;
    s_.checkLimits(tret);
    // Steps that stay tiny (SimulationOptions::stiffStep*) are stiffness for IDA to take
    // on, unless they shrank against values that are not finite: the model's fault. This
    // step is still taken (its rows, its crossing); IDA starts at its end.
    double h = 0;
    CVodeGetLastStep(cvode_.get(), &h);
    if (std::fabs(h) >= s_.opt_.stiffStepFraction * (s_.tEnd_ - s_.t0_)) {
        tinySteps_ = 0;
        tinyNonFinite_ = nonFinite_;
    } else if (++tinySteps_ >= s_.opt_.stiffStepCount) {
        if (nonFinite_ != tinyNonFinite_)
            s_.failNonFinite(tret);
        stiff_ = true;
    }
    long steps = 0;
    CVodeGetNumSteps(cvode_.get(), &steps);
    if (steps - windowSteps_ >= kWindow) {
        // Steps cut because the values were not finite are the model's, not stiffness:
        // CVODE goes on until it cannot get past them, and the run stops naming the equation.
        long convergence = 0, error = 0;
        CVodeGetNumNonlinSolvConvFails(cvode_.get(), &convergence);
        CVodeGetNumErrTestFails(cvode_.get(), &error);
        if (convergence + error - windowFailures_ >= kFailures && nonFinite_ == windowNonFinite_)
            stiff_ = stabilityLimited(tret, h);
        windowSteps_ = steps;
        windowFailures_ = convergence + error;
        windowNonFinite_ = nonFinite_;
    }
    return flag;
}

// Failed steps are stiffness only where the step is as long as the fastest mode lets the
// Adams methods go. A model with frequent events fails steps for accuracy, restarting at
// order 1 after each event, at steps far shorter: fastest mode times step 0.005 in
// Rotational HeatLosses, 0.03 in ElastoGap, 0.08 in the gallery's TwoGearboxes, against
// 1.3 for an overdamped oscillator that is stiff (test_nonstiff_start.cpp).
bool AdamsIntegrator::stabilityLimited(double t, double h)
{
    constexpr double kStabilityLimitedStep = 0.25;
    at(t);
    return fastestRate(s_, t) * std::fabs(h) >= kStabilityLimitedStep;
}

// The solution at tg in the last step: the states from CVODE's interpolant; the
// derivatives too when there is nothing to solve, else solved with the algebraic unknowns.
void AdamsIntegrator::at(double tg)
{
    CVodeGetDky(cvode_.get(), tg, 0, dky_.get());
    statesFromAdams(s_, N_VGetArrayPointer(dky_.get()));
    if (algebraic_ || s_.exactRoots()) {
        if (!s_.stateRelations_.empty())
            solveForCrossings(tg);
        else
            s_.solveConsistent(tg, false, // as IDA's rows
                               *s_.opt_.exactAlgebraicOutputs ? RunState::kEventSolve : s_.samplingTolerance());
        return;
    }
    CVodeGetDky(cvode_.get(), tg, 1, dky_.get());
    const double* d = N_VGetArrayPointer(dky_.get());
    for (size_t i = 0; i < s_.m_.stateSlots.size(); ++i)
        s_.yp_[static_cast<size_t>(s_.m_.stateSlots[i])] = d[i];
}

// The algebraic unknowns at t for the crossing functions, from the states in y_ (kExactSolve).
void AdamsIntegrator::solveForCrossings(double t)
{
    const bool exact = s_.consistent_ && s_.consistent_->oneStepExact(s_.consistentMode());
    s_.solveConsistent(t, false, exact ? kExactSolve : RunState::kEventSolve, s_.consistent_ != nullptr);
}

// After an event: the Adams methods start again from the right limit (CVODE's counters
// with them).
void AdamsIntegrator::restart(double t)
{
    collectCounters();
    statesToAdams(states_.get());
    s_.check(CVodeReInit(cvode_.get(), t, states_.get()), "CVodeReInit");
    startY_ = s_.y_;
    startYp_ = s_.yp_;
    segmentStart_ = t;
    windowSteps_ = windowFailures_ = 0;
}

// The crossing functions at (t, states), with the algebraic unknowns and derivatives
// solved there, as IDA's at points inside a step (rootDistances).
int AdamsIntegrator::roots(double t, N_Vector y, double* g, void* user)
{
    auto* self = static_cast<AdamsIntegrator*>(user);
    try {
        statesFromAdams(self->s_, N_VGetArrayPointer(y));
        self->solveForCrossings(t);
        self->s_.distances(t, self->s_.y_.data(), self->s_.yp_.data());
        self->s_.crossingValues(g);
        return 0;
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::Cancelled) { // as IDA's: the values the solve left
            self->s_.distances(t, self->s_.y_.data(), self->s_.yp_.data());
            self->s_.crossingValues(g);
            return 0;
        }
        self->failure_ = std::current_exception();
    } catch (...) {
        self->failure_ = std::current_exception();
    }
    return -1;
}

double AdamsIntegrator::handOverTime()
{
    double tc = segmentStart_;
    CVodeGetCurrentTime(cvode_.get(), &tc);
    if (tc > segmentStart_) {
        CVodeGetDky(cvode_.get(), tc, 0, dky_.get());
        statesFromAdams(s_, N_VGetArrayPointer(dky_.get()));
        s_.solveConsistent(tc, true);
    } else {
        s_.y_ = startY_;
        s_.yp_ = startYp_;
    }
    collectCounters();
    return tc;
}

double AdamsIntegrator::currentTime() const
{
    double t = 0;
    CVodeGetCurrentTime(cvode_.get(), &t);
    return t;
}

void AdamsIntegrator::rootInfo(int* found) const { CVodeGetRootInfo(cvode_.get(), found); }

void AdamsIntegrator::collectCounters()
{
    long steps = 0, evaluations = 0;
    CVodeGetNumSteps(cvode_.get(), &steps);
    CVodeGetNumRhsEvals(cvode_.get(), &evaluations);
    s_.stats_.steps += steps;
    s_.stats_.adamsSteps += steps;
    s_.stats_.residualEvaluations += evaluations;
}

} // namespace flange::solve
