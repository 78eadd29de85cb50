#include "engine/solve/pivoted_qr.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace flange::solve {

namespace {

// A column whose remaining norm (after removing the pivoted columns' directions) is below
// this fraction of its own norm counts as dependent. Relative per column, so unknowns of very
// different units (an angle and a torque) are judged alike.
constexpr double kDependentColumn = 1e-10;
// The part of the right-hand side outside the range, relative to its norm, that still counts
// as rounding: more means the equations contradict each other.
constexpr double kInconsistent = 1e-6;


} // namespace

void PivotedQr::factor()
{
    diag.assign(n, 0.0);
    tau.assign(n, 0.0);
    perm.resize(n);
    std::iota(perm.begin(), perm.end(), std::size_t{0});
    colNorm.resize(n);
    for (std::size_t j = 0; j < n; ++j)
        colNorm[j] = norm(col(j), 0);
    rank = n;
    for (std::size_t k = 0; k < n; ++k) {
        std::size_t best = k;
        double bestRel = -1.0;
        for (std::size_t j = k; j < n; ++j) {
            const double rel = colNorm[j] > 0 ? norm(col(j), k) / colNorm[j] : 0.0;
            if (rel > bestRel) {
                bestRel = rel;
                best = j;
            }
        }
        if (bestRel <= kDependentColumn) {
            rank = k;
            return;
        }
        if (best != k) {
            std::swap_ranges(col(k), col(k) + n, col(best));
            std::swap(colNorm[k], colNorm[best]);
            std::swap(perm[k], perm[best]);
        }
        double* v = col(k);
        const double x0 = v[k];
        const double nx = norm(v, k);
        const double alpha = x0 >= 0 ? -nx : nx;
        v[k] = x0 - alpha;
        const double vv = nx * nx - x0 * x0 + v[k] * v[k];
        diag[k] = alpha;
        tau[k] = vv > 0 ? 2.0 / vv : 0.0;
        for (std::size_t j = k + 1; j < n; ++j)
            reflect(k, col(j));
    }
}


void PivotedQr::reflect(std::size_t k, double* y) const
{
    const double* v = a.data() + k * n;
    double s = 0;
    for (std::size_t i = k; i < n; ++i)
        s += v[i] * y[i];
    s *= tau[k];
    for (std::size_t i = k; i < n; ++i)
        y[i] -= s * v[i];
}


double PivotedQr::norm(const double* y, std::size_t from) const
{
    double s = 0;
    for (std::size_t i = from; i < n; ++i)
        s += y[i] * y[i];
    return std::sqrt(s);
}


bool PivotedQr::solve(const double* b, double* x)
{
    work.assign(b, b + n);
    const double bNorm = norm(work.data(), 0);
    for (std::size_t k = 0; k < rank; ++k)
        reflect(k, work.data());
    if (norm(work.data(), rank) > kInconsistent * bNorm)
        return false;
    for (std::size_t k = rank; k-- > 0;) {
        double s = work[k];
        for (std::size_t j = k + 1; j < rank; ++j)
            s -= a[j * n + k] * work[j];
        work[k] = s / diag[k];
    }
    std::fill(x, x + n, 0.0);
    for (std::size_t k = 0; k < rank; ++k)
        x[perm[k]] = work[k];
    return true;
}

std::vector<std::vector<double>> PivotedQr::nullSpace() const
{
    std::vector<std::vector<double>> basis;
    for (std::size_t f = rank; f < n; ++f) {
        // R11 x = -R12[:, f] by back substitution, then scattered to the unknowns' order.
        std::vector<double> x(rank);
        for (std::size_t k = rank; k-- > 0;) {
            double s = -a[f * n + k];
            for (std::size_t j = k + 1; j < rank; ++j)
                s -= a[j * n + k] * x[j];
            x[k] = s / diag[k];
        }
        std::vector<double> v(n, 0.0);
        for (std::size_t k = 0; k < rank; ++k)
            v[perm[k]] = x[k];
        v[perm[f]] = 1.0;
        basis.push_back(std::move(v));
    }
    return basis;
}

} // namespace flange::solve
