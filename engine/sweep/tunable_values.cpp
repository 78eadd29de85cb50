#include "engine/sweep/tunable_values.hpp"

#include "engine/diagram/model_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <map>
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

// A model parameter's value as translation would take it (numberOf, acceptable).
std::optional<double> ownValue(const diagram::ParameterDeclaration& p)
{
    const std::optional<double> v = numberOf(&p.value);
    if (!v || !std::isfinite(*v) || *v == 0 || (p.min && *v < *p.min) || (p.max && *v > *p.max))
        return std::nullopt;
    return v;
}

// A diagram's components by name: a drive line of 10,000 sections has tens of thousands
// of leaves.
std::unordered_map<std::string_view, const diagram::Component*> byName(const diagram::Diagram& d)
{
    std::unordered_map<std::string_view, const diagram::Component*> out;
    out.reserve(d.components.size());
    for (const diagram::Component& c : d.components)
        out.emplace(c.name, &c);
    return out;
}

// Puts back, when it ends, the parameters of an edited diagram it saved: tunedValues
// restores translation's values in the diagram itself to compare it, instead of copying
// a diagram of 20,000 components.
class PutBack {
public:
    explicit PutBack(diagram::Diagram& d) : diagram_(d), own_(d.parameters) {}
    void save(diagram::Component& c) { components_.emplace_back(&c, c.parameters); }
    ~PutBack()
    {
        diagram_.parameters = std::move(own_);
        for (auto& [c, parameters] : components_)
            c->parameters = std::move(parameters);
    }
    PutBack(const PutBack&) = delete;
    PutBack& operator=(const PutBack&) = delete;

private:
    diagram::Diagram& diagram_;
    std::vector<std::pair<std::string, Json>> own_;
    std::vector<std::pair<diagram::Component*, std::vector<std::pair<std::string, Json>>>> components_;
};

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
                                               const library::Library& library, diagram::Diagram& edited)
{
    const expr::Pool& pool = model.pool;
    std::vector<double> values(pool.parameterCount());
    for (size_t k = 0; k < values.size(); ++k)
        values[k] = pool.parameterValue(static_cast<int32_t>(k));
    PutBack putBack(edited);
    std::vector<diagram::ParameterDeclaration> own = diagram::declarations(edited);
    const std::vector<diagram::ParameterDeclaration> ownBefore = diagram::declarations(translated);
    auto declared = [](auto& list, const std::string& name) {
        auto it = std::find_if(list.begin(), list.end(), [&name](const auto& p) { return p.name == name; });
        return it == list.end() ? nullptr : &*it;
    };
    // Only the leaves of components whose parameters differ from translation's may have new
    // values; a component added, removed or renamed fails the comparison at the end.
    const auto translatedComponents = byName(translated);
    std::unordered_map<std::string_view, diagram::Component*> changed;
    for (diagram::Component& c : edited.components) {
        auto was = translatedComponents.find(c.name);
        if (was != translatedComponents.end() && was->second->parameters != c.parameters) {
            changed.emplace(c.name, &c);
            putBack.save(c);
        }
    }
    for (size_t k = 0; k < pool.parameterCount(); ++k) {
        const auto id = static_cast<int32_t>(k);
        if (pool.isStructural(id))
            continue;
        const std::string_view name = pool.parameterName(id);
        const size_t dot = name.find('.');
        if (dot == std::string_view::npos) { // the diagram's own ("T2")
            diagram::ParameterDeclaration* edit = declared(own, pool.parameterName(id));
            const diagram::ParameterDeclaration* was = declared(ownBefore, pool.parameterName(id));
            const std::optional<double> v = edit ? ownValue(*edit) : std::nullopt;
            if (!was || !v)
                return std::nullopt;
            values[k] = *v;
            edit->value = was->value;
            continue;
        }
        auto it = changed.find(name.substr(0, dot));
        if (it == changed.end())
            continue; // as translated
        diagram::Component* edit = it->second;
        const diagram::Component* was = translatedComponents.at(edit->name);
        const std::string member(name.substr(dot + 1));
        if (edit->type != was->type)
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
        values[k] = *v;
        // The value as translated: given, or the default (no value given).
        if (const Json* before = was->parameter(member))
            edit->setParameter(member, *before);
        else
            std::erase_if(edit->parameters, [&member](const auto& p) { return p.first == member; });
    }
    diagram::setDeclarations(edited, own);
    if (!diagram::simulatesAlike(edited, translated))
        return std::nullopt;
    return values;
}

std::optional<std::vector<double>> tunedInstanceValues(const CompiledModel& model, const diagram::Diagram& translated,
                                                       const library::Library& library,
                                                       const std::vector<Override>& edits)
{
    // The edited instances and their new values, a later edit of a parameter replacing an
    // earlier one; each must reach a tunable leaf, else the edit is one translation sees.
    struct Edit {
        const Json* value = nullptr;
        bool reached = false;
    };
    struct Instance {
        const diagram::Component* was = nullptr;
        std::map<std::string, Edit, std::less<>> members;
    };
    std::map<std::string, Instance, std::less<>> instances;
    for (const Override& e : edits) {
        if (e.target.kind != OverrideTarget::Kind::ComponentParameter || !e.value.is_number())
            return std::nullopt;
        Instance& in = instances[e.target.component];
        in.was = translated.component(e.target.component);
        if (!in.was)
            return std::nullopt;
        in.members[e.target.member].value = &e.value;
    }
    // As tunedValues: every tunable leaf of an edited instance, and of the diagram's own,
    // takes a value translation would take as it stands.
    const std::vector<diagram::ParameterDeclaration> own = diagram::declarations(translated);
    const expr::Pool& pool = model.pool;
    std::vector<double> values(pool.parameterCount());
    for (size_t k = 0; k < values.size(); ++k) {
        const auto id = static_cast<int32_t>(k);
        values[k] = pool.parameterValue(id);
        if (pool.isStructural(id))
            continue;
        const std::string_view name = pool.parameterName(id);
        const size_t dot = name.find('.');
        if (dot == std::string_view::npos) {
            auto p = std::find_if(own.begin(), own.end(), [&name](const auto& d) { return d.name == name; });
            const std::optional<double> v = p == own.end() ? std::nullopt : ownValue(*p);
            if (!v)
                return std::nullopt;
            values[k] = *v; // as translated
            continue;
        }
        auto in = instances.find(name.substr(0, dot));
        if (in == instances.end())
            continue;
        const std::string member(name.substr(dot + 1));
        const library::ComponentDefinition* def = library.find(in->second.was->type);
        const library::ParameterDef* pd = def ? def->parameter(member) : nullptr;
        if (!pd)
            return std::nullopt;
        auto edit = in->second.members.find(member);
        const Json* given = edit != in->second.members.end() ? edit->second.value : in->second.was->parameter(member);
        if (!given)
            continue; // its default, as translated
        const std::optional<double> v = numberOf(given);
        if (!v || !acceptable(*v, *pd))
            return std::nullopt;
        values[k] = *v;
        if (edit != in->second.members.end())
            edit->second.reached = true;
    }
    for (const auto& [name, in] : instances)
        for (const auto& [member, edit] : in.members)
            if (!edit.reached)
                return std::nullopt;
    return values;
}

} // namespace flange::sweep
