// Relations (frozen between events, with hysteresis, engine.md 5.2), discrete equations
// and when-clauses, the event iteration at an event (engine.md 5.3): EventIteration
// (event_iteration.hpp). And the driver's part of an event (its rows, the integrator's
// restart) and the search for crossings that a step's root finding can miss: Run.
#include "engine/solve/simulation_run.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/solve/clean_vector_state.hpp"

#include <algorithm>
#include <cmath>

namespace flange::solve {

// Relation values at time t: exact at initialization, with hysteresis at events;
// time relations take their value just after t.
bool EventIteration::updateRelations(double t, bool exact, bool holdSolved)
{
    distances(t, y_.data(), yp_.data());
    refreshTimeCoefficients();
    bool changed = false;
    for (size_t k = 0; k < m_.relations.size(); ++k) {
        const RelationInfo& r = m_.relations[k];
        if (holdSolved && r.readsSolved)
            continue;
        double d = dist_[k];
        bool inclusive = r.op == expr::Op::Ge || r.op == expr::Op::Le;
        bool v;
        if (r.timeEvent && !exact) {
            double tol = 1e-12 * (1 + std::fabs(timeA_[k] * t) + std::fabs(timeB_[k]));
            v = std::fabs(d) <= tol ? timeA_[k] > 0 : d > 0;
        } else if (exact) {
            v = inclusive ? d >= 0 : d > 0;
        } else if (inclusive && std::fabs(d) <= 1e-3 * hysteresis(static_cast<int>(k))) {
            // On the boundary up to round-off (fn <= 0 once a ramp has ended at fn = 0):
            // an inclusive relation holds there. A strict one keeps its value (hysteresis),
            // so a friction element held at sa = tau0_max by its neighbour stays sliding.
            v = true;
        } else {
            v = d + (rel_[k] != 0 ? hysteresis(static_cast<int>(k)) : -hysteresis(static_cast<int>(k))) > 0;
        }
        double nv = v ? 1.0 : 0.0;
        if (v && !r.error.empty())
            throw simulationFailed(r.error + " at t = " + fmt(t) + " s").about({instanceOf(r.origin)}).at(t);
        if (nv != rel_[k]) {
            changed = true;
            rel_[k] = nv;
        }
    }
    return changed;
}

double EventIteration::eval(expr::NodeId id, double t, bool initial, char* reached) const
{
    // Discrete equations read continuous values through the same slots as the tapes; the
    // tree evaluator needs them by variable id, so it goes through a small adapter.
    expr::EvalContext ctx;
    ctx.vars = varValues_.data();
    ctx.disc = disc_.data();
    ctx.pre = pre_.data();
    ctx.rel = rel_.data();
    ctx.time = t;
    ctx.initial = initial;
    ctx.reached = reached;
    ctx.parameters = parameters_.data();
    return expr::evaluate(m_.pool, id, ctx);
}

void EventIteration::refreshVarValues()
{
    varValues_.assign(m_.variableCount(), 0.0);
    for (int32_t i = 0; i < n_; ++i)
        varValues_[static_cast<size_t>(m_.slotVar[static_cast<size_t>(i)])] = y_[static_cast<size_t>(i)];
}

// Evaluates the discrete equations in order; returns what changed.
std::vector<EventChange> EventIteration::updateDiscrete(double t, bool initial, bool holdSolved)
{
    std::vector<EventChange> changes;
    if (m_.discrete.empty() && (!initial || m_.initialDiscrete.empty()))
        return changes;
    refreshVarValues();
    auto assign = [&](const flatten::DiscreteAssignment& a) {
        double v = eval(a.value, t, initial);
        double& slot = disc_[static_cast<size_t>(a.var)];
        if (v != slot) {
            changes.push_back(eventChange(a.var, slot, v));
            noteChange(a.var, slot);
            slot = v;
        }
    };
    for (size_t i = 0; i < m_.discrete.size(); ++i)
        if (!holdSolved || !m_.discreteReadsSolved[i])
            assign(m_.discrete[i]);
    if (initial && !m_.initialDiscrete.empty()) {
        // initial algorithms may read discrete values computed by equations, and feed others
        for (const auto& a : m_.initialDiscrete)
            assign(a);
        for (const auto& a : m_.discrete)
            assign(a);
    }
    return changes;
}

// Instances of an event that does not settle: its cause and whatever it keeps changing.
std::vector<std::string> EventIteration::eventCulprits(const std::string& cause, const EventRecord& rec)
{
    std::vector<std::string> out = instancesOf(cause);
    for (const EventChange& change : rec.changes)
        if (!change.instance.empty())
            out.push_back(change.instance);
    return out;
}

// Instances of the relations and discrete variables that changed since the snapshot.
std::vector<std::string> EventIteration::unsettled(const std::vector<double>& relBefore, const std::vector<double>& discBefore) const
{
    std::vector<std::string> out;
    for (size_t k = 0; k < rel_.size(); ++k)
        if (rel_[k] != relBefore[k])
            out.push_back(instanceOf(m_.relations[k].origin));
    for (size_t v = 0; v < disc_.size(); ++v)
        if (disc_[v] != discBefore[v])
            out.push_back(instanceOf(m_.varName(static_cast<int32_t>(v))));
    return out;
}

double EventIteration::nextTimeEvent(double t) const
{
    double next = tEnd_;
    for (size_t k = 0; k < m_.relations.size(); ++k) {
        if (!m_.relations[k].timeEvent || timeA_[k] == 0)
            continue;
        double tc = -timeB_[k] / timeA_[k];
        if (tc > t + 1e-12 * (1 + std::fabs(t)) && tc < next)
            next = tc;
    }
    return next;
}

// Time relations whose coefficients read discrete values: a and b for the values now
// (relations are updated at every step of an event iteration, so after its last one
// they belong to the values the run continues with).
void EventIteration::refreshTimeCoefficients()
{
    for (size_t k = 0; k < m_.relations.size(); ++k) {
        const RelationInfo& r = m_.relations[k];
        if (!r.discreteCoefficients)
            continue;
        timeB_[k] = eval(r.distance, 0.0, false);
        timeA_[k] = eval(r.distance, 1.0, false) - timeB_[k];
    }
}

// Event iteration at time t (engine.md 5.3): relations and discrete values to a fixed
// point together with the algebraic unknowns (states held), then when-clauses.
void EventIteration::noteChange(int32_t var, double before)
{
    for (const auto& [v, value] : changedSinceEvent_)
        if (v == var)
            return;
    changedSinceEvent_.push_back({var, before});
}

void EventIteration::iterateEvent(double t, EventRecord& rec, const std::string& cause)
{
    changedSinceEvent_.clear();
    iterateToFixedPoint(t, rec, cause);
    // The record says what the event changed, not the steps of the iteration (a clutch
    // that locks and releases again at once, locked 0 -> 1 -> 0, changed nothing); the
    // steps stay in the messages of an iteration that does not settle.
    std::vector<EventChange> net;
    for (const auto& [var, before] : changedSinceEvent_) {
        const double after = disc_[static_cast<size_t>(var)];
        if (after != before)
            net.push_back(eventChange(var, before, after));
    }
    // A reinit is an act of the event, listed even where the state keeps its value.
    for (const EventChange& change : rec.changes) {
        if (!change.reinit)
            continue;
        auto same = std::find_if(net.begin(), net.end(),
                                 [&](const EventChange& c) { return c.reinit && c.name() == change.name(); });
        if (same == net.end())
            net.push_back(change);
        else
            same->after = change.after;
    }
    rec.changes = std::move(net);
    checkDerivativesDetermined(t);
}

void EventIteration::iterateToFixedPoint(double t, EventRecord& rec, const std::string& cause)
{
    for (int outer = 0;; ++outer) {
        if (outer > 0) {
            // pre() changed: the solved unknowns still belong to the old mode, so the
            // discretes reading them keep their values until one solve has followed.
            updateRelations(t, false, true);
            auto changes = updateDiscrete(t, false, true);
            rec.changes.insert(rec.changes.end(), changes.begin(), changes.end());
            solveConsistent(t);
        }
        // Discrete states met in this inner loop: a friction element whose locked torque just
        // passed its peak releases, and sliding it falls back under the peak (MSL's
        // OneWayClutch reads pre(startForward) for that hysteresis). With pre() held the
        // loop would alternate for ever; Modelica's event iteration takes the first change
        // and lets the next outer round update pre(), so a repeated state ends the loop.
        std::vector<std::vector<double>> seen{disc_};
        for (int inner = 0;; ++inner) {
            throwIfCancelled(t, "event iteration");
            bool relChanged = updateRelations(t, false);
            auto changes = updateDiscrete(t, false);
            rec.changes.insert(rec.changes.end(), changes.begin(), changes.end());
            if (!relChanged && changes.empty() && inner > 0)
                break;
            const bool repeated = !changes.empty() && std::find(seen.begin(), seen.end() - 1, disc_) != seen.end() - 1;
            if (repeated) {
                // Back to the state the first change produced; the one solve that
                // follows keeps the unknowns consistent with it.
                disc_ = seen.size() > 1 ? seen[1] : disc_;
                updateRelations(t, false);
                solveConsistent(t);
                break;
            }
            seen.push_back(disc_);
            solveConsistent(t);
            if (inner == opt_.maxEventIterations)
                throw simulationFailed("event iteration did not converge at t = " + fmt(t) + " (" + cause + ")")
                    .about(eventCulprits(cause, rec))
                    .at(t);
        }
        bool reinit = fireWhens(t, rec);
        if (reinit)
            solveConsistent(t);
        if (disc_ == pre_ && !reinit)
            break;
        pre_ = disc_;
        if (outer == opt_.maxEventIterations)
            throw simulationFailed("event iteration did not converge at t = " + fmt(t) + "; still changing: " +
                                   (rec.changes.empty() ? cause : describeChange(rec.changes.back())))
                .about(eventCulprits(cause, rec))
                .at(t);
    }
    pre_ = disc_;
}

void Run::handleEvent(double t, const EventCause& cause)
{
    if (exactRoots())
        solveConsistent(t, false); // the left limit on the same footing as the crossing functions
    emitRow(t); // left limit
    EventRecord rec;
    rec.time = t;
    rec.cause = cause;
    for (int k : joining_) {
        // crossing at t with the relation that caused the event: its value at t, exactly
        const size_t i = static_cast<size_t>(k);
        rel_[i] = rel_[i] != 0 ? 0.0 : 1.0;
    }
    joining_.clear();
    iterateEvent(t, rec, describeCause(cause));
    sink_.event(rec);
    cleanVectorState();
    emitRow(t); // right limit
    if (adams_) {
        adams_->restart(t);
        return;
    }
    if (!ida_)
        return; // no unknowns, no solver to restart
    if (resumeAdams(t))
        return;
    ida_->restart(t);
}

bool EventIteration::fireWhens(double t, EventRecord& rec)
{
    bool reinit = false;
    size_t reinitIndex = 0;
    refreshVarValues();
    for (size_t w = 0; w < m_.whens.size(); ++w) {
        const auto& wc = m_.whens[w];
        bool c = eval(wc.condition, t, false) != 0;
        bool fire = c && !whenPrev_[w];
        whenPrev_[w] = c;
        if (fire) {
            for (const auto& a : wc.assignments) {
                double v = eval(a.value, t, false);
                double& slot = disc_[static_cast<size_t>(a.var)];
                if (v != slot) {
                    rec.changes.push_back(eventChange(a.var, slot, v));
                    noteChange(a.var, slot);
                    slot = v;
                }
            }
            for (size_t r = 0; r < wc.reinits.size(); ++r) {
                double& state = y_[static_cast<size_t>(m_.reinitSlots[reinitIndex + r])];
                EventChange change = eventChange(wc.reinits[r].var, state, eval(wc.reinits[r].value, t, false));
                change.reinit = true;
                state = change.after;
                reinit = true;
                rec.changes.push_back(std::move(change));
            }
        }
        reinitIndex += wc.reinits.size();
    }
    return reinit;
}

// Index (into stateRelations_) of a relation whose value at y_ differs from the frozen one.
int EventIteration::changedRelation(double t)
{
    distances(t, y_.data(), yp_.data());
    for (size_t j = 0; j < stateRelations_.size(); ++j) {
        int k = stateRelations_[j];
        if ((crossingValue(k) > 0) != (rel_[static_cast<size_t>(k)] != 0))
            return static_cast<int>(j);
    }
    return -1;
}

// Output points double as crossing checks (as a tool evaluating its model at every
// output point does): IDA compares the crossing functions at step ends only, and a
// switch that comes and goes inside one long step (a stuck gear, a driving sine) would
// be missed. Returns the relation found changed at tg, located back to its first time
// in (tLow, tg] by bisection on the interpolant; y_ then holds the solution there.
int Run::crossingBefore(double tLow, double& tg)
{
    if (stateRelations_.empty())
        return -1;
    int j = changedRelation(tg);
    if (j < 0)
        return -1;
    double lo = tLow, hi = tg;
    while (hi - lo > 1e-13 * (1 + std::fabs(hi))) {
        double mid = 0.5 * (lo + hi);
        interpolateAt(mid);
        int jm = changedRelation(mid);
        if (jm >= 0) {
            hi = mid;
            j = jm;
        } else {
            lo = mid;
        }
    }
    interpolateAt(hi);
    tg = hi;
    return j;
}

// Crossings at one instant are one event (one event iteration, one restart), as in
// Dymola. A relation that, at the crossing found at t, is already past its boundary
// (inside the hysteresis band on its new side) and completes its crossing within the
// step just taken crosses at the same instant: closer than the hysteresis, closer than
// the states' error can order (Translational PreLoad's symmetric contacts, which located
// one by one fall 1e-15 to 1e-6 s apart, one of them 5-10 % of the hysteresis short of
// its own switch). It joins the event at t with its exact value there, as a relation
// evaluated at the event instant. A window in time could not tell these from crossings
// Dymola keeps apart: Backlash's second element, 3e-9 s later at 0.026 s, is 0.19 rtol
// from its boundary, outside the band. A relation in the band that does not complete
// its crossing (a friction element held at its boundary by a neighbour) keeps its value.
// Sets joining_ (relation indices); y_ still holds the solution at t.
void Run::joinSimultaneousCrossings(double t, double tCap)
{
    joining_.clear();
    double tn = tCap;
    if (adams_)
        tn = adams_->currentTime();
    else if (ida_)
        tn = ida_->currentTime();
    tn = std::min(tn, tCap);
    std::vector<int> inBand;
    distances(t, y_.data(), yp_.data());
    for (int k : stateRelations_) {
        const size_t i = static_cast<size_t>(k);
        const bool inclusive = m_.relations[i].op == expr::Op::Ge || m_.relations[i].op == expr::Op::Le;
        const bool exact = inclusive ? dist_[i] >= 0 : dist_[i] > 0;
        const bool crossed = (crossingValue(k) > 0) != (rel_[i] != 0);
        if (exact != (rel_[i] != 0) && !crossed)
            inBand.push_back(k);
    }
    if (inBand.empty() || !(tn > t))
        return;
    std::vector<double> yAt = y_, ypAt = yp_;
    interpolateAt(tn);
    distances(tn, y_.data(), yp_.data());
    for (int k : inBand)
        if ((crossingValue(k) > 0) != (rel_[static_cast<size_t>(k)] != 0))
            joining_.push_back(k);
    y_ = std::move(yAt);
    yp_ = std::move(ypAt);
    distances(t, y_.data(), yp_.data());
}

// Relations that the discrete equations and when-conditions read with the values now,
// evaluated as Modelica tools evaluate them: `and`, `or` and if-branches short-circuit.
std::vector<char> EventIteration::reachedRelations(double t)
{
    std::vector<char> reached(rel_.size(), 0);
    refreshVarValues();
    for (const auto& a : m_.discrete)
        eval(a.value, t, false, reached.data());
    for (const auto& w : m_.whens)
        eval(w.condition, t, false, reached.data());
    return reached;
}

// A crossing of a relation that no evaluation reads at the moment (`sa < -f0_max` behind
// `pre(mode) == Stuck and ...` while the element slides; a relation in an `if initial()`
// branch) is no event: the relation takes its new value and IDA continues without a
// restart. Dymola's generated code computes a crossing function where it evaluates its
// relation, so it does not see these. A crossing of a relation that is read is an event
// even if no discrete value changes: Translational HeatLosses' mass at its stop, stuck,
// whose `sa > f0_max` (read, as pre(mode) == Stuck) crosses while `s < smax - L/2` keeps
// startForward false, is an event of Dymola's at 0.744 s and 1.745 s.
bool EventIteration::silentCrossing(double t)
{
    if (exactRoots())
        solveConsistent(t, false);
    std::vector<double>& relBefore = scratchRel_;
    relBefore = rel_;
    reached_ = reachedRelations(t);
    updateRelations(t, false);
    bool silent = true;
    for (size_t k = 0; k < rel_.size() && silent; ++k)
        if (rel_[k] != relBefore[k] && (m_.relations[k].inResidual || reached_[k]))
            silent = false;
    if (silent) { // relations that only trigger a discrete update (integer(), floor()) are read by none
        scratchDisc_ = disc_;
        silent = updateDiscrete(t, false).empty();
        disc_ = scratchDisc_;
    }
    if (!silent)
        rel_ = relBefore;
    return silent;
}

// The time relation due at t; none (an empty relation) when no time event is due.
EventCause EventIteration::timeEventCause(double t, double eps) const
{
    EventCause cause;
    cause.timeEvent = true;
    for (size_t k = 0; k < m_.relations.size(); ++k)
        if (m_.relations[k].timeEvent && timeA_[k] != 0 && std::fabs(-timeB_[k] / timeA_[k] - t) <= eps)
            cause = causeOf(k, true);
    return cause;
}

// The relation that set an event off, which way it goes (rel_ holds its value before the event).
EventCause EventIteration::causeOf(size_t relation, bool timeEvent) const
{
    const RelationInfo& r = m_.relations[relation];
    const std::string lead = r.instance.empty() ? "" : r.instance + ": ";
    EventCause cause;
    cause.timeEvent = timeEvent;
    cause.instance = r.instance;
    cause.relation = r.description;
    cause.equation = r.origin.rfind(lead, 0) == 0 ? r.origin.substr(lead.size()) : r.origin;
    cause.becameTrue = rel_[relation] == 0;
    return cause;
}

// A change as an event lists it: the variable's instance, the longest start of its name
// that names one ("drive.clutch2" of "drive.clutch2.mode"), and its member there.
EventChange EventIteration::eventChange(int32_t var, double before, double after) const
{
    const std::string& name = m_.varName(var);
    EventChange change;
    for (size_t dot = name.rfind('.'); dot != std::string::npos && dot > 0; dot = name.rfind('.', dot - 1))
        if (m_.instanceTypes.count(name.substr(0, dot)) != 0) {
            change.instance = name.substr(0, dot);
            break;
        }
    change.variable = change.instance.empty() ? name : name.substr(change.instance.size() + 1);
    const int32_t output = m_.outputOfVar[static_cast<size_t>(var)];
    change.isBoolean = output >= 0 && m_.outputs[static_cast<size_t>(output)].isBoolean;
    change.before = before;
    change.after = after;
    return change;
}

} // namespace flange::solve
