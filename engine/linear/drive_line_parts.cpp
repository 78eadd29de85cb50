#include "engine/linear/drive_line_parts.hpp"

#include <algorithm>
#include <map>

namespace flange::linear {

namespace {

using Kind = LinearSystem::Part::Kind;

struct PartType {
    Kind kind;
    const char* position; // variable names, relative for compliant elements
    const char* speed;
};

// By the end of the instance's type, as flattened ("Rotational.Components.Inertia").
const std::map<std::string, PartType>& partTypes()
{
    static const std::map<std::string, PartType> types = {
        {"Rotational.Components.Inertia", {Kind::Inertia, "phi", "w"}},
        {"Rotational.Components.Spring", {Kind::Spring, "phi_rel", ""}},
        {"Rotational.Components.Damper", {Kind::Damper, "phi_rel", "w_rel"}},
        {"Rotational.Components.SpringDamper", {Kind::SpringDamper, "phi_rel", "w_rel"}},
        {"Translational.Components.Mass", {Kind::Mass, "s", "v"}},
        {"Translational.Components.Spring", {Kind::Spring, "s_rel", ""}},
        {"Translational.Components.Damper", {Kind::Damper, "s_rel", "v_rel"}},
        {"Translational.Components.SpringDamper", {Kind::SpringDamper, "s_rel", "v_rel"}},
    };
    return types;
}

double parameter(const CompiledModel& m, const std::string& name)
{
    const auto it = m.parameterValues.find(name);
    return it == m.parameterValues.end() ? 0.0 : it->second;
}

} // namespace

std::vector<PartVariables> driveLineParts(const Model& model)
{
    const CompiledModel& m = model.compiled();
    // Component order along the diagram: a top-level component's place, then the name
    // (parts inside a subsystem follow the subsystem's place).
    std::map<std::string, size_t> place;
    const auto& components = model.diagram().components;
    for (size_t i = 0; i < components.size(); ++i)
        place.emplace(components[i].name, i);
    auto placeOf = [&](const std::string& instance) {
        const auto it = place.find(instance.substr(0, instance.find('.')));
        return it == place.end() ? components.size() : it->second;
    };
    std::vector<PartVariables> parts;
    for (const auto& [instance, type] : m.instanceTypes) {
        const auto t = partTypes().find(type);
        if (t == partTypes().end())
            continue;
        PartVariables p;
        p.part.name = instance;
        p.part.kind = t->second.kind;
        p.position = instance + "." + t->second.position;
        if (*t->second.speed)
            p.speed = instance + "." + t->second.speed;
        switch (p.part.kind) {
        case Kind::Locked: break;
        case Kind::Inertia: p.part.inertia = parameter(m, instance + ".J"); break;
        case Kind::Mass: p.part.inertia = parameter(m, instance + ".m"); break;
        case Kind::Spring: p.part.stiffness = parameter(m, instance + ".c"); break;
        case Kind::Damper: p.part.damping = parameter(m, instance + ".d"); break;
        case Kind::SpringDamper:
            p.part.stiffness = parameter(m, instance + ".c");
            p.part.damping = parameter(m, instance + ".d");
            break;
        }
        parts.push_back(std::move(p));
    }
    std::stable_sort(parts.begin(), parts.end(), [&](const PartVariables& a, const PartVariables& b) {
        return placeOf(a.part.name) < placeOf(b.part.name);
    });
    return parts;
}

} // namespace flange::linear
