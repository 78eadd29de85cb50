#include "engine/structure/dae_structure.hpp"

#include "engine/error.hpp"

#include <algorithm>

namespace flange::structure {

std::vector<int32_t> incidentVars(const expr::Pool& pool, expr::NodeId id)
{
    std::vector<int32_t> out;
    pool.visit(id, [&out](expr::NodeId, const expr::Node& n) {
        if (n.op == expr::Op::Var)
            out.push_back(n.index);
    });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

void DaeStructure::addEquation(flatten::FlatEquation eq, const expr::Pool& pool)
{
    incidence.push_back(incidentVars(pool, eq.residual));
    eqs.push_back(std::move(eq));
    eqDiff.push_back(-1);
    eqParent.push_back(-1);
}

namespace {

DaeStructure initialStructure(const flatten::FlatModel& m)
{
    DaeStructure s;
    for (const auto& eq : m.equations)
        s.addEquation(eq, m.pool);
    s.originalEquations = static_cast<int>(s.eqs.size());
    for (size_t v = 0; v < m.vars.size(); ++v)
        if (!m.vars[v].discrete && !m.vars[v].eliminated())
            s.unknowns.push_back(static_cast<int32_t>(v));
    return s;
}

// Velocities such as SpringDamper.v_rel = der(s_rel) carry stateSelect = prefer, but
// nothing differentiates them, so Pantelides would leave them algebraic and pick the
// masses' absolute velocities instead. The choice matters beyond numerics: reinit(v, 0)
// of a stop keeps every other state, so whether a neighbour keeps its absolute or its
// relative velocity is physics (MSL Translational.Examples.HeatLosses). Giving such a
// velocity a derivative column makes Pantelides differentiate its constraint once more,
// and dummy derivatives then choose among it and the absolute velocities by stateSelect,
// as Dymola and the MSL's stateSelect annotations intend.
// Only models with reinit get this: without one, the choice is numerics alone and the
// minimal reduction is cheaper and, on stiff contact chains, sturdier (MSL PreLoad fails
// at contact lift-off when the level-by-level choice of dummy derivatives keeps the
// outer contact and damper positions where Dymola keeps the contact deflections).
std::vector<int32_t> preferredVelocities(const flatten::FlatModel& m, const DaeStructure& s)
{
    std::vector<int32_t> out;
    bool reinits = std::any_of(m.whens.begin(), m.whens.end(), [](const auto& w) { return !w.reinits.empty(); });
    if (!reinits)
        return out;
    for (int32_t v : s.unknowns) {
        const auto& var = m.vars[static_cast<size_t>(v)];
        if (var.stateSelect >= flatten::Prefer && var.derivative < 0 && var.derivativeOf >= 0 &&
            m.vars[static_cast<size_t>(var.derivativeOf)].derivativeOf < 0)
            out.push_back(v);
    }
    return out;
}

// The highest derivatives of `preferred` that no equation determines: those velocities
// cannot be states, the structure without their derivative column is the right one.
std::vector<int32_t> undeterminedPreferred(const flatten::FlatModel& m, const DaeStructure& s,
                                           const std::vector<int32_t>& preferred)
{
    std::vector<char> matched(m.vars.size(), 0);
    for (int32_t v : s.eqMatch)
        if (v >= 0)
            matched[static_cast<size_t>(v)] = 1;
    std::vector<int32_t> out;
    for (int32_t w : preferred) {
        int32_t top = w;
        while (m.vars[static_cast<size_t>(top)].derivative >= 0)
            top = m.vars[static_cast<size_t>(top)].derivative;
        if (!matched[static_cast<size_t>(top)])
            out.push_back(w);
    }
    return out;
}

// Pantelides and dummy derivatives on `s`, the model's initial structure.
DaeStructure reduce(flatten::FlatModel& m, DaeStructure s, const std::vector<int32_t>& preferred,
                    const CancelFlag& cancelled)
{
    for (int32_t w : preferred)
        s.unknowns.push_back(m.derivativeOf(w));
    pantelides(m, s, cancelled);
    throwIfCancelled(cancelled, "translation");
    selectDummyDerivatives(m, s);
    return s;
}

} // namespace

DaeStructure analyze(flatten::FlatModel& m, const CancelFlag& cancelled)
{
    DaeStructure initial = initialStructure(m);
    checkStructure(m, initial);
    std::vector<int32_t> preferred = preferredVelocities(m, initial);
    // Each retry drops the velocities left undetermined; a failure of the augmented
    // reduction (e.g. a signal that cannot be differentiated twice) drops them all.
    for (int attempt = 0; attempt < 4 && !preferred.empty(); ++attempt) {
        flatten::FlatModel trial = m;
        std::vector<int32_t> drop;
        try {
            DaeStructure s = reduce(trial, initial, preferred, cancelled);
            drop = undeterminedPreferred(trial, s, preferred);
            if (drop.empty()) {
                m = std::move(trial);
                return s;
            }
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Cancelled)
                throw;
            break;
        }
        std::erase_if(preferred, [&drop](int32_t w) { return std::find(drop.begin(), drop.end(), w) != drop.end(); });
    }
    return reduce(m, std::move(initial), {}, cancelled);
}

} // namespace flange::structure
