#pragma once
// Which connector types may be joined (docs/diagram-format.md, "Connection rules"). The
// flattener refuses a diagram that breaks them and the editor refuses the drag, both with
// the reason given here.
#include "engine/library/component_definition.hpp"

#include <optional>
#include <string>

namespace flange::library {

// "a rotational flange", "a Real input": how messages name a connector type.
std::string kindName(ConnectorType t);

// Why a connector of type `a` cannot be connected to one of type `b` ("a rotational flange
// does not connect to a translational flange", "both are outputs; ..."), or nullopt.
std::optional<std::string> connectionRefusal(ConnectorType a, ConnectorType b);

} // namespace flange::library
