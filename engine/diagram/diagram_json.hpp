#pragma once
// Reading and writing diagrams (docs/diagram-format.md). Reading checks the shape of the
// file and names the offending key; whether types and connectors exist is checked when
// the diagram is flattened against a library.
#include "engine/diagram/diagram.hpp"

#include <string>

namespace flange::diagram {

constexpr int kFormatVersion = 1;

Diagram fromJson(const Json& j, const std::string& source = "diagram");
Json toJson(const Diagram& d);

// Throws flange::Error (BadInput) with file, line and column for malformed JSON.
Diagram loadDiagram(const std::string& path);
Diagram parseDiagram(const std::string& text, const std::string& source);
std::string serializeDiagram(const Diagram& d);

} // namespace flange::diagram
