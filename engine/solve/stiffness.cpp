#include "engine/solve/stiffness.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace flange::solve {

namespace {

// "s1.c = 1e+23, s1.phi_rel0 = 0" for "s1: tau = c*(phi_rel - phi_rel0)": the names in the
// equation's text that are Real parameters of its component, with their values.
std::string parametersOf(const ParameterValues& values, const std::string& origin)
{
    const size_t colon = origin.find(": ");
    if (colon == std::string::npos)
        return {};
    const std::string component = origin.substr(0, colon);
    std::string out;
    std::set<std::string> seen;
    for (size_t i = colon + 2; i < origin.size();) {
        if (!(std::isalpha(static_cast<unsigned char>(origin[i])) || origin[i] == '_')) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < origin.size() && (std::isalnum(static_cast<unsigned char>(origin[j])) || origin[j] == '_' || origin[j] == '.'))
            ++j;
        const std::string name = component + "." + origin.substr(i, j - i);
        i = j;
        auto p = values.find(name);
        if (p != values.end() && seen.insert(name).second)
            out += (out.empty() ? "" : ", ") + name + " = " + readableNumber(p->second);
    }
    return out;
}

// The computed equations a row read, directly or through others, nearest first; those
// naming parameters are where a large coefficient most likely comes from.
void addComputedEquations(const CompiledModel& m, const ParameterValues& values, int32_t row, StiffEquation& e)
{
    if (static_cast<size_t>(row) >= m.rowReadsComputed.size())
        return;
    std::vector<int32_t> queue = m.rowReadsComputed[static_cast<size_t>(row)];
    std::set<int32_t> seen(queue.begin(), queue.end());
    for (size_t i = 0; i < queue.size() && e.through.size() < 3; ++i) {
        const auto k = static_cast<size_t>(queue[i]);
        const std::string parameters = parametersOf(values, m.computedOrigins[k]);
        if (!parameters.empty()) {
            e.through.push_back(m.computedOrigins[k]);
            e.parameters += (e.parameters.empty() ? "" : ", ") + parameters;
        }
        for (int32_t j : m.computedReads[k])
            if (seen.insert(j).second)
                queue.push_back(j);
    }
}

} // namespace

std::vector<StiffEquation> stiffestEquations(const CompiledModel& m, const ParameterValues& values,
                                            const std::vector<double>& jy, size_t count)
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
        e.variable = var >= 0 && static_cast<size_t>(var) < m.variableCount() ? m.varName(var) : "";
        e.coefficient = x.largest / m.nominal[static_cast<size_t>(x.slot)];
        e.parameters = parametersOf(values, e.origin);
        addComputedEquations(m, values, order[i], e);
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace flange::solve
