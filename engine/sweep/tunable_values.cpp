#include "engine/sweep/tunable_values.hpp"

#include "engine/diagram/model_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_map>

namespace flange::sweep {

namespace {

using diagram::Json;

// A parameter's number as the diagram stores it: plain, or an object's "value".
std::optional<double> numberOf(const Json* given)
{
    if (given && given->is_object() && given->contains("value"))
        given = &(*given)["value"];
    if (!given || !given->is_number())
        return std::nullopt;
    return given->get<double>();
}

// A leaf's full name, "clutch1.fn_max", split at its instance.
std::pair<std::string, std::string> instanceAndMember(const std::string& full)
{
    const size_t dot = full.find('.');
    return {full.substr(0, dot), dot == std::string::npos ? std::string() : full.substr(dot + 1)};
}

// A value translation would take as it stands: finite, not 0 (the builders drop a 0, so
// structure would follow it), within the declared range.
bool acceptable(double v, const library::ParameterDef& pd)
{
    if (!std::isfinite(v) || v == 0)
        return false;
    if (pd.min && (pd.minExclusive ? v <= *pd.min : v < *pd.min))
        return false;
    return !(pd.max && v > *pd.max);
}

// A diagram's components by name: a drive line of 10,000 sections has tens of thousands
// of leaves, each looked up.
template <class Components>
auto byName(Components& components)
{
    std::unordered_map<std::string_view, decltype(&components.front())> out;
    out.reserve(components.size());
    for (auto& c : components)
        out.emplace(c.name, &c);
    return out;
}

template <class Map>
auto found(const Map& map, const std::string& name)
{
    auto it = map.find(name);
    return it == map.end() ? nullptr : it->second;
}

} // namespace

std::vector<std::string> tunableParameters(const CompiledModel& model)
{
    std::vector<std::string> names;
    for (size_t id = 0; id < model.pool.parameterCount(); ++id)
        if (!model.pool.isStructural(static_cast<int32_t>(id)))
            names.push_back(model.pool.parameterName(static_cast<int32_t>(id)));
    return names;
}

std::optional<std::vector<double>> tunedValues(const CompiledModel& model, const diagram::Diagram& translated,
                                               const library::Library& library, const diagram::Diagram& edited)
{
    const expr::Pool& pool = model.pool;
    std::vector<double> values;
    diagram::Diagram restored = edited;
    std::vector<diagram::ParameterDeclaration> own = diagram::declarations(restored);
    const std::vector<diagram::ParameterDeclaration> ownBefore = diagram::declarations(translated);
    auto declared = [](auto& list, const std::string& name) {
        auto it = std::find_if(list.begin(), list.end(), [&name](const auto& p) { return p.name == name; });
        return it == list.end() ? nullptr : &*it;
    };
    const auto editedComponents = byName(restored.components);
    const auto translatedComponents = byName(translated.components);
    for (size_t k = 0; k < pool.parameterCount(); ++k) {
        const auto id = static_cast<int32_t>(k);
        values.push_back(pool.parameterValue(id));
        if (pool.isStructural(id))
            continue;
        if (pool.parameterName(id).find('.') == std::string::npos) { // the diagram's own ("T2")
            diagram::ParameterDeclaration* edit = declared(own, pool.parameterName(id));
            const diagram::ParameterDeclaration* was = declared(ownBefore, pool.parameterName(id));
            const std::optional<double> v = edit ? numberOf(&edit->value) : std::nullopt;
            if (!was || !v || !std::isfinite(*v) || *v == 0 || (edit->min && *v < *edit->min) || (edit->max && *v > *edit->max))
                return std::nullopt;
            values.back() = *v;
            edit->value = was->value;
            continue;
        }
        const auto [instance, member] = instanceAndMember(pool.parameterName(id));
        diagram::Component* edit = found(editedComponents, instance);
        const diagram::Component* was = found(translatedComponents, instance);
        if (!edit || !was || edit->type != was->type)
            return std::nullopt;
        const library::ComponentDefinition* def = library.find(edit->type);
        const library::ParameterDef* pd = def ? def->parameter(member) : nullptr;
        if (!pd)
            return std::nullopt;
        const Json* given = edit->parameter(member);
        if (!given && !was->parameter(member))
            continue; // its default, as translated
        const std::optional<double> v = numberOf(given);
        if (!v || !acceptable(*v, *pd))
            return std::nullopt;
        values.back() = *v;
        // The value as translated: given, or the default (no value given).
        if (const Json* before = was->parameter(member))
            edit->setParameter(member, *before);
        else
            std::erase_if(edit->parameters, [&name = member](const auto& p) { return p.first == name; });
    }
    diagram::setDeclarations(restored, own);
    if (!diagram::simulatesAlike(restored, translated))
        return std::nullopt;
    return values;
}

} // namespace flange::sweep
