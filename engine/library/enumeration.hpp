#pragma once
// Enumeration types (Modelica.Blocks.Types.Init, StateSelect, ...) as data: a definition
// file lists the literals (docs/component-format.md#enumerations); a value is the
// literal's ordinal 1..n, so parameters and equations use it as a number
// (`if initType == Init.InitialState then ...`).
//
// The known enumerations form one process-wide table rather than living in a Library:
// literal names must resolve wherever an expression is evaluated, and several of those
// places (a value typed in the parameter dialog, a diagram's model parameters) have no
// library at hand. Library::loadFile adds to the table; StateSelect is built in.
#include <optional>
#include <string>
#include <vector>

namespace flange::library {

struct EnumerationLiteral {
    std::string name;
    std::string description;
};

struct EnumerationDef {
    std::string name; // "Blocks.Types.Init" (MSL name without "Modelica.")
    std::string description;
    std::vector<EnumerationLiteral> literals;
    std::string file;

    // The last part of the name ("Init"): the prefix literals are written with (Init.NoInit).
    std::string shortName() const;
    // 1-based ordinal of a literal name ("NoInit"), nullopt if it is none of this type's.
    std::optional<int> ordinal(const std::string& literal) const;
    // "Init.NoInit, Init.SteadyState, ..." for messages.
    std::string literalList() const;
};

// Parses an enumeration definition file; errors name the file. `jsonText` holds an object
// with "name" and an "enumeration" list of {"name", "description"}.
EnumerationDef parseEnumeration(const std::string& jsonText, const std::string& file);
// Whether a JSON text is an enumeration definition (its top level has "enumeration").
bool isEnumerationText(const std::string& jsonText);

// Adds (or replaces, by name) an enumeration in the process-wide table.
void registerEnumeration(EnumerationDef e);
// The enumeration called `type`: its full name, with "Modelica." in front, or its short
// name ("Init") when only one known enumeration has it. Null if unknown.
const EnumerationDef* findEnumeration(const std::string& type);
// The ordinal a literal reference stands for: "Init.NoInit", "Blocks.Types.Init.NoInit" or
// "Modelica.Blocks.Types.Init.NoInit". Nullopt if `ref` names no known literal.
std::optional<int> enumerationLiteral(const std::string& ref);
// For a reference whose type is known but whose literal is not ("Init.Nolnit"): a message
// naming the type and its literals. Nullopt when `ref` does not start with a known type.
std::optional<std::string> badLiteralMessage(const std::string& ref);
// The literal name of `ref` if it is a literal of `e` in any accepted form ("Init.NoInit",
// "Modelica.Blocks.Types.Init.NoInit" -> "NoInit"), else nullopt.
std::optional<std::string> literalName(const EnumerationDef& e, const std::string& ref);

} // namespace flange::library
