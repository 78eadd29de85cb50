#include "ui/canvas/orthogonal_route.hpp"

#include <cmath>

namespace flange::ui {

namespace {

constexpr double kTolerance = 1e-6;

bool aligned(QPointF a, QPointF b) { return std::abs(a.x() - b.x()) < kTolerance || std::abs(a.y() - b.y()) < kTolerance; }

bool horizontalDir(QPointF dir, QPointF from, QPointF to)
{
    if (!dir.isNull())
        return dir.x() != 0;
    return std::abs(to.x() - from.x()) >= std::abs(to.y() - from.y());
}

// Drops repeated points and points in the middle of a straight run.
QPolygonF simplified(const QPolygonF& in)
{
    QPolygonF out;
    for (QPointF p : in) {
        if (!out.isEmpty() && std::abs(out.back().x() - p.x()) < kTolerance && std::abs(out.back().y() - p.y()) < kTolerance)
            continue;
        if (out.size() >= 2) {
            const QPointF a = out[out.size() - 2], b = out.back();
            const bool collinear = (std::abs(a.x() - b.x()) < kTolerance && std::abs(b.x() - p.x()) < kTolerance) ||
                                   (std::abs(a.y() - b.y()) < kTolerance && std::abs(b.y() - p.y()) < kTolerance);
            if (collinear)
                out.back() = p;
            else
                out << p;
            continue;
        }
        out << p;
    }
    return out;
}

} // namespace

QPolygonF orthogonalRoute(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QList<QPointF>& corners)
{
    QPolygonF route;
    route << start;
    if (corners.isEmpty()) {
        if (!aligned(start, end)) {
            const bool sh = horizontalDir(startDir, start, end);
            const bool eh = horizontalDir(endDir, end, start);
            if (sh && eh) {
                const double mx = (start.x() + end.x()) / 2;
                route << QPointF(mx, start.y()) << QPointF(mx, end.y());
            } else if (!sh && !eh) {
                const double my = (start.y() + end.y()) / 2;
                route << QPointF(start.x(), my) << QPointF(end.x(), my);
            } else if (sh) {
                route << QPointF(end.x(), start.y());
            } else {
                route << QPointF(start.x(), end.y());
            }
        }
        route << end;
        return simplified(route);
    }

    QList<QPointF> points = corners;
    points << end;
    bool lastHorizontal = horizontalDir(startDir, start, points.front());
    QPointF a = start;
    for (int i = 0; i < points.size(); ++i) {
        const QPointF b = points[i];
        const bool intoEnd = i == points.size() - 1;
        if (!aligned(a, b)) {
            bool horizontalFirst;
            if (i == 0)
                horizontalFirst = lastHorizontal;
            else if (intoEnd)
                horizontalFirst = !horizontalDir(endDir, end, a); // enter the port along its axis
            else
                horizontalFirst = !lastHorizontal;
            const QPointF elbow = horizontalFirst ? QPointF(b.x(), a.y()) : QPointF(a.x(), b.y());
            route << elbow;
            lastHorizontal = !horizontalFirst;
        } else {
            lastHorizontal = std::abs(a.y() - b.y()) < kTolerance;
        }
        route << b;
        a = b;
    }
    return simplified(route);
}

} // namespace flange::ui
