#include "engine/solve/stiffness.hpp"

#include <algorithm>
#include <cmath>

namespace flange::solve {

std::vector<StiffEquation> stiffestEquations(const CompiledModel& m, const std::vector<double>& jy, size_t count)
{
    struct Row {
        double largest = 0, smallest = HUGE_VAL;
        int32_t slot = -1;
    };
    std::vector<Row> rows(static_cast<size_t>(m.n));
    const auto& p = m.jacPattern;
    for (int32_t c = 0; c < p.cols; ++c)
        for (int32_t k = p.colPtr[static_cast<size_t>(c)]; k < p.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            // Scaled by the unknown's nominal, so that units do not make a coefficient large.
            double v = std::fabs(jy[static_cast<size_t>(k)]) * m.nominal[static_cast<size_t>(c)];
            if (!(v > 0))
                continue;
            Row& r = rows[static_cast<size_t>(p.rowIdx[static_cast<size_t>(k)])];
            if (v > r.largest) {
                r.largest = v;
                r.slot = c;
            }
            r.smallest = std::min(r.smallest, v);
        }
    std::vector<int32_t> order;
    for (int32_t r = 0; r < m.n; ++r)
        if (rows[static_cast<size_t>(r)].slot >= 0)
            order.push_back(r);
    auto spread = [&rows](int32_t r) {
        const Row& x = rows[static_cast<size_t>(r)];
        return x.largest / x.smallest;
    };
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
        return spread(a) > spread(b) || (spread(a) == spread(b) && rows[static_cast<size_t>(a)].largest > rows[static_cast<size_t>(b)].largest);
    });
    std::vector<StiffEquation> out;
    for (size_t i = 0; i < order.size() && i < count; ++i) {
        const Row& x = rows[static_cast<size_t>(order[i])];
        StiffEquation e;
        e.origin = m.eqOrigins[static_cast<size_t>(order[i])];
        int32_t var = m.slotVar[static_cast<size_t>(x.slot)];
        e.variable = static_cast<size_t>(var) < m.varNames.size() ? m.varNames[static_cast<size_t>(var)] : "";
        e.coefficient = x.largest / m.nominal[static_cast<size_t>(x.slot)];
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace flange::solve
