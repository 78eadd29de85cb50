#pragma once
// A subsystem is a diagram used as a component (docs/diagram-format.md, "Subsystems").
// Its users see it through an ordinary ComponentDefinition built from the diagram: the
// outer connectors and the declared parameters, its own variables (bound to its parts',
// so the editor can offer their start and fixed) and no equations; the flattener expands
// the diagram it points to.
#include "engine/diagram/diagram.hpp"
#include "engine/library/component_definition.hpp"

#include <memory>
#include <string>

namespace flange::library {

// The face `sub` shows to its users; `subsystem` points to `sub`. `file` is named in
// messages. Throws flange::Error (BadInput) for an unknown connector or parameter type or
// a refused icon path.
ComponentDefinition subsystemDefinition(std::shared_ptr<const diagram::Diagram> sub, const std::string& file);

// True when a JSON file's text is a diagram rather than a component definition (the
// library loader reads such files as subsystems).
bool isDiagramText(const std::string& jsonText);

} // namespace flange::library
