#include "engine/solve/output_grid.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace flange::solve {

namespace {

// A double's shortest round-trip decimal as mantissa * 10^-places (0.018 -> 18, 3);
// false where the mantissa has more digits than a long long holds.
bool shortestDecimal(double v, long long& mantissa, int& places)
{
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    if (ec != std::errc())
        return false;
    const std::string text(buf, end); // "-1.8e-02"
    const size_t e = text.find('e');
    std::string digits;
    for (size_t i = 0; i < e; ++i)
        if (text[i] != '.')
            digits += text[i];
    if (digits.size() > 18)
        return false;
    mantissa = std::stoll(digits);
    const int exponent = std::atoi(text.c_str() + e + 1);
    const int fraction = static_cast<int>(digits.size()) - (text[0] == '-' ? 2 : 1);
    places = fraction - exponent;
    for (; places < 0; ++places) { // an integer: no decimal places
        if (std::llabs(mantissa) > 100000000000000000LL)
            return false;
        mantissa *= 10;
    }
    return true;
}

// Integers up to this size are exact in a double, and so is the quotient's rounding.
constexpr long long kExact = 1LL << 53;
// Powers of ten up to 10^22 are exact in a double.
constexpr int kMostPlaces = 22;

} // namespace

OutputGrid::OutputGrid(double t0, double dt, double tEnd, long last) : t0_(t0), dt_(dt), tEnd_(tEnd), last_(last)
{
    long long m0 = 0, md = 0;
    int p0 = 0, pd = 0;
    if (!shortestDecimal(t0, m0, p0) || !shortestDecimal(dt, md, pd))
        return;
    const int places = std::max(p0, pd);
    if (places > kMostPlaces)
        return;
    // To the common scale, each step checked against the exact range.
    for (int p = p0; p < places; ++p, m0 *= 10)
        if (std::llabs(m0) >= kExact)
            return;
    for (int p = pd; p < places; ++p, md *= 10)
        if (md >= kExact)
            return;
    if (md <= 0 || std::llabs(m0) >= kExact || md >= kExact || static_cast<double>(last) * static_cast<double>(md) +
                                                                      std::fabs(static_cast<double>(m0)) >=
                                                                  static_cast<double>(kExact))
        return;
    start_ = m0;
    step_ = md;
    scale_ = std::pow(10.0, places); // exact: 10^places <= 10^22
    decimal_ = true;
}

double OutputGrid::time(long i) const
{
    if (i >= last_)
        return tEnd_;
    if (!decimal_)
        return t0_ + static_cast<double>(i) * dt_;
    // Both operands exact, so the quotient is the double nearest to the decimal time.
    return static_cast<double>(start_ + static_cast<long long>(i) * step_) / scale_;
}

} // namespace flange::solve
