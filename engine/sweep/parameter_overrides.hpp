#pragma once
// Values set from outside the diagram, by name: `flange-sim simulate --set NAME=VALUE`,
// each run of a sweep and flange::Run::setParameter/setStart, one rule for all. A name is a model parameter ("T3"), a parameter of a top-level
// instance ("clutch1.fn_max") or the start value of one of its variables
// ("inertia1.w.start"). A value is a number, with a unit where one is typed ("300 g",
// "1000 rpm"): read by the one parser of units the parameter dialog uses
// (units::splitQuantity) and converted into the unit the parameter is declared in.
// Range checks (min, max) are the translation's, as for a value typed in the dialog.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"

#include <string>
#include <utility>
#include <vector>

namespace flange::sweep {

struct OverrideTarget {
    enum class Kind { ModelParameter, ComponentParameter, StartValue };
    Kind kind = Kind::ModelParameter;
    std::string name;      // as given: "inertia1.w.start"
    std::string component; // empty for a model parameter
    std::string member;    // the parameter or variable: "w"
    std::string unit;      // declared unit; empty for none
    bool integer = false;  // an Integer parameter takes whole numbers only
    bool number = true;    // Real or Integer (else Boolean, enumeration, table or text: findSettable only)
};

// A value set by name, found and read: what applyOverride sets (a run keeps its edits so).
struct Override {
    OverrideTarget target;
    diagram::Json value;
};

// Finds what `name` sets in `d`, of any type (a Boolean parameter set to "true" by a run).
// Throws flange::Error (BadInput) naming `name` when the model has no such parameter or
// start value, or when the parameter is final.
OverrideTarget findSettable(const diagram::Diagram& d, const library::Library& lib, const std::string& name);

// Finds what `name` sets in `d` (the library must hold the types `d` uses). Throws
// flange::Error (BadInput) naming `name` when the model has no such parameter or start
// value, or when the parameter is not a number (Boolean, enumeration, table, text).
OverrideTarget findOverrideTarget(const diagram::Diagram& d, const library::Library& lib, const std::string& name);

// The number `text` stands for, in the target's unit ("300 g" -> 0.3 for a kg parameter).
// Throws flange::Error (BadInput) naming the target and the text.
double overrideValue(const OverrideTarget& target, const std::string& text);
// `value` in `unit` (empty: the target's own) in the target's unit, checked the same way:
// finite, whole for an Integer. `written`: the value as typed, for messages (empty: the
// number and unit).
double overrideValue(const OverrideTarget& target, double value, const std::string& unit,
                     const std::string& written = {});

// The number as the diagram stores it: whole for an Integer.
diagram::Json storedValue(const OverrideTarget& target, double value);
// Sets the value in `d`, replacing what the diagram had (a number, an expression).
void applyOverride(diagram::Diagram& d, const OverrideTarget& target, double value);
// The same with the value as the diagram stores it (an expression's text, a Boolean).
void applyOverride(diagram::Diagram& d, const OverrideTarget& target, const diagram::Json& value);

// "NAME=VALUE" split at the first '='; throws flange::Error (BadInput) naming `option`
// ("--set") when there is no '=' or either side is empty.
std::pair<std::string, std::string> splitAssignment(const std::string& text, const std::string& option);

// --set NAME=VALUE for each text, found, read and applied in order.
void applyAssignments(diagram::Diagram& d, const library::Library& lib, const std::vector<std::string>& assignments,
                      const std::string& option = "--set");

} // namespace flange::sweep
