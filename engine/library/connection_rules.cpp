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

bool splitMember(const std::string& connector, std::string& base, int& index)
{
    const size_t open = connector.find('[');
    if (open == std::string::npos || open == 0 || connector.back() != ']' || open + 2 >= connector.size())
        return false;
    const std::string digits = connector.substr(open + 1, connector.size() - open - 2);
    // One spelling per member: "u[01]" is not "u[1]" (names are compared as text).
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos ||
        (digits.size() > 1 && digits[0] == '0'))
        return false;
    base = connector.substr(0, open);
    index = std::stoi(digits);
    return true;
}

std::string portOf(const std::string& connector)
{
    std::string base;
    int index = 0;
    return splitMember(connector, base, index) ? base : connector;
}

std::optional<std::string> sizeRefusal(const std::string& aName, int aSize, const std::string& bName, int bSize)
{
    if (aSize == bSize)
        return std::nullopt;
    auto describe = [](const std::string& n, int size) {
        return size == 0 ? "'" + n + "' is a scalar"
                         : "'" + n + "' is a vector of " + std::to_string(size) + " element" + (size == 1 ? "" : "s");
    };
    std::string why = describe(aName, aSize) + " and " + describe(bName, bSize);
    if (aSize == 0 || bSize == 0)
        why += "; connect one member, such as '" + (aSize == 0 ? bName : aName) + "[1]'";
    return why;
}

std::optional<std::string> memberRefusal(const std::string& name, int index, int size)
{
    if (size == 0)
        return "'" + name + "' is not a vector";
    if (index >= 1 && index <= size)
        return std::nullopt;
    return "index " + std::to_string(index) + " is out of range: '" + name + "' has " + std::to_string(size) +
           " element" + (size == 1 ? "" : "s") + " (" + name + "[1].." + name + "[" + std::to_string(size) + "])";
}

} // namespace flange::library
