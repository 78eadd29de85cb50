#include "ui/chart/chart_data.hpp"

#include <cmath>

namespace flange::ui::chart {

Series barSeries(const QVector<QPointF>& points, double width, const QString& name)
{
    Series s;
    s.style = Series::Style::Area;
    s.name = name;
    const double half = width / 2;
    for (const QPointF& p : points) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
            continue;
        s.points.append(QPointF(p.x() - half, 0));
        s.points.append(QPointF(p.x() - half, p.y()));
        s.points.append(QPointF(p.x() + half, p.y()));
        s.points.append(QPointF(p.x() + half, 0));
    }
    return s;
}

} // namespace flange::ui::chart
