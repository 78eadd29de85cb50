#include "ui/plot/curve_math.hpp"

#include "ui/results/run_result.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flange::ui::plot {

QList<QPointF> toSteps(const QList<QPointF>& points)
{
    QList<QPointF> out;
    out.reserve(points.size() * 2);
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (i > 0 && points[i].y() != points[i - 1].y() && points[i].x() != points[i - 1].x())
            out.append(QPointF(points[i].x(), points[i - 1].y()));
        out.append(points[i]);
    }
    return out;
}

double valueAt(std::span<const double> t, std::span<const double> v, double x, bool hold)
{
    const size_t n = std::min(t.size(), v.size());
    if (n == 0 || x < t[0] || x > t[n - 1] || std::isnan(x))
        return std::numeric_limits<double>::quiet_NaN();
    const size_t i = static_cast<size_t>(std::lower_bound(t.begin(), t.begin() + static_cast<long>(n), x) - t.begin());
    if (t[i] == x || i == 0)
        return v[i]; // lower_bound finds the first of equal times: the value before the event
    if (hold)
        return v[i - 1];
    const double w = (x - t[i - 1]) / (t[i] - t[i - 1]);
    return v[i - 1] + w * (v[i] - v[i - 1]);
}

double niceStep(double span, int ticks)
{
    if (!(span > 0) || ticks < 1)
        return 1;
    const double raw = span / ticks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    const double nice = f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10;
    return nice * magnitude;
}

QList<Tick> ticksWithin(double lo, double hi, double step)
{
    QList<Tick> ticks;
    if (!(step > 0) || !(hi >= lo) || !std::isfinite(lo) || !std::isfinite(hi) || (hi - lo) / step > 1000)
        return ticks;
    // Enough significant digits for the largest tick to differ from its neighbours.
    const double largest = std::max(std::fabs(lo), std::fabs(hi));
    int digits = largest > 0 ? static_cast<int>(std::ceil(std::log10(largest)) - std::floor(std::log10(step))) + 1 : 1;
    digits = std::clamp(digits, 1, 17);
    // A bound on a tick (lo = -0.3 at step 0.1, where -0.3 / 0.1 = -2.9999999999999996)
    // keeps its tick; + 0.0 turns the -0 of k = -0 into 0.
    const double slack = 1e-9;
    for (double k = std::ceil(lo / step - slack); k <= std::floor(hi / step + slack); ++k) {
        const double v = k * step + 0.0;
        ticks.append({std::clamp(v, lo, hi), QString::number(v, 'g', digits)});
    }
    return ticks;
}

std::optional<QString> unitOf(const QString& name, const ShownRuns& runs)
{
    const std::string key = name.toStdString();
    for (const auto& r : runs) {
        if (!r)
            continue;
        const int c = r->column(key);
        if (c >= 0)
            return QString::fromStdString(r->variables()[static_cast<size_t>(c)].unit);
    }
    return std::nullopt;
}

} // namespace flange::ui::plot
