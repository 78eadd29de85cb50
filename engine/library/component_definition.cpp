#include "engine/library/component_definition.hpp"

namespace flange::library {

std::string Location::str() const
{
    if (file.empty())
        return "";
    if (line <= 0)
        return file;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

Domain domainOf(ConnectorType t)
{
    switch (t) {
    case ConnectorType::RotationalFlangeA:
    case ConnectorType::RotationalFlangeB:
    case ConnectorType::RotationalSupport: return Domain::Rotational;
    case ConnectorType::TranslationalFlangeA:
    case ConnectorType::TranslationalFlangeB:
    case ConnectorType::TranslationalSupport: return Domain::Translational;
    case ConnectorType::HeatPortA:
    case ConnectorType::HeatPortB: return Domain::Thermal;
    default: return Domain::Signal;
    }
}

bool isFlange(ConnectorType t) { return domainOf(t) != Domain::Signal; }
bool isInput(ConnectorType t) { return t == ConnectorType::RealInput || t == ConnectorType::BooleanInput; }

namespace {

// What a connector of each physical domain carries, and in which unit.
struct DomainVariables {
    const char *potential, *flow, *potentialUnit, *flowUnit;
};

const DomainVariables& variablesOf(ConnectorType t)
{
    static const DomainVariables rotational{"phi", "tau", "rad", "N.m"};
    static const DomainVariables translational{"s", "f", "m", "N"};
    static const DomainVariables thermal{"T", "Q_flow", "K", "W"};
    switch (domainOf(t)) {
    case Domain::Rotational: return rotational;
    case Domain::Thermal: return thermal;
    default: return translational;
    }
}

} // namespace

const char* potentialName(ConnectorType t) { return variablesOf(t).potential; }
const char* flowName(ConnectorType t) { return variablesOf(t).flow; }
const char* potentialUnit(ConnectorType t) { return variablesOf(t).potentialUnit; }
const char* flowUnit(ConnectorType t) { return variablesOf(t).flowUnit; }

const char* domainName(Domain d)
{
    switch (d) {
    case Domain::Rotational: return "rotational";
    case Domain::Translational: return "translational";
    case Domain::Thermal: return "thermal";
    case Domain::Signal: break;
    }
    return "signal";
}

namespace {
const std::pair<const char*, ConnectorType> kConnectorNames[] = {
    {"Rotational.Flange_a", ConnectorType::RotationalFlangeA},
    {"Rotational.Flange_b", ConnectorType::RotationalFlangeB},
    {"Rotational.Support", ConnectorType::RotationalSupport},
    {"Translational.Flange_a", ConnectorType::TranslationalFlangeA},
    {"Translational.Flange_b", ConnectorType::TranslationalFlangeB},
    {"Translational.Support", ConnectorType::TranslationalSupport},
    {"Thermal.HeatPort_a", ConnectorType::HeatPortA},
    {"Thermal.HeatPort_b", ConnectorType::HeatPortB},
    {"RealInput", ConnectorType::RealInput},
    {"RealOutput", ConnectorType::RealOutput},
    {"BooleanInput", ConnectorType::BooleanInput},
    {"BooleanOutput", ConnectorType::BooleanOutput},
};
} // namespace

std::optional<ConnectorType> connectorTypeFromString(const std::string& s)
{
    for (const auto& [name, type] : kConnectorNames)
        if (s == name)
            return type;
    return std::nullopt;
}

std::string toString(ConnectorType t)
{
    for (const auto& [name, type] : kConnectorNames)
        if (t == type)
            return name;
    return "?";
}

std::optional<ValueType> valueTypeFromString(const std::string& s)
{
    if (s == "Real") return ValueType::Real;
    if (s == "Integer") return ValueType::Integer;
    if (s == "Boolean") return ValueType::Boolean;
    if (s == "Table") return ValueType::Table;
    if (s == "String") return ValueType::String;
    return std::nullopt;
}

template <class T>
static const T* findByName(const std::vector<T>& v, const std::string& n)
{
    for (const T& x : v)
        if (x.name == n)
            return &x;
    return nullptr;
}

const ConnectorDef* ComponentDefinition::connector(const std::string& n) const { return findByName(connectors, n); }
const ParameterDef* ComponentDefinition::parameter(const std::string& n) const { return findByName(parameters, n); }
const VariableDef* ComponentDefinition::variable(const std::string& n) const { return findByName(variables, n); }

} // namespace flange::library
