#include "engine/diagram/diagram.hpp"

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
