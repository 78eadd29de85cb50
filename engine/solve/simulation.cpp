// The run loop: consistent initialization, IDA in DAE mode with the analytic sparse
// Jacobian, relations frozen between events and located by root finding (with
// hysteresis, engine.md 5.2), time events hit exactly through IDA's stop time, and an
// event iteration that re-solves the algebraic unknowns with the states fixed. This file
// drives the run: the step loop, the output grid, the work budgets; the jobs it calls
// live beside it (simulation_run.hpp).
#include "engine/solve/simulation_run.hpp"
#include "engine/solve/clean_vector_state.hpp"
#include "engine/solve/flush_denormals.hpp"
#include "engine/solve/output_grid.hpp"
#include "engine/solve/run_settings.hpp"
#include "engine/solve/stiffness.hpp"

#include <cvode/cvode.h>
#include <ida/ida.h>

#include <cmath>

namespace flange::solve {

Run::Run(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink, const std::vector<int>& outputs,
         const std::vector<double>& parameters)
    : Initialization(m, o, sink), rows_(state(), outputs)
{
    parameters_ = parameters;
    if (parameters_.empty())
        for (size_t id = 0; id < m.pool.parameterCount(); ++id)
            parameters_.push_back(m.pool.parameterValue(static_cast<int32_t>(id)));
    n_ = m.n;
    onlyStatesInOrder_ = static_cast<int32_t>(m.stateSlots.size()) == n_;
    for (size_t i = 0; i < m.stateSlots.size() && onlyStatesInOrder_; ++i)
        onlyStatesInOrder_ = m.stateSlots[i] == static_cast<int32_t>(i);
    y_ = m.yStart;
    yp_.assign(static_cast<size_t>(n_), 0.0);
    disc_ = m.discreteStart;
    pre_ = m.discreteStart;
    rel_.assign(m.relations.size(), 0.0);
    dist_.assign(m.relations.size(), 0.0);
    jy_.assign(m.jacPattern.nnz(), 0.0);
    jyp_.assign(m.jacPattern.nnz(), 0.0);
    // Register files of this run: the tapes themselves are shared between threads.
    resRegs_ = m.residual.workspace(parameters_);
    jacRegs_ = m.jacobian.workspace(parameters_);
    crossRegs_ = m.crossing.workspace(parameters_);
    initResRegs_ = m.initResidual.workspace(parameters_);
    initJacRegs_ = m.initJacobian.workspace(parameters_);
    computedRegs_ = m.computed.workspace(parameters_);
    computed_.assign(m.computedOrigins.size(), 0.0);
    const solve::RunSettings settings = solve::checkRunSettings(m, o);
    t0_ = settings.t0;
    tEnd_ = settings.tEnd;
    dt_ = settings.dt;
    rtol_ = settings.rtol;
    gridRows_ = settings.gridRows;
    opt_.nonStiffStart = settings.nonStiffStart; // resolved (options, else the experiment): read with *
    opt_.exactAlgebraicOutputs = settings.exactOutputs;
    for (size_t k = 0; k < m.relations.size(); ++k)
        if (!m.relations[k].timeEvent) {
            stateRelations_.push_back(static_cast<int>(k));
            rootsReadSolved_ = rootsReadSolved_ || m.relations[k].readsSolved;
        }
    whenPrev_.assign(m.whens.size(), 0);
    for (const auto& r : m.relations) {
        timeA_.push_back(r.a);
        timeB_.push_back(r.b);
        hysteresis_.push_back(1e-4 * rtol_ * r.nominal);
    }
}

SimulationStats Run::run()
{
    rows_.begin(gridRows_);
    cleanVectorState(); // before any work of the run, and after every call out to the sink
    auto c0 = std::chrono::steady_clock::now();
    initialize();
    // The transient starts with an event iteration in which initial() is false (Modelica
    // spec 8.6): initialization-only characteristics and start flags switch off here.
    EventRecord initial;
    initial.time = t0_;
    iterateEvent(t0_, initial, "end of initialization");
    auto c1 = std::chrono::steady_clock::now();
    stats_.initSeconds = std::chrono::duration<double>(c1 - c0).count();
    emitRow(t0_);
    integrate();
    stats_.integrateSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - c1).count();
    stats_.warnings = warnings_;
    return stats_;
}

// Crossings (events and silent ones) per output interval: beyond the limit the model
// chatters, and the simulation stops instead of crawling on.
void Run::countCrossing(double t, const std::string& cause, int& eventsInInterval, long& lastIntervalWithEvent)
{
    long interval = static_cast<long>((t - t0_) / dt_);
    eventsInInterval = interval == lastIntervalWithEvent ? eventsInInterval + 1 : 1;
    lastIntervalWithEvent = interval;
    if (eventsInInterval > opt_.maxConsecutiveEvents)
        throw simulationFailed("chattering at t = " + fmt(t) + ": more than " +
                               std::to_string(opt_.maxConsecutiveEvents) +
                               " events in one output interval, caused by " + cause)
            .about(instancesOf(cause))
            .at(t);
}

