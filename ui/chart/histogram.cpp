#include "ui/chart/chart_data.hpp"

#include <algorithm>
#include <cmath>

namespace flange::ui::chart {

Histogram histogram(const std::vector<double>& values, int bins)
{
    Histogram h;
    std::vector<double> finite;
    for (double v : values)
        if (std::isfinite(v))
            finite.push_back(v);
    if (finite.empty())
        return h;
    if (bins <= 0)
        bins = std::max(5, static_cast<int>(std::lround(std::sqrt(static_cast<double>(finite.size())))));
    auto [lo, hi] = std::minmax_element(finite.begin(), finite.end());
    double a = *lo, b = *hi;
    if (b == a) { // one value: a bin of its own width around it
        const double half = a == 0 ? 0.5 : std::abs(a) * 0.05;
        a -= half;
        b += half;
    }
    h.counts.assign(static_cast<size_t>(bins), 0);
    for (int i = 0; i <= bins; ++i)
        h.edges.push_back(a + (b - a) * i / bins);
    for (double v : finite) {
        const int k = std::clamp(static_cast<int>((v - a) / (b - a) * bins), 0, bins - 1);
        ++h.counts[static_cast<size_t>(k)];
    }
    return h;
}

Series histogramSeries(const Histogram& h, const QString& name)
{
    Series s;
    s.style = Series::Style::Area;
    s.name = name;
    if (h.counts.empty())
        return s;
    s.points.append(QPointF(h.edges.front(), 0));
    for (size_t i = 0; i < h.counts.size(); ++i) {
        s.points.append(QPointF(h.edges[i], h.counts[i]));
        s.points.append(QPointF(h.edges[i + 1], h.counts[i]));
    }
    s.points.append(QPointF(h.edges.back(), 0));
    return s;
}

} // namespace flange::ui::chart
