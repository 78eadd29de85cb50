#pragma once
// Reading an instance's parameter values as the editor shows them: the instance's own
// value when it has one, else the definition's default. Used for canvas labels and for
// the conditions that switch conditional connectors on and off.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QString>
#include <QStringList>

#include <optional>

namespace flange::ui {

// Compact text for a parameter value: 5, 1e+05, true, "T2" as T2, tables as JSON. A value
// typed with a unit ({"value": 0.3, "displayUnit": "g"}, stored in `unit`) reads "300 g".
QString formatValue(const diagram::Json& value, const std::string& unit = {});
// A definition expression as the user would type it (numbers compact, text as written).
QString formatExpression(const library::ExprText& e);

// The value text of parameter `name` for this instance; empty when neither the
// instance nor the definition gives one.
QString parameterText(const library::ComponentDefinition& def, const diagram::Component& c, const std::string& name);

// The definition's label with every %name replaced by the parameter's value ("J=%J" -> "J=5");
// a parameter that still needs a value shows as "?".
QString labelText(const library::ComponentDefinition& def, const diagram::Component& c);

// Parameters the instance must still be given a value for (the engine refuses it until then).
QStringList missingValues(const library::ComponentDefinition& def, const diagram::Component& c);

// Whether a conditional connector exists for this instance, evaluated by the engine's
// rules; `model` supplies the diagram's parameters. Conditions the engine cannot evaluate
// count as true, so a connector is never hidden by mistake.
bool connectorEnabled(const library::ComponentDefinition& def, const diagram::Component& c,
                      const library::ConnectorDef& connector, const diagram::Diagram* model = nullptr);

// A vector connector's size for this instance (0 for a scalar connector), evaluated by the
// engine; nullopt when its size expression cannot be evaluated.
std::optional<int> connectorSize(const library::ComponentDefinition& def, const diagram::Component& c,
                                 const library::ConnectorDef& connector, const diagram::Diagram* model = nullptr);

} // namespace flange::ui
