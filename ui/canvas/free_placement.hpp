#pragma once
// Where a new component (or a pasted group) goes when the intended spot is taken: the
// nearest grid offset at which nothing new covers an existing icon or its texts. Add,
// paste and duplicate all place through DiagramScene::freeOffset, which uses this.
#include <QList>
#include <QPointF>
#include <QRectF>

class QGraphicsItem;

namespace flange::ui {

// The offset nearest to (0, 0), on a grid of `step`, at which none of `footprint` shifted
// by it intersects any of `occupied`. All in the same coordinates. (0, 0) when nothing
// is free within `maxRings` steps.
QPointF nearestFreeOffset(const QList<QRectF>& footprint, const QList<QRectF>& occupied, double step,
                          int maxRings = 40);

// The rectangle a component item covers in its parent's coordinates: icon, ports, name
// and parameter label.
QRectF footprintOf(const QGraphicsItem& componentItem);

} // namespace flange::ui
