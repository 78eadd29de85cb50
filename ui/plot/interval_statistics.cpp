#include "ui/plot/interval_statistics.hpp"

#include "ui/plot/curve_math.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace flange::ui::plot {

std::optional<IntervalStatistics> intervalStatistics(std::span<const double> t, std::span<const double> v, double a,
                                                     double b, bool hold)
{
    const double t1 = std::min(a, b), t2 = std::max(a, b);
    const size_t n = std::min(t.size(), v.size());
    if (n == 0 || !(t2 > t1) || t1 < t[0] || t2 > t[n - 1])
        return std::nullopt;
    // The curve's corners within [t1, t2]: its values at the cursors and the samples between.
    std::vector<std::pair<double, double>> corners{{t1, valueAt(t, v, t1, hold)}};
    const auto first = std::upper_bound(t.begin(), t.begin() + static_cast<long>(n), t1) - t.begin();
    for (auto i = static_cast<size_t>(first); i < n && t[i] < t2; ++i)
        corners.emplace_back(t[i], v[i]);
    const double end = valueAt(t, v, t2, hold);
    corners.emplace_back(t2, end);

    IntervalStatistics s;
    s.dt = t2 - t1;
    s.dy = end - corners.front().second;
    s.min = s.max = corners.front().second;
    double integral = 0, squares = 0;
    for (size_t i = 1; i < corners.size(); ++i) {
        const auto [ta, ya] = corners[i - 1];
        const auto [tb, yb0] = corners[i];
        // A held signal keeps ya until the next sample; a linear one goes straight to yb.
        const double yb = hold ? ya : yb0;
        const double h = tb - ta;
        integral += h * (ya + yb) / 2;
        squares += h * (ya * ya + ya * yb + yb * yb) / 3; // exact for a straight piece
        s.min = std::min({s.min, yb0});
        s.max = std::max({s.max, yb0});
    }
    s.mean = integral / s.dt;
    s.rms = std::sqrt(std::max(0.0, squares / s.dt));
    return s;
}

} // namespace flange::ui::plot
