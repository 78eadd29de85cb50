#pragma once
// Reshaping a connection by hand: dragging one of its segments sideways, or a corner
// (which drags the two segments that meet there). The ends stay on their ports: a segment
// that touches a port gets a new corner next to the port instead of leaving it.
#include <QPointF>
#include <QPolygonF>

namespace flange::ui {

struct SegmentGrip {
    int segment = -1; // index of the first point of the grabbed segment
    int corner = -1;  // index of the grabbed corner (an inner point), or -1
    bool valid() const { return segment >= 0 || corner >= 0; }
};

// What is under `at` on `route`: a corner within `reach`, else a segment within `reach`.
SegmentGrip gripAt(const QPolygonF& route, QPointF at, double reach);

// `route` with the gripped part moved by `delta` (only across a segment, never along it).
QPolygonF dragged(const QPolygonF& route, const SegmentGrip& grip, QPointF delta);

} // namespace flange::ui
