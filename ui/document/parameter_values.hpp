#pragma once
// Reading an instance's parameter values as the editor shows them: the instance's own
// value when it has one, else the definition's default. Used for canvas labels and for
// the conditions that switch conditional connectors on and off.
#include "engine/diagram/diagram.hpp"
#include "engine/library/component_definition.hpp"

#include <QString>

#include <optional>

namespace flange::ui {

// Compact text for a parameter value: 5, 1e+05, true, "T2" as T2, tables as JSON.
QString formatValue(const diagram::Json& value);
// A definition expression as the user would type it (numbers compact, text as written).
QString formatExpression(const library::ExprText& e);

// The value text of parameter `name` for this instance; empty when neither the
// instance nor the definition gives one.
QString parameterText(const library::ComponentDefinition& def, const diagram::Component& c, const std::string& name);

// The definition's label with every %name replaced by the parameter's value ("J=%J" -> "J=5").
QString labelText(const library::ComponentDefinition& def, const diagram::Component& c);

// Evaluates a simple Boolean parameter expression (true/false, parameter names, not,
// and, or). Empty when it depends on something the editor cannot evaluate.
std::optional<bool> evaluateBoolean(const library::ComponentDefinition& def, const diagram::Component& c,
                                    const expr::Ast& condition);

// Whether a conditional connector exists for this instance. Unknown conditions count as
// true, so a connector is never hidden by mistake.
bool connectorEnabled(const library::ComponentDefinition& def, const diagram::Component& c,
                      const library::ConnectorDef& connector);

} // namespace flange::ui
