#include "engine/diagram/diagram.hpp"

#include <algorithm>

namespace flange::diagram {

const Json* Component::parameter(const std::string& n) const
{
    for (const auto& [k, v] : parameters)
        if (k == n)
            return &v;
    return nullptr;
}

void Component::setParameter(const std::string& n, Json value)
{
    for (auto& [k, v] : parameters)
        if (k == n) {
            v = std::move(value);
            return;
        }
    parameters.emplace_back(n, std::move(value));
}

VariableSettings* Component::variable(const std::string& n)
{
    for (auto& [k, v] : variables)
        if (k == n)
            return &v;
    return nullptr;
}

const VariableSettings* Component::variable(const std::string& n) const
{
    return const_cast<Component*>(this)->variable(n);
}

Component* Diagram::component(const std::string& n)
{
    for (auto& c : components)
        if (c.name == n)
            return &c;
    return nullptr;
}

const Component* Diagram::component(const std::string& n) const
{
    return const_cast<Diagram*>(this)->component(n);
}

const Diagram* Diagram::findSubsystem(const std::string& type) const
{
    for (const Diagram& s : subsystems)
        if (s.name == type)
            return &s;
    return nullptr;
}

const OuterConnector* Diagram::connector(const std::string& n) const
{
    for (const OuterConnector& c : connectors)
        if (c.name == n)
            return &c;
    return nullptr;
}

namespace {

bool alike(const Experiment& a, const Experiment& b) { return a == b; }

bool alike(const Component& a, const Component& b)
{
    return a.name == b.name && a.type == b.type && a.parameters == b.parameters && a.variables == b.variables &&
           a.condition == b.condition && a.extra == b.extra;
}

bool alike(const Connection& a, const Connection& b) { return a.from == b.from && a.to == b.to && a.extra == b.extra; }

bool alike(const OuterConnector& a, const OuterConnector& b)
{
    return a.name == b.name && a.type == b.type && a.condition == b.condition && a.extra == b.extra;
}

bool alike(const DiagramVariable& a, const DiagramVariable& b)
{
    return a.name == b.name && a.value == b.value && a.unit == b.unit && a.start == b.start && a.fixed == b.fixed &&
           a.extra == b.extra;
}

template <class T>
bool allAlike(const std::vector<T>& a, const std::vector<T>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const T& x, const T& y) { return alike(x, y); });
}

} // namespace

bool simulatesAlike(const Diagram& a, const Diagram& b)
{
    return a.name == b.name && alike(a.experiment, b.experiment) && a.parameters == b.parameters &&
           allAlike(a.components, b.components) && allAlike(a.connections, b.connections) && a.extra == b.extra &&
           allAlike(a.connectors, b.connectors) &&
           allAlike(a.variables, b.variables) && a.folder == b.folder &&
           std::equal(a.subsystems.begin(), a.subsystems.end(), b.subsystems.begin(), b.subsystems.end(),
                      [](const Diagram& x, const Diagram& y) { return simulatesAlike(x, y); });
}

bool splitEndpoint(const std::string& endpoint, std::string& instance, std::string& connector)
{
    size_t dot = endpoint.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == endpoint.size())
        return false;
    instance = endpoint.substr(0, dot);
    connector = endpoint.substr(dot + 1);
    return true;
}

} // namespace flange::diagram
