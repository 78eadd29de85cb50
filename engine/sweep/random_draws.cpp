#include "engine/sweep/random_draws.hpp"

#include <cmath>

namespace flange::sweep {

uint64_t SplitMix64::next()
{
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

namespace {

uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

} // namespace

Xoshiro256StarStar::Xoshiro256StarStar(uint64_t seed)
{
    SplitMix64 expand(seed);
    for (uint64_t& word : s_)
        word = expand.next();
}

uint64_t Xoshiro256StarStar::next()
{
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

double RandomDraws::uniform01() { return static_cast<double>(generator_.next() >> 11) * 0x1.0p-53; }

double RandomDraws::uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }

double RandomDraws::standardNormal()
{
    // Marsaglia's polar method; the second value of each pair is dropped, so that every
    // draw depends only on the generator's position, not on what was asked before.
    for (;;) {
        const double u = 2 * uniform01() - 1, v = 2 * uniform01() - 1;
        const double s = u * u + v * v;
        if (s > 0 && s < 1)
            return u * std::sqrt(-2 * portableLog(s) / s); // sqrt is correctly rounded by IEEE 754
    }
}

double RandomDraws::normal(double mean, double sd) { return mean + sd * standardNormal(); }

double portableLog(double x)
{
    // x = m * 2^e with m in [sqrt(1/2), sqrt(2)); log m = 2 atanh(f), f = (m - 1) / (m + 1),
    // |f| < 0.172, as the series f + f^3/3 + f^5/5 + ...: 14 terms leave less than 1e-22.
    int e = 0;
    double m = std::frexp(x, &e); // exact: [0.5, 1)
    if (m < 0.70710678118654752440) {
        m *= 2;
        --e;
    }
    const double f = (m - 1) / (m + 1), f2 = f * f;
    double sum = 0;
    for (int k = 27; k >= 1; k -= 2)
        sum = sum * f2 + 1.0 / k;
    // ln 2 in two parts: the high part times e (|e| < 1100) is exact.
    constexpr double ln2Hi = 6.93147180369123816490e-01, ln2Lo = 1.90821492927058770002e-10;
    return e * ln2Hi + (2 * f * sum + e * ln2Lo);
}

} // namespace flange::sweep
