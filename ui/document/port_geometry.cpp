#include "ui/document/port_geometry.hpp"

#include "engine/api/library.hpp"

#include <cmath>

namespace flange::ui {

QTransform placementTransform(const diagram::Placement& p)
{
    QTransform t;
    t.rotate(-p.rotation);
    t.scale(p.flipH ? -1 : 1, p.flipV ? -1 : 1);
    return t;
}

QPointF connectorOffset(const library::ConnectorDef& connector, QSizeF size)
{
    // MSL icon coordinates run -100..100 with y up.
    return {connector.x / 200.0 * size.width(), -connector.y / 200.0 * size.height()};
}

QPointF connectorOutward(const library::ConnectorDef& connector)
{
    if (std::abs(connector.x) >= std::abs(connector.y) && connector.x != 0)
        return {connector.x > 0 ? 1.0 : -1.0, 0};
    if (connector.y != 0)
        return {0, connector.y > 0 ? -1.0 : 1.0};
    return {};
}

namespace {

// Rounds away the 1e-16 that rotating by 90 degrees leaves, so axis tests stay exact.
QPointF tidy(QPointF p)
{
    auto r = [](double v) { return std::abs(v - std::round(v)) < 1e-9 ? std::round(v) : v; };
    return {r(p.x()), r(p.y())};
}

} // namespace

std::optional<PortPlace> portPlace(const diagram::Component& c, const library::ComponentDefinition& def,
                                   const std::string& connector)
{
    for (const library::ConnectorDef& con : def.connectors) {
        if (con.name != library::portOf(connector))
            continue;
        const QTransform t = placementTransform(c.placement);
        const QPointF centre(c.placement.x, c.placement.y);
        const QSizeF size(c.placement.width, c.placement.height);
        return PortPlace{tidy(centre + t.map(connectorOffset(con, size))), tidy(t.map(connectorOutward(con)))};
    }
    return std::nullopt;
}

QRectF iconRect(const diagram::Placement& p)
{
    const QRectF unturned(-p.width / 2, -p.height / 2, p.width, p.height);
    return placementTransform(p).mapRect(unturned).translated(p.x, p.y);
}

} // namespace flange::ui
