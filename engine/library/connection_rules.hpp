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

// ---- vector connectors (`u[3]`): a connection joins two whole vectors of one size,
// element by element, or two scalars, each a scalar connector or one member `u[2]`.

// "u[2]" -> base "u", index 2; false for a name without a subscript (or a malformed one).
bool splitMember(const std::string& connector, std::string& base, int& index);

// The connector a name refers to: "u" for "u[2]", the name itself otherwise. The editor
// draws a vector as one port, so every member's connection ends there.
std::string portOf(const std::string& connector);

// Why ends of these sizes (0: a scalar or one member; n: a whole vector of n) cannot be
// joined, naming both ends, or nullopt.
std::optional<std::string> sizeRefusal(const std::string& aName, int aSize, const std::string& bName, int bSize);

// Why `member` (u[index]) is not a member of the vector `name` of `size` elements, or nullopt.
std::optional<std::string> memberRefusal(const std::string& name, int index, int size);

} // namespace flange::library