void Run::stateEvent(double t, int relationIndex, int& eventsInInterval, long& lastIntervalWithEvent)
{
    ++stats_.stateEvents;
    const int k = stateRelations_[static_cast<size_t>(relationIndex)];
    const EventCause cause = causeOf(static_cast<size_t>(k), false);
    countCrossing(t, describeCause(cause), eventsInInterval, lastIntervalWithEvent);
    handleEvent(t, cause); // writes the left and right limits
}

// A model that is not stiff at the start begins with Adams methods (adams_integrator.cpp);
// IDA takes the rest from where it turns stiff, if it does. One step per call (one-step
// mode): the output grid is interpolated, so output points neither cut steps nor split the
// root search. Rows, crossings and events are the same for both integrators:
// interpolateAt(), handleEvent() and joinSimultaneousCrossings() ask whichever is running.
void Run::integrate()
{
    static_assert(CV_ROOT_RETURN == IDA_ROOT_RETURN && CV_TSTOP_RETURN == IDA_TSTOP_RETURN);
    if (n_ == 0) {
        advanceWithoutUnknowns();
        return;
    }
    integrationStart_ = std::chrono::steady_clock::now();
    long k = 1; // next output point
    double t = t0_;
    if (AdamsIntegrator::eligible(*this))
        adams_.emplace(state(), t);
    else
        ida_.emplace(state(), t);
    const long nOut = static_cast<long>(std::llround((tEnd_ - t0_) / dt_));
    const OutputGrid grid(t0_, dt_, tEnd_, nOut);
    auto gridTime = [&](long i) { return grid.time(i); };
    std::vector<int> rootsFound(stateRelations_.size());
    int eventsInInterval = 0;
    long lastIntervalWithEvent = -1;
    while (t < tEnd_) {
        throwIfCancelled(t, "simulation");
        double tStop = std::min(nextTimeEvent(t), tEnd_);
        double tret = t;
        int flag = 0;
        if (adams_) {
            flag = adams_->step(t, tStop, tret);
            if (flag == AdamsIntegrator::kHandOverToIda) {
                t = handOverToIda();
                continue;
            }
        } else {
            double h = 0;
            flag = ida_->step(t, tStop, tret, h);
            checkBudget(tret, h);
        }
        const double eps = 1e-12 * (1 + std::fabs(tret));
        bool eventInStep = false;
        double tLow = t;
        while (k <= nOut && gridTime(k) < tret - eps) {
            double tg = gridTime(k);
            interpolateAt(tg, true);
            int j = crossingBefore(tLow, tg);
            if (j >= 0) {
                joinSimultaneousCrossings(tg, gridTime(k));
                if (std::fabs(tg - gridTime(k)) <= eps)
                    ++k;
                t = tg;
                stateEvent(t, j, eventsInInterval, lastIntervalWithEvent);
                eventInStep = true;
                break;
            }
            emitRow(tg);
            tLow = tg;
            ++k;
        }
        if (eventInStep)
            continue; // the integrator was restarted at the event, before the end of its step
        t = tret;
        const bool onGrid = k <= nOut && std::fabs(t - gridTime(k)) <= eps;
        const bool atTimeEvent = flag == IDA_TSTOP_RETURN || std::fabs(t - tStop) <= eps;
        if (!adams_) {
            ida_->copyOut();
            if (m_.stateSlots.empty() || *opt_.exactAlgebraicOutputs)
                solveConsistent(t, m_.stateSlots.empty());
        } else if (flag == CV_ROOT_RETURN || atTimeEvent || onGrid || t >= tEnd_ - eps) {
            adams_->at(t); // only where the solution at the step's end is read
        }
        if (flag == IDA_ROOT_RETURN) {
            if (adams_)
                adams_->rootInfo(rootsFound.data());
            else
                ida_->rootInfo(rootsFound.data());
            int j = 0;
            while (j + 1 < static_cast<int>(rootsFound.size()) && rootsFound[static_cast<size_t>(j)] == 0)
                ++j;
            if (silentCrossing(t)) {
                ++stats_.silentCrossings;
                countCrossing(t, m_.relations[static_cast<size_t>(stateRelations_[static_cast<size_t>(j)])].origin,
                              eventsInInterval, lastIntervalWithEvent);
                if (onGrid) {
                    emitRow(t);
                    ++k;
                }
                continue; // the integrator goes on from the root; nothing it integrates has changed
            }
            joinSimultaneousCrossings(t, k <= nOut ? gridTime(k) : tEnd_);
            stateEvent(t, j, eventsInInterval, lastIntervalWithEvent);
            if (onGrid)
                ++k;
            continue;
        }
        if (t >= tEnd_ - eps) {
            stopTimeRows();
            break;
        }
        if (atTimeEvent) {
            ++stats_.timeEvents;
            handleEvent(t, timeEventCause(t, eps));
            if (onGrid)
                ++k;
            continue;
        }
        if (onGrid) {
            emitRow(t);
            ++k;
        }
    }
    if (adams_) {
        adams_->collectCounters();
        if (stats_.adamsResumes == 0)
            stats_.adamsUntil = tEnd_;
        adams_.reset();
    }
    if (ida_)
        ida_->collectCounters();
}

