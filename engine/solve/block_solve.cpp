#include "engine/solve/block_solve.hpp"
#include "engine/structure/strong_components.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace flange::solve {

std::vector<std::vector<int32_t>> blockOrder(const SparsePattern& pattern)
{
    // Row-wise adjacency: deps[i] = unknowns j that row i reads.
    std::vector<std::vector<int32_t>> deps(static_cast<size_t>(pattern.cols));
    for (int32_t c = 0; c < pattern.cols; ++c)
        for (int32_t k = pattern.colPtr[static_cast<size_t>(c)]; k < pattern.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            int32_t r = pattern.rowIdx[static_cast<size_t>(k)];
            if (r != c)
                deps[static_cast<size_t>(r)].push_back(c);
        }
    return structure::strongComponents(deps);
}

namespace {

// Solves the small square system m y = r (row-major k x k) by Gaussian elimination.
bool solveSmall(std::vector<double> m, std::vector<double>& r, size_t k)
{
    for (size_t c = 0; c < k; ++c) {
        size_t piv = c;
        for (size_t i = c + 1; i < k; ++i)
            if (std::fabs(m[i * k + c]) > std::fabs(m[piv * k + c]))
                piv = i;
        if (!(std::fabs(m[piv * k + c]) > 0))
            return false;
        for (size_t j = 0; j < k; ++j)
            std::swap(m[c * k + j], m[piv * k + j]);
        std::swap(r[c], r[piv]);
        for (size_t i = c + 1; i < k; ++i) {
            double f = m[i * k + c] / m[c * k + c];
            for (size_t j = c; j < k; ++j)
                m[i * k + j] -= f * m[c * k + j];
            r[i] -= f * r[c];
        }
    }
    for (size_t c = k; c-- > 0;) {
        double v = r[c];
        for (size_t j = c + 1; j < k; ++j)
            v -= m[c * k + j] * r[j];
        r[c] = v / m[c * k + c];
    }
    return true;
}

// Newton step of a block: solves A d = b in place (row-major, n x n) by Gaussian
// elimination with complete pivoting. A rank-deficient but consistent system (two stuck
// friction elements in series share one torque in any split) gets the step whose result
// x + d has the least scaled norm: the undetermined torque is shared out, not put on one
// element chosen by pivoting. False if the dependent equations contradict each other.
bool denseSolve(std::vector<double>& a, std::vector<double>& b, size_t n, const std::vector<double>& x,
                const std::vector<double>& scale)
{
    std::vector<size_t> colPerm(n);
    for (size_t j = 0; j < n; ++j)
        colPerm[j] = j;
    double amax = 0, bmax = 0;
    for (double v : a)
        amax = std::max(amax, std::fabs(v));
    for (double v : b)
        bmax = std::max(bmax, std::fabs(v));
    const double tiny = 1e-12 * amax;
    size_t rank = 0;
    for (size_t k = 0; k < n; ++k) {
        size_t pr = k, pc = k;
        for (size_t i = k; i < n; ++i)
            for (size_t j = k; j < n; ++j)
                if (std::fabs(a[i * n + j]) > std::fabs(a[pr * n + pc])) {
                    pr = i;
                    pc = j;
                }
        if (!(std::fabs(a[pr * n + pc]) > tiny))
            break;
        rank = k + 1;
        if (pr != k) {
            for (size_t j = 0; j < n; ++j)
                std::swap(a[k * n + j], a[pr * n + j]);
            std::swap(b[k], b[pr]);
        }
        if (pc != k) {
            for (size_t i = 0; i < n; ++i)
                std::swap(a[i * n + k], a[i * n + pc]);
            std::swap(colPerm[k], colPerm[pc]);
        }
        for (size_t i = k + 1; i < n; ++i) {
            double f = a[i * n + k] / a[k * n + k];
            if (f == 0)
                continue;
            for (size_t j = k; j < n; ++j)
                a[i * n + j] -= f * a[k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (size_t i = rank; i < n; ++i)
        if (std::fabs(b[i]) > 1e-9 * (1 + bmax))
            return false;
    // Back substitution in pivot order with the free unknowns (pivot positions >= rank)
    // given: rhs = b for the particular step, 0 plus a unit free value for a null vector.
    auto backSubstitute = [&](std::vector<double>& v, bool homogeneous) {
        for (size_t k = rank; k-- > 0;) {
            double s = homogeneous ? 0.0 : b[k];
            for (size_t j = k + 1; j < n; ++j)
                s -= a[k * n + j] * v[j];
            v[k] = s / a[k * n + k];
        }
    };
    std::vector<double> d(n, 0.0);
    backSubstitute(d, false);
    const size_t nFree = n - rank;
    if (nFree > 0) {
        std::vector<std::vector<double>> nulls(nFree, std::vector<double>(n, 0.0));
        for (size_t f = 0; f < nFree; ++f) {
            nulls[f][rank + f] = 1.0;
            backSubstitute(nulls[f], true);
        }
        // min over y of sum_i w_i (x_i + d_i + sum_f y_f null_f,i)^2, w_i = 1/scale_i^2
        std::vector<double> g(nFree * nFree, 0.0), r(nFree, 0.0);
        for (size_t i = 0; i < n; ++i) {
            size_t orig = colPerm[i];
            double sc = scale.empty() ? 1.0 : std::max(std::fabs(scale[orig]), 1e-300);
            double w = 1.0 / (sc * sc);
            double u = x[orig] + d[i];
            for (size_t f = 0; f < nFree; ++f) {
                r[f] -= w * nulls[f][i] * u;
                for (size_t h = 0; h < nFree; ++h)
                    g[f * nFree + h] += w * nulls[f][i] * nulls[h][i];
            }
        }
        if (solveSmall(g, r, nFree))
            for (size_t f = 0; f < nFree; ++f)
                for (size_t i = 0; i < n; ++i)
                    d[i] += r[f] * nulls[f][i];
    }
    for (size_t j = 0; j < n; ++j)
        b[colPerm[j]] = d[j];
    return true;
}

} // namespace

BlockPassResult solveByBlocks(const NewtonProblem& p, std::vector<double>& x, int maxBlock, double tolerance)
{
    BlockPassResult result;
    const auto& pat = p.pattern;
    const size_t n = static_cast<size_t>(pat.cols);
    std::vector<double> f(n), values(pat.nnz()), saved;
    std::vector<int32_t> pos(n, -1);
    auto blocks = blockOrder(pat);
    result.blocks = static_cast<int>(blocks.size());
    for (const auto& block : blocks) {
        const size_t m = block.size();
        if (m > static_cast<size_t>(maxBlock)) {
            ++result.skipped;
            continue;
        }
        for (size_t i = 0; i < m; ++i)
            pos[static_cast<size_t>(block[i])] = static_cast<int32_t>(i);
        saved.clear();
        for (int32_t v : block)
            saved.push_back(x[static_cast<size_t>(v)]);
        std::vector<double> a(m * m), b(m);
        bool converged = false;
        for (int iter = 0; iter < 50 && !converged; ++iter) {
            if (p.cancelled && p.cancelled()) {
                result.cancelled = true;
                return result;
            }
            p.residual(x.data(), f.data());
            double norm = 0;
            for (size_t i = 0; i < m; ++i) {
                double fi = f[static_cast<size_t>(block[i])];
                if (!std::isfinite(fi)) {
                    norm = INFINITY;
                    break;
                }
                norm = std::max(norm, std::fabs(fi));
            }
            if (!std::isfinite(norm))
                break;
            p.jacobian(x.data(), values.data());
            std::fill(a.begin(), a.end(), 0.0);
            for (size_t j = 0; j < m; ++j) {
                int32_t c = block[j];
                for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k) {
                    int32_t i = pos[static_cast<size_t>(pat.rowIdx[static_cast<size_t>(k)])];
                    if (i >= 0)
                        a[static_cast<size_t>(i) * m + j] = values[static_cast<size_t>(k)];
                }
            }
            for (size_t i = 0; i < m; ++i)
                b[i] = -f[static_cast<size_t>(block[i])];
            std::vector<double> xb(m), sb;
            for (size_t j = 0; j < m; ++j) {
                xb[j] = x[static_cast<size_t>(block[j])];
                if (!p.scale.empty())
                    sb.push_back(p.scale[static_cast<size_t>(block[j])]);
            }
            if (!denseSolve(a, b, m, xb, sb))
                break;
            double step = 0;
            for (size_t j = 0; j < m; ++j) {
                double& xv = x[static_cast<size_t>(block[j])];
                xv += b[j];
                double s = p.scale.empty() ? 1.0 : std::max(std::fabs(p.scale[static_cast<size_t>(block[j])]), 1e-300);
                step = std::max(step, std::fabs(b[j]) / std::max(s, std::fabs(xv)));
            }
            converged = step <= tolerance;
        }
        bool finite = std::all_of(block.begin(), block.end(), [&](int32_t v) { return std::isfinite(x[static_cast<size_t>(v)]); });
        if (converged && finite) {
            ++result.solved;
        } else {
            ++result.skipped;
            for (size_t i = 0; i < m; ++i)
                x[static_cast<size_t>(block[i])] = saved[i];
        }
        for (int32_t v : block)
            pos[static_cast<size_t>(v)] = -1;
    }
    return result;
}

bool residualBelow(const NewtonProblem& p, const std::vector<double>& x, double tolerance)
{
    std::vector<double> f(x.size());
    if (!p.residual(x.data(), f.data()))
        return false;
    for (size_t i = 0; i < f.size(); ++i) {
        double s = p.scale.empty() ? 1.0 : std::max(1.0, std::fabs(p.scale[i]));
        if (!(std::fabs(f[i]) / s <= tolerance))
            return false;
    }
    return true;
}

} // namespace flange::solve
