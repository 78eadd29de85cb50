#include "engine/library/connection_rules.hpp"

namespace flange::library {

namespace {

bool isBoolean(ConnectorType t) { return t == ConnectorType::BooleanInput || t == ConnectorType::BooleanOutput; }

} // namespace

std::string kindName(ConnectorType t)
{
    switch (domainOf(t)) {
    case Domain::Rotational: return "a rotational flange";
    case Domain::Translational: return "a translational flange";
    case Domain::Thermal: return "a thermal heat port";
    case Domain::Signal: break;
    }
    switch (t) {
    case ConnectorType::RealInput: return "a Real input";
    case ConnectorType::RealOutput: return "a Real output";
    case ConnectorType::BooleanInput: return "a Boolean input";
    default: return "a Boolean output";
    }
}

std::optional<std::string> connectionRefusal(ConnectorType a, ConnectorType b)
{
    if (domainOf(a) != domainOf(b) || isBoolean(a) != isBoolean(b))
        return kindName(a) + " does not connect to " + kindName(b);
    if (domainOf(a) != Domain::Signal)
        return std::nullopt;
    if (isInput(a) && isInput(b))
        return "both are inputs; an input must be driven by an output";
    if (!isInput(a) && !isInput(b))
        return "both are outputs; an output drives inputs";
    return std::nullopt;
}

} // namespace flange::library