double Run::handOverToIda()
{
    const double tc = adams_->handOverTime();
    adamsResumable_ = singularSeen_ && !adams_->stiff();
    if (stats_.adamsResumes == 0) {
        stats_.adamsUntil = tc;
        stats_.handedOverUndetermined = adamsResumable_;
    }
    adams_.reset();
    ida_.emplace(state(), tc);
    return tc;
}

// After an event under IDA that took over for a singular stretch: where the new mode's
// equations determine every unknown again (the stuck chain broke loose), the Adams methods
// go on from the right limit.
bool Run::resumeAdams(double t)
{
    if (!adamsResumable_ || !consistent_ || consistent_->singular())
        return false;
    ida_->collectCounters();
    ida_.reset();
    adams_.emplace(state(), t);
    ++stats_.adamsResumes;
    return true;
}

void Run::interpolateAt(double tg, bool forRow)
{
    if (n_ == 0)
        return; // the relations read time and discrete values only
    if (adams_)
        adams_->at(tg);
    else
        ida_->interpolateAt(tg, forRow);
}

// A model without unknowns (an empty diagram, a lone Fixed) has nothing for IDA to
// integrate: time moves from output point to time event, and the discrete values
// change at the events.
void Run::advanceWithoutUnknowns()
{
    const long nOut = static_cast<long>(std::llround((tEnd_ - t0_) / dt_));
    const OutputGrid grid(t0_, dt_, tEnd_, nOut);
    auto gridTime = [&](long i) { return grid.time(i); };
    long k = 1;
    double t = t0_;
    int eventsInInterval = 0;
    long lastIntervalWithEvent = -1;
    while (t < tEnd_) {
        throwIfCancelled(t, "simulation");
        double tStop = std::min(nextTimeEvent(t), tEnd_);
        const double eps = 1e-12 * (1 + std::fabs(tStop));
        // Relations on functions of time (a ramp passing a threshold) are watched at the
        // output points and located by bisection in between, as IDA's steps would be.
        bool stateEventTaken = false;
        for (double tLow = t;;) {
            const bool onGrid = k <= nOut && gridTime(k) < tStop - eps;
            double tg = onGrid ? gridTime(k) : tStop;
            int j = crossingBefore(tLow, tg);
            if (j >= 0) {
                joinSimultaneousCrossings(tg, tg);
                if (onGrid && std::fabs(tg - gridTime(k)) <= eps)
                    ++k;
                t = tg;
                stateEvent(t, j, eventsInInterval, lastIntervalWithEvent);
                stateEventTaken = true;
                break;
            }
            if (!onGrid)
                break;
            emitRow(tg);
            tLow = tg;
            ++k;
        }
        if (stateEventTaken)
            continue;
        t = tStop;
        if (t >= tEnd_ - eps) {
            stopTimeRows();
            break;
        }
        ++stats_.timeEvents;
        handleEvent(t, timeEventCause(t, eps));
        if (k <= nOut && std::fabs(t - gridTime(k)) <= eps)
            ++k;
    }
}

// The last rows. A time event due exactly at the stop time (a table that ends there) is
// handled and counted as Dymola does, with its left and right limits: Translational
// Vehicle's table ends at 60 s, the stop time, and Dymola lists 7 time events for its 6
// jumps.
void Run::stopTimeRows()
{
    const double eps = 1e-12 * (1 + std::fabs(tEnd_));
    const EventCause cause = timeEventCause(tEnd_, eps);
    if (cause.relation.empty()) {
        emitRow(tEnd_);
        return;
    }
    ++stats_.timeEvents;
    handleEvent(tEnd_, cause);
}

