#include "ui/canvas/free_placement.hpp"

#include <QGraphicsItem>

#include <algorithm>
#include <cmath>

namespace flange::ui {

namespace {

// Texts that merely touch are still readable; a small gap keeps them from reading as one.
constexpr double kGap = 2.0;

bool fits(const QList<QRectF>& footprint, const QList<QRectF>& occupied, QPointF shift)
{
    for (const QRectF& f : footprint) {
        const QRectF moved = f.translated(shift).adjusted(-kGap, -kGap, kGap, kGap);
        for (const QRectF& o : occupied)
            if (moved.intersects(o))
                return false;
    }
    return true;
}

} // namespace

QPointF nearestFreeOffset(const QList<QRectF>& footprint, const QList<QRectF>& occupied, double step, int maxRings)
{
    if (fits(footprint, occupied, {}))
        return {};
    // Every grid point within reach, nearest first; ties go to the smaller vertical shift,
    // then right before left, so a copy lands beside its original the way one reads.
    QList<QPoint> cells;
    for (int y = -maxRings; y <= maxRings; ++y)
        for (int x = -maxRings; x <= maxRings; ++x)
            cells << QPoint(x, y);
    std::stable_sort(cells.begin(), cells.end(), [](QPoint a, QPoint b) {
        const int da = a.x() * a.x() + a.y() * a.y(), db = b.x() * b.x() + b.y() * b.y();
        if (da != db)
            return da < db;
        if (std::abs(a.y()) != std::abs(b.y()))
            return std::abs(a.y()) < std::abs(b.y());
        return a.x() != b.x() ? a.x() > b.x() : a.y() > b.y();
    });
    for (QPoint c : cells) {
        const QPointF shift(c.x() * step, c.y() * step);
        if (fits(footprint, occupied, shift))
            return shift;
    }
    return {};
}

QRectF footprintOf(const QGraphicsItem& componentItem)
{
    return componentItem.mapRectToParent(componentItem.boundingRect() | componentItem.childrenBoundingRect());
}

} // namespace flange::ui
