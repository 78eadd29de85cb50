#pragma once
// Orthogonal routing of a connection line. With stored corner points the line passes
// through them, with elbows added wherever two consecutive points are not aligned (a
// component moved since the points were drawn); without points it is an L or a Z that
// leaves and enters each port along the port's outward direction.
#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

namespace flange::ui {

// startDir/endDir: unit axis vectors pointing out of the ports, or null when a port has
// no preferred side (a connector in the middle of its icon).
QPolygonF orthogonalRoute(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QList<QPointF>& corners);

// `route` without repeated points and without points in the middle of a straight run.
QPolygonF simplifiedRoute(const QPolygonF& route);

// A route chosen afresh: it leaves `start` along startDir and enters `end` against endDir
// (each by at least `stub`), keeps out of `obstacles` (the end components' icons) where
// it can, and is otherwise the shortest with the fewest bends. When the ports face each
// other this is the familiar straight line, L or Z through the middle; after a flip it is
// the U around the icon instead of a line through it.
QPolygonF freshRoute(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QList<QRectF>& obstacles,
                     double stub);

} // namespace flange::ui