// The overall budget of a run (steps and wall-clock time), and the stiffness check: a
// step stuck far below the span for many steps in a row makes no progress worth waiting for.
void Run::checkBudget(double t, double h)
{
    checkLimits(t);
    if (std::fabs(h) >= opt_.stiffStepFraction * (tEnd_ - t0_)) {
        tinySteps_ = 0;
        nonFiniteRow_ = -1;
        return;
    }
    if (++tinySteps_ < opt_.stiffStepCount)
        return;
    if (nonFiniteRow_ >= 0)
        failNonFinite(t); // the steps shrank because every step past t gave NaN or infinity
    std::vector<std::string> culprits;
    ida_->copyOut();
    const std::string names = stiffestEquations(t, culprits);
    throw simulationFailed("the system is too stiff to progress at t = " + fmt(t) + " s: the step size stayed near " +
                           fmt(h) + " s for " + std::to_string(opt_.stiffStepCount) +
                           " steps in a row. Check the parameters of the stiffest equations:" + names)
        .about(culprits)
        .at(t);
}

// The steps and seconds a run may take (SimulationOptions).
void RunState::checkLimits(double t)
{
    ++stepsTaken_;
    if (opt_.maxSteps > 0 && stepsTaken_ > opt_.maxSteps)
        throw simulationFailed("stopped at t = " + fmt(t) + " s after " + std::to_string(opt_.maxSteps) +
                               " solver steps, the limit" + adviceAfter(opt_.limitAdvice.steps))
            .at(t);
    if (opt_.maxSeconds > 0 && stepsTaken_ % 64 == 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - integrationStart_).count() > opt_.maxSeconds)
        throw simulationFailed("stopped at t = " + fmt(t) + " s after " + fmt(opt_.maxSeconds) +
                               " s of computing, the limit" + adviceAfter(opt_.limitAdvice.seconds))
            .at(t);
}

// Every step past t gave NaN or infinity (nonFiniteOrigin_ names the equation): the model's
// fault, not the solver's.
void RunState::failNonFinite(double t)
{
    const std::string& origin = nonFiniteOrigin_;
    throw badInput("integration cannot pass t = " + fmt(t) + " s: equation " + withSource(origin) +
                   " gives a value that is not a finite number (NaN or infinity: a division 0/0, the "
                   "root or logarithm of a negative number?) at t = " + fmt(nonFiniteTime_) + " s")
        .about(instancesOf(origin))
        .at(t);
}

std::map<std::string, double> RunState::parameterValues() const
{
    std::map<std::string, double> values = m_.parameterValues;
    for (size_t k = 0; k < parameters_.size(); ++k)
        if (parameters_[k] != m_.pool.parameterValue(static_cast<int32_t>(k)))
            values[m_.pool.parameterName(static_cast<int32_t>(k))] = parameters_[k];
    return values;
}

// The equations whose Jacobian rows span the widest range of coefficients at t, one per
// line with the parameters they name: where to look when the steps shrink to nothing.
std::string RunState::stiffestEquations(double t, std::vector<std::string>& culprits)
{
    jacobian(t, y_.data(), yp_.data(), false);
    std::string names;
    for (const auto& e : solve::stiffestEquations(m_, parameterValues(), jy_, 3)) {
        std::string through;
        for (const auto& origin : e.through) {
            through += (through.empty() ? ", through " : " and ") + origin;
            for (auto& name : instancesOf(origin))
                culprits.push_back(std::move(name));
        }
        names += "\n  " + e.origin + through + " (coefficient " + fmt(e.coefficient) + " on " + e.variable +
                 (e.parameters.empty() ? "" : "; " + e.parameters) + ")";
        for (auto& name : instancesOf(e.origin))
            culprits.push_back(std::move(name));
    }
    return names;
}

// An equation's origin with the definition file and line it comes from, when known:
// "d: y = 0/0 (lib/Div.json:7:5)". Origins of derived rows ("initial equation d: ...")
// carry the component equation's origin inside them.
std::string RunState::withSource(const std::string& origin) const
{
    const std::string* best = nullptr;
    size_t bestLength = 0;
    for (const auto& instance : instancesOf(origin)) {
        auto type = m_.instanceTypes.find(instance);
        if (type == m_.instanceTypes.end())
            continue;
        auto sources = m_.equationSourcesByType.find(type->second);
        if (sources == m_.equationSourcesByType.end())
            continue;
        for (const auto& [text, where] : sources->second) {
            const size_t length = instance.size() + 2 + text.size();
            if (length > bestLength && origin.find(instance + ": " + text) != std::string::npos) {
                best = &where;
                bestLength = length;
            }
        }
    }
    return best ? origin + " (" + *best + ")" : origin;
}

} // namespace flange::solve

namespace flange {

SimulationStats simulate(const CompiledModel& model, const SimulationOptions& options, ResultSink& sink,
                         const std::vector<int>& outputs, const std::vector<double>& parameters)
{
    solve::FlushDenormals ftz; // for the whole run, initialization included
    solve::Run run(model, options, sink, outputs, parameters);
    return run.run();
}

} // namespace flange
