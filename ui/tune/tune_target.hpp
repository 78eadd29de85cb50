#pragma once
// What a Tune slider sets, named as flange-sim names it: "spring.c" for a parameter,
// "inertia1.w.start" for a start value, on a component at the diagram's top level. The
// numeric value it has now is read through the dialog's reading of "number [unit]"
// (parseNumberIn), and a new value is written as the dialog would write a number.
#include "engine/api/diagram.hpp"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flange::ui {
class DiagramDocument;
}

namespace flange::ui::tune {

struct TuneTarget {
    QString name;          // "spring.c", "inertia1.w.start"
    QString component;     // "spring"
    std::string member;    // "c", or the variable "w" of a start value
    bool start = false;
    std::string unit;      // the parameter's or variable's unit, "" when dimensionless
};

// The target a name gives in this document, or nothing with the reason ("spring.x: spring
// has no Real parameter x").
std::optional<TuneTarget> resolveTarget(const DiagramDocument& document, const QString& name, QString* reason);

// The value the component has now, in the target's unit; nothing when it is no plain
// number (an expression of other parameters, or no value at all).
std::optional<double> currentValue(const DiagramDocument& document, const TuneTarget& target);

// The component's settings with the target set to v (in the target's unit).
using Parameters = std::vector<std::pair<std::string, diagram::Json>>;
using Variables = std::vector<std::pair<std::string, diagram::VariableSettings>>;
std::pair<Parameters, Variables> settingsWith(const diagram::Component& c, const TuneTarget& target, double v);

// The names a slider can tune in this document: every Real parameter that is not final
// and every Real variable's start value of the top-level components, in diagram order.
QStringList tunableNames(const DiagramDocument& document);

} // namespace flange::ui::tune
