#include "ui/document/orthogonal_route.hpp"

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

QPointF direction(QPointF a, QPointF b)
{
    const QPointF d = b - a;
    if (std::abs(d.x()) > kTolerance)
        return {d.x() > 0 ? 1.0 : -1.0, 0};
    if (std::abs(d.y()) > kTolerance)
        return {0, d.y() > 0 ? 1.0 : -1.0};
    return {};
}

// Whether the segment a-b passes through the inside of `r` (running along an edge or
// ending on it, as a line leaving a port does, is not crossing).
bool crosses(QPointF a, QPointF b, const QRectF& r)
{
    const QRectF inside = r.adjusted(0.5, 0.5, -0.5, -0.5);
    if (inside.isEmpty())
        return false;
    const QRectF span = QRectF(a, b).normalized();
    if (std::abs(a.y() - b.y()) < kTolerance)
        return a.y() > inside.top() && a.y() < inside.bottom() && span.right() > inside.left() && span.left() < inside.right();
    return a.x() > inside.left() && a.x() < inside.right() && span.bottom() > inside.top() && span.top() < inside.bottom();
}

// Lower is better: length, a bend costs a stub, crossing an icon costs far more, and
// leaving or entering a port the wrong way is worse still.
double cost(const QPolygonF& route, QPointF startDir, QPointF endDir, const QList<QRectF>& obstacles, double stub)
{
    if (route.size() < 2)
        return 0;
    double total = 0;
    for (int i = 1; i < route.size(); ++i) {
        total += std::abs(route[i].x() - route[i - 1].x()) + std::abs(route[i].y() - route[i - 1].y());
        for (const QRectF& r : obstacles)
            if (crosses(route[i - 1], route[i], r))
                total += 1e6;
    }
    total += (route.size() - 2) * stub;
    if (!startDir.isNull() && direction(route[0], route[1]) != startDir)
        total += 1e9;
    if (!endDir.isNull() && direction(route[route.size() - 2], route.back()) != -endDir)
        total += 1e9;
    return total;
}

} // namespace

QPolygonF simplifiedRoute(const QPolygonF& route) { return simplified(route); }

QPolygonF freshRoute(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QList<QRectF>& obstacles,
                     double stub)
{
    const QPointF s = start + startDir * stub, e = end + endDir * stub;
    // Where the middle of the route may run: halfway, in line with either end, or just
    // clear of an icon.
    QList<double> xs{(s.x() + e.x()) / 2, (start.x() + end.x()) / 2, s.x(), e.x()};
    QList<double> ys{(s.y() + e.y()) / 2, (start.y() + end.y()) / 2, s.y(), e.y()};
    for (const QRectF& r : obstacles) {
        xs << r.left() - stub << r.right() + stub;
        ys << r.top() - stub << r.bottom() + stub;
    }
    QList<QList<QPointF>> middles;
    middles << QList<QPointF>{};
    middles << QList<QPointF>{QPointF(e.x(), s.y())} << QList<QPointF>{QPointF(s.x(), e.y())};
    for (double x : xs)
        middles << QList<QPointF>{QPointF(x, s.y()), QPointF(x, e.y())};
    for (double y : ys)
        middles << QList<QPointF>{QPointF(s.x(), y), QPointF(e.x(), y)};
    // The U around an icon needs both: out sideways, past it, and back.
    for (double x : xs)
        for (double y : ys)
            middles << QList<QPointF>{QPointF(s.x(), y), QPointF(x, y), QPointF(x, e.y())}
                    << QList<QPointF>{QPointF(x, s.y()), QPointF(x, y), QPointF(e.x(), y)};

    // No route is shorter than the Manhattan distance, or bends less than once when the
    // ends are not in line: a candidate that costs that is the best (the first, straight
    // one, for most lines of a tidy diagram), and the rest need not be tried.
    const double leastCost = std::abs(end.x() - start.x()) + std::abs(end.y() - start.y()) +
                             (aligned(start, end) ? 0 : stub);
    QPolygonF best;
    double bestCost = 0;
    for (const QList<QPointF>& middle : middles) {
        if (!best.isEmpty() && bestCost <= leastCost + kTolerance)
            break;
        QPolygonF candidate;
        candidate << start << s;
        for (QPointF p : middle)
            candidate << p;
        candidate << e << end;
        bool orthogonal = true;
        for (int i = 1; i < candidate.size() && orthogonal; ++i)
            orthogonal = aligned(candidate[i - 1], candidate[i]);
        if (!orthogonal)
            continue;
        candidate = simplified(candidate);
        const double c = cost(candidate, startDir, endDir, obstacles, stub);
        if (best.isEmpty() || c < bestCost - kTolerance) {
            best = candidate;
            bestCost = c;
        }
    }
    return best.isEmpty() ? orthogonalRoute(start, startDir, end, endDir, {}) : best;
}

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
