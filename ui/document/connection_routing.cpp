#include "ui/document/connection_routing.hpp"

#include "ui/document/diagram_document.hpp"
#include "ui/document/outer_connectors.hpp"
#include "ui/document/orthogonal_route.hpp"
#include "ui/document/port_geometry.hpp"

namespace flange::ui {

QPolygonF connectionRoute(const RouteEnd& a, const RouteEnd& b, const QList<QPointF>& points, bool aMoved, bool bMoved)
{
    const QList<QRectF> icons{a.icon, b.icon};
    if (points.isEmpty())
        return freshRoute(a.at, a.outward, b.at, b.outward, icons, kRouteStub);
    QList<QPointF> corners = points;
    if (aMoved) {
        const QPolygonF leg = freshRoute(a.at, a.outward, corners.front(), {}, icons, kRouteStub);
        for (int i = leg.size() - 2; i >= 1; --i)
            corners.prepend(leg[i]);
    }
    if (bMoved) {
        const QPolygonF leg = freshRoute(corners.back(), {}, b.at, b.outward, icons, kRouteStub);
        for (int i = 1; i < leg.size() - 1; ++i)
            corners.append(leg[i]);
    }
    return orthogonalRoute(a.at, a.outward, b.at, b.outward, corners);
}

std::vector<std::pair<double, double>> cornersOf(const QPolygonF& route)
{
    std::vector<std::pair<double, double>> out;
    for (int i = 1; i < route.size() - 1; ++i)
        out.emplace_back(route[i].x(), route[i].y());
    return out;
}

std::optional<RouteEnd> routeEnd(const DiagramDocument& doc, const std::string& endpoint,
                                 const QHash<QString, diagram::Placement>& placements)
{
    std::string instance, connector;
    if (!diagram::splitEndpoint(endpoint, instance, connector)) {
        // An outer connector of the subsystem being edited: its block's one port.
        const diagram::OuterConnector* outer = doc.diagram().connector(endpoint);
        if (!outer)
            return std::nullopt;
        diagram::Component block = outerConnectorBlock(*outer);
        block.placement = placements.value(QString::fromStdString(block.name), outer->placement);
        const std::optional<PortPlace> port = portPlace(block, outerConnectorDefinition(*outer), "");
        if (!port)
            return std::nullopt;
        return RouteEnd{port->at, port->outward, iconRect(block.placement)};
    }
    const diagram::Component* c = doc.component(QString::fromStdString(instance));
    const library::ComponentDefinition* def = c ? doc.definition(*c) : nullptr;
    if (!def)
        return std::nullopt;
    diagram::Component placed = *c;
    placed.placement = placements.value(QString::fromStdString(instance), c->placement);
    const std::optional<PortPlace> port = portPlace(placed, *def, connector);
    if (!port)
        return std::nullopt;
    return RouteEnd{port->at, port->outward, iconRect(placed.placement)};
}

} // namespace flange::ui
