#pragma once
// The line of a connection, in diagram units: from port to port through the stored
// points. The canvas draws it and the editor stores it with the same rule, so what the
// file keeps after a move, rotation or flip is what the user saw.
#include "engine/api/diagram.hpp"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

#include <optional>

namespace flange::ui {

class DiagramDocument;

// How far a route runs straight out of a port before it may turn (diagram units).
constexpr double kRouteStub = 5.0;

struct RouteEnd {
    QPointF at;      // the port
    QPointF outward; // unit axis vector out of the icon, or null
    QRectF icon;     // the icon the port belongs to, to route around
};

// The route from `a` to `b`. Without points it is routed afresh. With points, an end
// that `moved` (or turned) since they were stored gets its leg up to the nearest point
// routed afresh, leaving the user's corners beyond it alone.
QPolygonF connectionRoute(const RouteEnd& a, const RouteEnd& b, const QList<QPointF>& points, bool aMoved, bool bMoved);

// The corners between the two ends, as a connection stores them.
std::vector<std::pair<double, double>> cornersOf(const QPolygonF& route);

// The end "instance.connector" (or an outer connector's bare name) where the document places it, with `placements` standing
// in for the document's where given. Nothing when the instance or connector is unknown.
std::optional<RouteEnd> routeEnd(const DiagramDocument& doc, const std::string& endpoint,
                                 const QHash<QString, diagram::Placement>& placements = {});

} // namespace flange::ui
