#pragma once
// Orthogonal routing of a connection line. With stored corner points the line passes
// through them, with elbows added wherever two consecutive points are not aligned (a
// component moved since the points were drawn); without points it is an L or a Z that
// leaves and enters each port along the port's outward direction.
#include <QList>
#include <QPointF>
#include <QPolygonF>

namespace flange::ui {

// startDir/endDir: unit axis vectors pointing out of the ports, or null when a port has
// no preferred side (a connector in the middle of its icon).
QPolygonF orthogonalRoute(QPointF start, QPointF startDir, QPointF end, QPointF endDir, const QList<QPointF>& corners);

} // namespace flange::ui
