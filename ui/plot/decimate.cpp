#include "ui/plot/decimate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flange::ui::plot {

QList<QPointF> decimate(const double* t, const double* v, size_t n, double x0, double x1, int columns)
{
    QList<QPointF> out;
    if (n == 0)
        return out;
    // One point either side of the range, so the drawn line reaches the plot's edges.
    size_t lo = static_cast<size_t>(std::lower_bound(t, t + n, x0) - t);
    if (lo > 0)
        --lo;
    size_t hi = static_cast<size_t>(std::upper_bound(t, t + n, x1) - t);
    if (hi < n)
        ++hi;
    if (hi <= lo)
        return out;
    const size_t count = hi - lo;
    if (columns < 1 || count <= static_cast<size_t>(columns) || !(x1 > x0)) {
        out.reserve(static_cast<qsizetype>(count));
        for (size_t i = lo; i < hi; ++i)
            if (!std::isnan(v[i]))
                out.append(QPointF(t[i], v[i]));
        return out;
    }

    out.reserve(2 * columns + 2);
    auto push = [&](size_t i) {
        if (!std::isnan(v[i]))
            out.append(QPointF(t[i], v[i]));
    };
    push(lo);
    const double scale = columns / (x1 - x0);
    // A column's points are scanned with one multiply and compare each (this loop is
    // most of a redraw's time); the test is floor((t - x0) * scale) == c without the floor.
    size_t i = lo + 1;
    const size_t end = hi - 1;
    while (i < end) {
        if (std::isnan(v[i])) {
            ++i;
            continue;
        }
        const int c = std::clamp(static_cast<int>(std::floor((t[i] - x0) * scale)), 0, columns - 1);
        const double next = c + 1 < columns ? c + 1 : std::numeric_limits<double>::infinity();
        size_t minI = i, maxI = i;
        double lowest = v[i], highest = v[i];
        for (++i; i < end && (t[i] - x0) * scale < next; ++i) {
            const double y = v[i]; // NaN fails both tests and is skipped
            if (y < lowest) {
                lowest = y;
                minI = i;
            } else if (y > highest) {
                highest = y;
                maxI = i;
            }
        }
        // In time order, so the line goes through the column the way the data did.
        push(std::min(minI, maxI));
        if (minI != maxI)
            push(std::max(minI, maxI));
    }
    if (hi - 1 > lo)
        push(hi - 1);
    return out;
}

} // namespace flange::ui::plot
