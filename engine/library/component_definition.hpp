#pragma once
// A component definition as read from the library's JSON (docs/component-format.md):
// plain data, with every expression already parsed so that errors surface at load time.
#include "engine/expr/ast.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flange::diagram {
struct Diagram;
}

namespace flange::library {

// Where a piece of text came from, for messages: "Inertia.json:12:20".
struct Location {
    std::string file;
    int line = 0;
    int column = 0;
    std::string str() const;
};

// An expression with its source text and location.
struct ExprText {
    std::string text;
    expr::AstPtr ast;
    Location loc;
};

enum class ConnectorType {
    RotationalFlangeA, RotationalFlangeB, RotationalSupport,
    TranslationalFlangeA, TranslationalFlangeB, TranslationalSupport,
    HeatPortA, HeatPortB,
    RealInput, RealOutput, BooleanInput, BooleanOutput,
};

enum class Domain { Rotational, Translational, Thermal, Signal };

Domain domainOf(ConnectorType t);
bool isFlange(ConnectorType t);
bool isInput(ConnectorType t);
// Potential and flow members of a physical connector ("phi"/"tau", "s"/"f", "T"/"Q_flow")
// and their units.
const char* potentialName(ConnectorType t);
const char* flowName(ConnectorType t);
const char* potentialUnit(ConnectorType t);
const char* flowUnit(ConnectorType t);
const char* domainName(Domain d); // rotational, translational, thermal, signal
std::optional<ConnectorType> connectorTypeFromString(const std::string& s);
std::string toString(ConnectorType t);

struct ConnectorDef {
    std::string name;
    ConnectorType type = ConnectorType::RealInput;
    double x = 0, y = 0; // MSL icon coordinates, y up
    std::optional<ExprText> condition;
    std::vector<std::pair<std::string, ExprText>> bindings; // member -> expression
    // A vector connector (`u[3]`, `u[nin]`): its size, a parameter expression; members are
    // the scalar connectors u[1]..u[n]. Empty for a scalar connector.
    std::optional<ExprText> size;
    std::string description;
};

// Enumeration: a type named by an enumeration definition (enumeration.hpp), StateSelect
// among them; ParameterDef::enumeration holds its name.
enum class ValueType { Real, Integer, Boolean, Enumeration, Table, String };
// The built-in types by name; any other name is an enumeration's (checked when resolved).
std::optional<ValueType> valueTypeFromString(const std::string& s);

struct ParameterDef {
    std::string name;
    ValueType type = ValueType::Real;
    std::string enumeration; // type name of an Enumeration parameter ("Blocks.Types.Init")
    Location typeLoc;        // where the type is written, for messages
    std::optional<ExprText> defaultValue;
    std::string unit;
    std::optional<double> min, max;
    bool minExclusive = false;
    std::string description;
    std::string tab = "General";
    bool isFinal = false;
    bool required = false;
};

struct VariableDef {
    std::string name;
    ValueType type = ValueType::Real; // Real, Integer or Boolean
    bool discrete = false;
    std::string unit;
    std::optional<ExprText> start, fixed, stateSelect, nominal, binding;
    bool isProtected = false;
    bool initialization = false;
    std::string description;
    // What a discrete variable's values mean, for the event log: a clutch's mode 0 is
    // "stuck" (a Boolean's values are 0 and 1). At an event, the changed variables of an
    // instance that have names and the highest statePriority among them tell its state.
    std::map<double, std::string> valueNames;
    int statePriority = 0;
    // The name of `value`; null when the definition names none.
    const std::string* valueName(double value) const
    {
        const auto it = valueNames.find(value);
        return it == valueNames.end() ? nullptr : &it->second;
    }
};

struct EquationDef {
    enum class Kind { Equation, If, When, For };
    Kind kind = Kind::Equation;
    // Equation: the text and its parse.
    std::string text;
    expr::AstEquation ast;
    Location loc;
    // If: (condition, equations) per branch, then else. When: one branch.
    std::vector<std::pair<ExprText, std::vector<EquationDef>>> branches;
    std::vector<EquationDef> elseBranch; // For: the body
    ExprText range;                      // For: `i in 1:n`, parsed by expr::parseForRange
};

struct ComponentDefinition {
    std::string name;
    std::string description;
    bool partial = false;
    std::vector<std::string> extends;
    std::string icon;
    std::string label;
    std::vector<ConnectorDef> connectors;
    std::vector<ParameterDef> parameters;
    std::vector<VariableDef> variables;
    std::vector<EquationDef> equations;
    std::vector<EquationDef> initialEquations;
    std::string file;
    // A subsystem (a diagram used as a component) shows this face to its users: its outer
    // connectors and declared parameters, no variables or equations of its own. Null for
    // ordinary components. See subsystem_definition.hpp.
    std::shared_ptr<const diagram::Diagram> subsystem;

    const ConnectorDef* connector(const std::string& n) const;
    const ParameterDef* parameter(const std::string& n) const;
    const VariableDef* variable(const std::string& n) const;
};

} // namespace flange::library
