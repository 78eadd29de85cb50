// Pantelides' algorithm (SIAM J. Sci. Stat. Comput. 9(2), 1988), in the compact form of
// ModiaBase's BLTandPantelides.jl and ModelingToolkit's pantelides.jl: match each equation
// to a highest-derivative unknown; when that fails, differentiate every equation and
// unknown the failed search visited and try again one level up.
#include "engine/error.hpp"
#include "engine/expr/differentiate.hpp"
#include "engine/instance_name.hpp"
#include "engine/structure/dae_structure.hpp"
#include "engine/structure/matching.hpp"

namespace flange::structure {

void pantelides(flatten::FlatModel& m, DaeStructure& s, const CancelFlag& cancelled)
{
    Matching match(s.incidence);
    auto active = [&m](int32_t v) { return m.vars[static_cast<size_t>(v)].derivative < 0; };
    const int original = static_cast<int>(s.eqs.size());
    const size_t limit = 50 * s.eqs.size() + 100;
    for (int e0 = 0; e0 < original; ++e0) {
        throwIfCancelled(cancelled, "translation");
        int32_t e = e0;
        while (!match.augment(e, active)) {
            if (s.eqs.size() > limit)
                throw badInput("index reduction did not terminate at equation " + s.eqs[static_cast<size_t>(e0)].origin)
                    .about(instancesOf(s.eqs[static_cast<size_t>(e0)].origin));
            std::vector<int32_t> rows = match.visitedRows();
            std::vector<int32_t> cols = match.visitedCols();
            for (int32_t v : cols) {
                int32_t d = m.derivativeOf(v);
                s.unknowns.push_back(d);
            }
            for (int32_t k : rows) {
                flatten::FlatEquation de;
                const flatten::FlatEquation& src = s.eqs[static_cast<size_t>(k)];
                de.residual = expr::timeDerivative(m.pool, src.residual, [&m, &s](int32_t v) {
                    bool created = m.vars[static_cast<size_t>(v)].derivative < 0;
                    int32_t d = m.derivativeOf(v);
                    if (created)
                        s.unknowns.push_back(d);
                    return d;
                });
                de.origin = "d/dt of (" + src.origin + ")";
                de.component = src.component;
                int32_t idx = static_cast<int32_t>(s.eqs.size());
                s.addEquation(std::move(de), m.pool);
                s.eqDiff[static_cast<size_t>(k)] = idx;
                s.eqParent[static_cast<size_t>(idx)] = k;
            }
            for (int32_t v : cols) {
                int32_t k = match.colMatch(v);
                if (k >= 0)
                    match.assign(s.eqDiff[static_cast<size_t>(k)], m.vars[static_cast<size_t>(v)].derivative);
            }
            e = s.eqDiff[static_cast<size_t>(e)];
        }
    }
    s.eqMatch.resize(s.eqs.size());
    for (size_t e = 0; e < s.eqs.size(); ++e)
        s.eqMatch[e] = match.rowMatch(static_cast<int32_t>(e));
}

} // namespace flange::structure
