#include "ui/document/segment_drag.hpp"

#include <QLineF>

#include <algorithm>

#include <cmath>

namespace flange::ui {

namespace {

bool isHorizontal(QPointF a, QPointF b) { return std::abs(a.y() - b.y()) < 1e-9 && std::abs(a.x() - b.x()) > 1e-9; }
bool isVertical(QPointF a, QPointF b) { return std::abs(a.x() - b.x()) < 1e-9 && std::abs(a.y() - b.y()) > 1e-9; }

double distanceToSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF d = b - a;
    const double length2 = QPointF::dotProduct(d, d);
    const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / length2, 0.0, 1.0) : 0.0;
    return QLineF(p, a + t * d).length();
}

// Moves segment k (points k, k+1) across itself by `delta`; a segment ending on a port
// first gets a copy of that end, so the port keeps its line.
QPolygonF moveSegment(QPolygonF route, int k, QPointF delta)
{
    if (k < 0 || k + 1 >= route.size())
        return route;
    QPointF shift;
    if (isHorizontal(route[k], route[k + 1]))
        shift = QPointF(0, delta.y());
    else if (isVertical(route[k], route[k + 1]))
        shift = QPointF(delta.x(), 0);
    if (shift.isNull())
        return route;
    if (k + 1 == route.size() - 1)
        route.insert(k + 1, route[k + 1]); // keep the last port
    if (k == 0) {
        route.insert(0, route[0]); // keep the first port
        ++k;
    }
    route[k] += shift;
    route[k + 1] += shift;
    return route;
}

} // namespace

SegmentGrip gripAt(const QPolygonF& route, QPointF at, double reach)
{
    SegmentGrip grip;
    for (int i = 1; i + 1 < route.size(); ++i)
        if (QLineF(route[i], at).length() <= reach) {
            grip.corner = i;
            return grip;
        }
    double best = reach;
    for (int i = 0; i + 1 < route.size(); ++i) {
        const double d = distanceToSegment(at, route[i], route[i + 1]);
        if (d <= best) {
            best = d;
            grip.segment = i;
        }
    }
    return grip;
}

QPolygonF dragged(const QPolygonF& route, const SegmentGrip& grip, QPointF delta)
{
    if (grip.corner > 0 && grip.corner + 1 < route.size()) {
        // The segment after the corner first: moving it can only add a point after it,
        // which leaves the index of the segment before it unchanged.
        const QPolygonF once = moveSegment(route, grip.corner, delta);
        return moveSegment(once, grip.corner - 1, delta);
    }
    return moveSegment(route, grip.segment, delta);
}

} // namespace flange::ui
