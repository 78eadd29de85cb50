#pragma once
// The diagram's own parameters as the user declares them: name, value, unit and
// description (docs/diagram-format.md), and the edits that must keep the diagram
// consistent: finding where a parameter is used and renaming it everywhere. Written for
// any diagram, so a subsystem's declared parameters are handled by the same code.
#include "engine/diagram/diagram.hpp"

#include <optional>
#include <string>
#include <vector>

namespace flange::diagram {

struct ParameterDeclaration {
    std::string name;
    Json value;              // a number, boolean, table, expression text, or {"value", "displayUnit"}
    std::string unit;        // empty: none declared
    std::string description;
    // A subsystem's declared parameter may also say (all optional, empty = not stated):
    std::string type;                // "Real" (default), "Integer", "Boolean", "Table"
    std::string tab;                 // the parameter dialog's tab, default "General"
    std::optional<double> min, max;  // checked when an instance is flattened
    // Every instance must give its own value, as a component definition's required
    // parameter: the declared value is only what a new instance starts from.
    bool required = false;
};

// Reads one stored entry: a plain value, or an object {"value", "unit", "description", ...}.
ParameterDeclaration readDeclaration(const std::string& name, const Json& stored);
// The stored form: the plain value when there is neither unit nor description (as older files).
Json storedForm(const ParameterDeclaration& p);
std::vector<ParameterDeclaration> declarations(const Diagram& d);
void setDeclarations(Diagram& d, const std::vector<ParameterDeclaration>& list);

// Where `name` is used: "inertia1.J", "start of inertia1.w", "model parameter T3". Values
// that do not parse are skipped here; renameParameter refuses them.
std::vector<std::string> usesOf(const Diagram& d, const std::string& name);

// Renames a model parameter and every use of it in expressions (parsed, not searched as
// text). Returns the reason and leaves `d` unchanged when that is impossible.
std::optional<std::string> renameParameter(Diagram& d, const std::string& from, const std::string& to);

} // namespace flange::diagram
