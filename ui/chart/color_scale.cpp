#include "ui/chart/color_scale.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace flange::ui::chart {

namespace {

// Nine stops of viridis (van der Walt and Smith, matplotlib), evenly spaced.
constexpr std::array<std::array<int, 3>, 9> kStops{{{68, 1, 84},
                                                    {71, 44, 122},
                                                    {59, 81, 139},
                                                    {44, 113, 142},
                                                    {33, 144, 141},
                                                    {39, 173, 129},
                                                    {92, 200, 99},
                                                    {170, 220, 50},
                                                    {253, 231, 37}}};

} // namespace

ColorScale::ColorScale(double lo, double hi, bool log) : lo_(std::min(lo, hi)), hi_(std::max(lo, hi)), log_(log) {}

ColorScale ColorScale::fitting(const std::vector<double>& values, bool log)
{
    double lo = INFINITY, hi = -INFINITY;
    for (double v : values)
        if (std::isfinite(v) && (!log || v > 0)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    if (lo > hi)
        return log ? ColorScale(1, 10, true) : ColorScale(0, 1, false);
    return ColorScale(lo, hi, log);
}

double ColorScale::fraction(double value) const
{
    if (std::isnan(value) || (log_ && value <= 0))
        return NAN;
    const double a = log_ ? std::log10(lo_) : lo_;
    const double b = log_ ? std::log10(hi_) : hi_;
    const double v = log_ ? std::log10(value) : value;
    if (!(b > a))
        return 0.5;
    return std::clamp((v - a) / (b - a), 0.0, 1.0);
}

QColor ColorScale::colorAtFraction(double fraction)
{
    const double f = std::clamp(fraction, 0.0, 1.0) * (kStops.size() - 1);
    const size_t i = std::min(static_cast<size_t>(f), kStops.size() - 2);
    const double t = f - static_cast<double>(i);
    auto mix = [&](int c) {
        return static_cast<int>(std::lround(kStops[i][c] + (kStops[i + 1][c] - kStops[i][c]) * t));
    };
    return QColor(mix(0), mix(1), mix(2));
}

QColor ColorScale::colorAt(double value) const
{
    const double f = fraction(value);
    return std::isnan(f) ? QColor() : colorAtFraction(f);
}

std::vector<double> ticks(double lo, double hi, bool log, int count)
{
    std::vector<double> out;
    if (!(hi >= lo) || !std::isfinite(lo) || !std::isfinite(hi))
        return out;
    if (log) {
        if (lo <= 0)
            return out;
        const int first = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
        const int last = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
        const bool between = last - first < 3;
        for (int d = first; d <= last; ++d)
            for (double m : between ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
                const double v = m * std::pow(10.0, d);
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9))
                    out.push_back(v);
            }
        if (out.empty())
            out = {lo, hi};
        return out;
    }
    if (hi == lo)
        return {lo};
    // The step of 1, 2 or 5 times a power of ten nearest (in ratio) to the range over
    // count - 1: about `count` ticks (at least two with the default five).
    const double raw = (hi - lo) / std::max(count - 1, 1);
    const int e = static_cast<int>(std::floor(std::log10(raw)));
    const double power = std::pow(10.0, e);
    double m = 1;
    for (double c : {2.0, 5.0, 10.0})
        if (std::abs(std::log(c * power / raw)) < std::abs(std::log(m * power / raw)))
            m = c;
    // Tick k is k * m * 10^e, divided by 10^-e for a negative e so that 0.6 is 0.6, not
    // 3 * 0.2 = 0.6000000000000001.
    auto tick = [&](double k) { return e >= 0 ? k * m * std::pow(10.0, e) : k * m / std::pow(10.0, -e); };
    const double step = m * power;
    for (double k = std::ceil(lo / step - 1e-9); tick(k) <= hi + step * 1e-9; ++k)
        out.push_back(tick(k) == 0 ? 0.0 : tick(k));
    return out;
}

} // namespace flange::ui::chart
