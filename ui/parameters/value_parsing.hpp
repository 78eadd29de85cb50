#pragma once
// What the user typed in the parameter dialog, turned into the JSON value the diagram
// stores: numbers as JSON numbers, true/false as booleans, tables as rows, and anything
// else that parses as an expression (d/2, T2) as a string. Empty text means "use the
// definition's default". A refused value comes with the reason to show.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace flange::ui {

struct ParsedValue {
    QString reason;                      // empty when the text is acceptable
    std::optional<diagram::Json> value;  // nullopt: keep the default
    bool ok() const { return reason.isEmpty(); }
};

// `names` are the names an expression may use (the diagram's parameters); expressions are
// checked by the engine, with its messages. A number may carry a unit ("300 g", "5 deg"):
// it is converted into the parameter's unit and the typed unit kept as display unit,
// stored as {"value": 0.3, "displayUnit": "g"}.
ParsedValue parseParameterText(const library::ParameterDef& def, const QString& text,
                               const std::vector<std::string>& names = {});

// The text the diagram stores for an enumeration literal ("Init.NoInit").
std::string enumerationValueText(const library::EnumerationDef& e, const std::string& literal);

// A start value: a number (with a unit, converted into `unit`) or an expression, empty for
// the definition's start.
ParsedValue parseStartText(const QString& name, const QString& text, const std::vector<std::string>& names = {},
                           const std::string& unit = {});

// A number as typed anywhere a value goes, with a unit if the user likes ("3 s", "100 ms"),
// in `unit` (the Experiment dialog's times in s); nullopt with the reason when refused.
// The one reading of "number [unit]", shared with the parameter fields.
std::optional<double> parseNumberIn(const QString& name, const QString& text, const std::string& unit,
                                    QString* reason = nullptr);

} // namespace flange::ui
