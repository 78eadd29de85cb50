#pragma once
// A subsystem's outer connectors as its inner canvas shows them: each is drawn as a small
// block at its placement with one port facing the components inside, and a connection
// names it by its bare name ("flangeT"). The canvas, the routing and the connection rules
// all see it through the stand-in component and definition made here.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QString>
#include <QStringList>

#include <utility>

namespace flange::ui {

// A definition with one connector, named "" so that "flangeT" splits into the block
// "flangeT" and that connector; it sits on the block's side facing inwards.
library::ComponentDefinition outerConnectorDefinition(const diagram::OuterConnector& outer);
// The block as a component: the connector's name, its type, its placement.
diagram::Component outerConnectorBlock(const diagram::OuterConnector& outer);
// Inside, an outer input feeds the components like an output does, and an outer output is
// fed like an input: the type the connection rules check against.
library::ConnectorType insideRole(library::ConnectorType type);

// The connector types a user can place by hand, in the order the palette lists them.
QStringList placeableConnectorTypes();
// The name a new connector of `type` starts from: flange_a, flange_b, support, u, y,
// port_a, port_b (as MSL names them).
QString connectorBaseName(const QString& type);
// Where a connector placed at `placement` on the inner canvas goes on the icon, "like on
// the canvas": on the side of the icon facing the way it lies from the middle of the
// components, as far along that side as it lies within the components' extent (MSL
// coordinates, y up, on the -100..100 square, in steps of 10).
std::pair<double, double> iconPositionLikeCanvas(const diagram::Diagram& level, const diagram::Placement& placement);
// Every wire in `root` that ends on the connector `from` of an instance of the subsystem
// `target` (a diagram inside `root`; instances found by the engine's scoping rule):
// renamed to `to`, or removed when `to` is empty.
void rewriteConnectorUses(diagram::Diagram& root, const diagram::Diagram* target, const std::string& from,
                          const std::string& to);

} // namespace flange::ui
