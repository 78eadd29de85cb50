#pragma once
// What the user typed in the parameter dialog, turned into the JSON value the diagram
// stores: numbers as JSON numbers, true/false as booleans, tables as rows, and anything
// else that parses as an expression (d/2, T2) as a string. Empty text means "use the
// definition's default". A refused value comes with the reason to show.
#include "engine/diagram/diagram.hpp"
#include "engine/library/component_definition.hpp"

#include <QString>

#include <optional>

namespace flange::ui {

struct ParsedValue {
    QString reason;                      // empty when the text is acceptable
    std::optional<diagram::Json> value;  // nullopt: keep the default
    bool ok() const { return reason.isEmpty(); }
};

ParsedValue parseParameterText(const library::ParameterDef& def, const QString& text);

// A start value: a number or an expression, empty for the definition's start.
ParsedValue parseStartText(const QString& name, const QString& text);

} // namespace flange::ui
