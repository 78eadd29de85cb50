#include "engine/solve/vector_norms.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace flange::solve {
namespace {

constexpr int kLanes = 8;

// sum over i (where id[i] > 0, with a mask) of (x[i] w[i])^2, in kLanes partial sums.
template <bool Masked>
sunrealtype weightedSquares(N_Vector x, N_Vector w, N_Vector id)
{
    const sunindextype n = NV_LENGTH_S(x);
    const sunrealtype* xd = NV_DATA_S(x);
    const sunrealtype* wd = NV_DATA_S(w);
    const sunrealtype* md = Masked ? NV_DATA_S(id) : nullptr;
    sunrealtype lane[kLanes] = {};
    sunindextype i = 0;
    for (; i + kLanes <= n; i += kLanes)
        for (int k = 0; k < kLanes; ++k) {
            const sunrealtype p = xd[i + k] * wd[i + k];
            lane[k] += Masked ? (md[i + k] > 0 ? p * p : 0.0) : p * p;
        }
    sunrealtype sum = 0;
    for (; i < n; ++i) {
        const sunrealtype p = xd[i] * wd[i];
        sum += Masked ? (md[i] > 0 ? p * p : 0.0) : p * p;
    }
    for (sunrealtype s : lane)
        sum += s;
    return sum;
}

sunrealtype wsqrsum(N_Vector x, N_Vector w) { return weightedSquares<false>(x, w, nullptr); }
sunrealtype wsqrsumMask(N_Vector x, N_Vector w, N_Vector id) { return weightedSquares<true>(x, w, id); }
sunrealtype wrmsNorm(N_Vector x, N_Vector w)
{
    return std::sqrt(weightedSquares<false>(x, w, nullptr) / static_cast<sunrealtype>(NV_LENGTH_S(x)));
}
sunrealtype wrmsNormMask(N_Vector x, N_Vector w, N_Vector id)
{
    return std::sqrt(weightedSquares<true>(x, w, id) / static_cast<sunrealtype>(NV_LENGTH_S(x)));
}

} // namespace

void useLaneNorms(N_Vector v)
{
    v->ops->nvwrmsnorm = wrmsNorm;
    v->ops->nvwrmsnormmask = wrmsNormMask;
    v->ops->nvwsqrsumlocal = wsqrsum;
    v->ops->nvwsqrsummasklocal = wsqrsumMask;
}

// Finite: |v| <= DBL_MAX, false for NaN and infinities. The flags are OR-ed as integers and
// the maxima kept per lane, so no value waits for the one before it.
bool maxAbsIfFinite(const double* x, size_t n, double& maxAbs)
{
    double lane[kLanes] = {};
    unsigned bad = 0;
    size_t i = 0;
    for (; i + kLanes <= n; i += kLanes)
        for (int k = 0; k < kLanes; ++k) {
            const double a = std::fabs(x[i + k]);
            bad |= !(a <= DBL_MAX);
            lane[k] = a > lane[k] ? a : lane[k];
        }
    double m = 0;
    for (; i < n; ++i) {
        const double a = std::fabs(x[i]);
        bad |= !(a <= DBL_MAX);
        m = a > m ? a : m;
    }
    for (double l : lane)
        m = std::max(m, l);
    maxAbs = m;
    return bad == 0;
}

bool differencesFinite(const double* a, const double* b, size_t n)
{
    unsigned bad = 0;
    for (size_t i = 0; i < n; ++i)
        bad |= !(std::fabs(a[i] - b[i]) <= DBL_MAX);
    return bad == 0;
}

} // namespace flange::solve
