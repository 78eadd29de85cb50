// Dummy derivatives (Mattsson & Soederlind, SIAM J. Sci. Comput. 14(3), 1993), walking
// each level of differentiated equations from the top down as ModelingToolkit's
// dummy_derivative_graph! does. Columns are picked greedily in stateSelect priority
// order (a transversal-matroid greedy by augmenting paths), then confirmed numerically:
// every constraint in this library is linear with constant coefficients once parameters
// are folded, so one evaluation of the Jacobian block at the start values decides.
#include "engine/expr/differentiate.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/structure/dae_structure.hpp"
#include "engine/structure/matching.hpp"

#include <algorithm>
#include <cmath>

namespace flange::structure {
namespace {

// Incremental rank test: accepts a column if it is independent of those accepted so far.
class RankBuilder {
public:
    explicit RankBuilder(size_t rows) : rows_(rows) {}
    bool tryAdd(std::vector<double> col)
    {
        double norm0 = 0;
        for (double x : col)
            norm0 = std::max(norm0, std::fabs(x));
        if (norm0 == 0)
            return false;
        for (const auto& b : basis_) {
            double dot = 0;
            for (size_t i = 0; i < rows_; ++i)
                dot += b[i] * col[i];
            for (size_t i = 0; i < rows_; ++i)
                col[i] -= dot * b[i];
        }
        double norm = 0;
        for (double x : col)
            norm += x * x;
        norm = std::sqrt(norm);
        if (norm <= 1e-10 * norm0)
            return false;
        for (double& x : col)
            x /= norm;
        basis_.push_back(std::move(col));
        return true;
    }

private:
    size_t rows_;
    std::vector<std::vector<double>> basis_;
};

} // namespace

void selectDummyDerivatives(flatten::FlatModel& m, DaeStructure& s)
{
    s.isDummy.assign(m.vars.size(), 0);
    s.isState.assign(m.vars.size(), 0);
    std::vector<double> startValues(m.vars.size(), 0.0);
    for (size_t v = 0; v < m.vars.size(); ++v)
        startValues[v] = m.vars[v].start;
    std::vector<double> zeros(std::max<size_t>(m.vars.size(), m.relations.size()) + 1, 0.0);
    expr::EvalContext ctx;
    ctx.vars = startValues.data();
    ctx.disc = startValues.data();
    ctx.pre = startValues.data();
    ctx.rel = zeros.data();
    ctx.time = m.experiment.startTime;

    std::vector<int32_t> H;
    for (size_t e = 0; e < s.eqs.size(); ++e)
        if (s.eqDiff[e] < 0 && s.eqParent[e] >= 0)
            H.push_back(static_cast<int32_t>(e));
    std::vector<int32_t> Z;
    for (int32_t h : H)
        for (int32_t v : s.incidence[static_cast<size_t>(h)])
            if (m.vars[static_cast<size_t>(v)].derivative < 0 && m.vars[static_cast<size_t>(v)].derivativeOf >= 0)
                Z.push_back(v);
    std::sort(Z.begin(), Z.end());
    Z.erase(std::unique(Z.begin(), Z.end()), Z.end());
    // Variable id -> local column, by id: a level of a long drive line has 10^4 columns.
    std::vector<int32_t> colOf(m.vars.size(), -1);
    auto parentOf = [&m](int32_t v) { return m.vars[static_cast<size_t>(v)].derivativeOf; };
    while (!H.empty()) {
        // Least state-worthy first: low stateSelect of the integral, not fixed, declared earlier.
        std::sort(Z.begin(), Z.end(), [&](int32_t a, int32_t b) {
            const auto& pa = m.vars[static_cast<size_t>(parentOf(a))];
            const auto& pb = m.vars[static_cast<size_t>(parentOf(b))];
            if (pa.stateSelect != pb.stateSelect)
                return pa.stateSelect < pb.stateSelect;
            if (pa.fixed != pb.fixed)
                return !pa.fixed;
            return a < b;
        });
        for (size_t i = 0; i < Z.size(); ++i)
            colOf[static_cast<size_t>(Z[i])] = static_cast<int32_t>(i);
        // local bipartite graph: columns -> rows (we augment from columns)
        std::vector<std::vector<int32_t>> colRows(Z.size());
        for (size_t r = 0; r < H.size(); ++r)
            for (int32_t v : s.incidence[static_cast<size_t>(H[r])])
                if (const int32_t c = colOf[static_cast<size_t>(v)]; c >= 0)
                    colRows[static_cast<size_t>(c)].push_back(static_cast<int32_t>(r));
        for (int32_t z : Z)
            colOf[static_cast<size_t>(z)] = -1; // clean for the next level
        Matching match(colRows);
        std::vector<int32_t> selected;
        for (size_t c = 0; c < Z.size() && selected.size() < H.size(); ++c)
            if (match.augment(static_cast<int32_t>(c), [](int32_t) { return true; }))
                selected.push_back(Z[c]);
        // Numeric confirmation on blocks of modest size.
        if (H.size() <= 300) {
            auto column = [&](int32_t v) {
                std::vector<double> col(H.size());
                for (size_t r = 0; r < H.size(); ++r) {
                    const auto& inc = s.incidence[static_cast<size_t>(H[r])];
                    if (!std::binary_search(inc.begin(), inc.end(), v))
                        continue;
                    expr::NodeId d = expr::partial(m.pool, s.eqs[static_cast<size_t>(H[r])].residual, v);
                    m.pool.markStructural(d); // the rank at these values picks the states
                    col[r] = expr::evaluate(m.pool, d, ctx);
                }
                return col;
            };
            RankBuilder check(H.size());
            bool ok = true;
            for (int32_t v : selected)
                ok = ok && check.tryAdd(column(v));
            if (!ok || selected.size() < H.size()) {
                selected.clear();
                RankBuilder greedy(H.size());
                for (int32_t v : Z) {
                    if (selected.size() == H.size())
                        break;
                    if (greedy.tryAdd(column(v)))
                        selected.push_back(v);
                }
            }
        }
        if (selected.size() < H.size())
            m.warnings.push_back("state selection: the constraint block containing " +
                                 s.eqs[static_cast<size_t>(H.front())].origin +
                                 " looks singular; the simulation may fail");
        for (int32_t v : selected)
            s.isDummy[static_cast<size_t>(v)] = 1;
        std::vector<int32_t> nextH, nextZ;
        for (int32_t h : H) {
            int32_t p = s.eqParent[static_cast<size_t>(h)];
            if (p >= 0 && s.eqParent[static_cast<size_t>(p)] >= 0)
                nextH.push_back(p);
        }
        for (int32_t z : selected) {
            int32_t p = parentOf(z);
            if (p >= 0 && parentOf(p) >= 0)
                nextZ.push_back(p);
        }
        H = std::move(nextH);
        Z = std::move(nextZ);
    }
    if (s.isDummy.size() < m.vars.size())
        s.isDummy.resize(m.vars.size(), 0);
    s.isState.assign(m.vars.size(), 0);
    for (int32_t v : s.unknowns) {
        int32_t d = m.vars[static_cast<size_t>(v)].derivative;
        if (d >= 0 && !s.isDummy[static_cast<size_t>(d)])
            s.isState[static_cast<size_t>(v)] = 1;
    }
    for (int32_t v : s.unknowns) {
        const auto& var = m.vars[static_cast<size_t>(v)];
        if (var.stateSelect == flatten::Always && !s.isState[static_cast<size_t>(v)])
            m.warnings.push_back(var.name + " has stateSelect = always but cannot be a state (it is constrained)");
    }
}

} // namespace flange::structure
