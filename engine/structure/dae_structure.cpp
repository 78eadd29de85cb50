#include "engine/structure/dae_structure.hpp"

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

void DaeStructure::addEquation(const flatten::FlatEquation& eq, const expr::Pool& pool)
{
    eqs.push_back(eq);
    incidence.push_back(incidentVars(pool, eq.residual));
    eqDiff.push_back(-1);
    eqParent.push_back(-1);
}

DaeStructure analyze(flatten::FlatModel& m)
{
    DaeStructure s;
    for (const auto& eq : m.equations)
        s.addEquation(eq, m.pool);
    s.originalEquations = static_cast<int>(s.eqs.size());
    for (size_t v = 0; v < m.vars.size(); ++v)
        if (!m.vars[v].discrete && !m.vars[v].eliminated())
            s.unknowns.push_back(static_cast<int32_t>(v));
    checkStructure(m, s);
    pantelides(m, s);
    selectDummyDerivatives(m, s);
    return s;
}

} // namespace flange::structure
