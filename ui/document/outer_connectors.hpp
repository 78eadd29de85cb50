#pragma once
// A subsystem's outer connectors as its inner canvas shows them: each is drawn as a small
// block at its placement with one port facing the components inside, and a connection
// names it by its bare name ("flangeT"). The canvas, the routing and the connection rules
// all see it through the stand-in component and definition made here.
#include "engine/diagram/diagram.hpp"
#include "engine/library/component_definition.hpp"

namespace flange::ui {

// A definition with one connector, named "" so that "flangeT" splits into the block
// "flangeT" and that connector; it sits on the block's side facing inwards.
library::ComponentDefinition outerConnectorDefinition(const diagram::OuterConnector& outer);
// The block as a component: the connector's name, its type, its placement.
diagram::Component outerConnectorBlock(const diagram::OuterConnector& outer);
// Inside, an outer input feeds the components like an output does, and an outer output is
// fed like an input: the type the connection rules check against.
library::ConnectorType insideRole(library::ConnectorType type);

} // namespace flange::ui
