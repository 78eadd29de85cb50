#pragma once
// Where a component's icon and connectors are, in diagram units (y down, as the canvas
// draws), from its placement alone. The canvas draws with these rules and the editor
// routes connections with them, so a route stored after a flip fits what is drawn.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QPointF>
#include <QRectF>
#include <QTransform>

#include <optional>

namespace flange::ui {

// Rotation and mirroring of the icon about its centre: mirror first, then turn
// (Modelica's order). Placement angles are counter-clockwise with y up, so clockwise here.
QTransform placementTransform(const diagram::Placement& p);

// A connector relative to the unturned icon's centre, for an icon of `size`.
QPointF connectorOffset(const library::ConnectorDef& connector, QSizeF size);
// The axis pointing away from the unturned icon's centre on the connector's side, or
// null for a connector in the middle.
QPointF connectorOutward(const library::ConnectorDef& connector);

struct PortPlace {
    QPointF at;      // diagram units
    QPointF outward; // unit axis vector, or null
};

// The connector `connector` of `c` as placed, or nothing when the type has no such connector.
std::optional<PortPlace> portPlace(const diagram::Component& c, const library::ComponentDefinition& def,
                                   const std::string& connector);
// The icon's rectangle as placed.
QRectF iconRect(const diagram::Placement& p);

} // namespace flange::ui
