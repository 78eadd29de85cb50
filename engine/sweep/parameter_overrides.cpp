#include "engine/sweep/parameter_overrides.hpp"

#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"
#include "engine/library/scoped_library.hpp"
#include "engine/units/units.hpp"

#include <cmath>

namespace flange::sweep {

namespace {

using library::ValueType;

Error unknown(const std::string& name, const std::string& why)
{
    return badInput("'" + name + "': " + why);
}

bool isNumberType(ValueType t) { return t == ValueType::Real || t == ValueType::Integer; }

} // namespace

OverrideTarget findOverrideTarget(const diagram::Diagram& d, const library::Library& lib, const std::string& name)
{
    OverrideTarget t = findSettable(d, lib, name);
    if (t.number)
        return t;
    if (t.kind == OverrideTarget::Kind::ModelParameter)
        for (const diagram::ParameterDeclaration& p : diagram::declarations(d))
            if (p.name == name)
                throw unknown(name, "the model parameter is a " + p.type + ", not a number");
    throw unknown(name, t.member + " of " + d.component(t.component)->type + " is not a number").about({t.component});
}

OverrideTarget findSettable(const diagram::Diagram& d, const library::Library& lib, const std::string& name)
{
    OverrideTarget t;
    t.name = name;
    const size_t dot = name.find('.');
    if (dot == std::string::npos) {
        for (const diagram::ParameterDeclaration& p : diagram::declarations(d))
            if (p.name == name) {
                t.kind = OverrideTarget::Kind::ModelParameter;
                t.member = name;
                t.number = p.type.empty() || p.type == "Real" || p.type == "Integer";
                t.unit = p.unit;
                t.integer = p.type == "Integer";
                return t;
            }
        throw unknown(name, "the model has no parameter of this name (an instance's is written instance.parameter)");
    }
    t.component = name.substr(0, dot);
    const diagram::Component* c = d.component(t.component);
    if (!c)
        throw unknown(name, "the model has no instance '" + t.component + "'");
    const library::ScopedLibrary scope(lib, {&d});
    const library::ComponentDefinition* def = scope.find(c->type);
    if (!def)
        throw unknown(name, "the type " + c->type + " of " + t.component + " is unknown").about({t.component});
    std::string rest = name.substr(dot + 1);
    static const std::string startSuffix = ".start";
    if (rest.size() > startSuffix.size() && rest.compare(rest.size() - startSuffix.size(), startSuffix.size(), startSuffix) == 0) {
        t.kind = OverrideTarget::Kind::StartValue;
        t.member = rest.substr(0, rest.size() - startSuffix.size());
        const library::VariableDef* v = def->variable(t.member);
        if (!v)
            throw unknown(name, c->type + " has no variable '" + t.member + "'").about({t.component});
        t.number = isNumberType(v->type);
        t.unit = v->unit;
        t.integer = v->type == ValueType::Integer;
        return t;
    }
    t.kind = OverrideTarget::Kind::ComponentParameter;
    t.member = rest;
    const library::ParameterDef* p = def->parameter(rest);
    if (!p)
        throw unknown(name, c->type + " has no parameter '" + rest + "' (a start value is written " + t.component +
                                ".variable.start)")
            .about({t.component});
    if (p->isFinal)
        throw unknown(name, rest + " of " + c->type + " is final: it cannot be set").about({t.component});
    t.number = isNumberType(p->type);
    t.unit = p->unit;
    t.integer = p->type == ValueType::Integer;
    return t;
}

double overrideValue(const OverrideTarget& target, const std::string& text)
{
    const std::optional<units::Quantity> q = units::splitQuantity(text);
    if (!q)
        throw badInput(target.name + ": '" + text + "' is not a number" + (target.unit.empty() ? "" : " (with or without a unit)"));
    return overrideValue(target, q->value, q->unit, text);
}

double overrideValue(const OverrideTarget& target, double value, const std::string& unit, const std::string& written)
{
    const std::string as = !written.empty() ? written : io::shortestNumber(value) + (unit.empty() ? "" : " " + unit);
    double v = value;
    if (!unit.empty() && unit != target.unit) {
        const units::Conversion c = units::convert(value, unit, target.unit, target.name);
        if (!c.value)
            throw badInput(c.error + " (in '" + as + "')");
        v = *c.value;
    }
    if (!std::isfinite(v))
        throw badInput(target.name + ": '" + as + "' is not a finite number");
    if (target.integer && v != std::floor(v))
        throw badInput(target.name + " must be a whole number (it is " + as + ")");
    return v;
}

diagram::Json storedValue(const OverrideTarget& target, double value)
{
    return target.integer ? diagram::Json(static_cast<long long>(value)) : diagram::Json(value);
}

void applyOverride(diagram::Diagram& d, const OverrideTarget& target, double value)
{
    applyOverride(d, target, storedValue(target, value));
}

void applyOverride(diagram::Diagram& d, const OverrideTarget& target, const diagram::Json& json)
{
    switch (target.kind) {
    case OverrideTarget::Kind::ModelParameter: {
        std::vector<diagram::ParameterDeclaration> list = diagram::declarations(d);
        for (diagram::ParameterDeclaration& p : list)
            if (p.name == target.member)
                p.value = json;
        diagram::setDeclarations(d, list);
        return;
    }
    case OverrideTarget::Kind::ComponentParameter: d.component(target.component)->setParameter(target.member, json); return;
    case OverrideTarget::Kind::StartValue: {
        diagram::Component* c = d.component(target.component);
        if (diagram::VariableSettings* v = c->variable(target.member))
            v->start = json;
        else
            c->variables.emplace_back(target.member, diagram::VariableSettings{json, {}, {}, {}});
        return;
    }
    }
}

std::pair<std::string, std::string> splitAssignment(const std::string& text, const std::string& option)
{
    const size_t eq = text.find('=');
    auto trim = [](std::string s) {
        const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
        return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
    };
    if (eq == std::string::npos || trim(text.substr(0, eq)).empty() || trim(text.substr(eq + 1)).empty())
        throw badInput(option + ": '" + text + "' is not NAME=VALUE");
    return {trim(text.substr(0, eq)), trim(text.substr(eq + 1))};
}

void applyAssignments(diagram::Diagram& d, const library::Library& lib, const std::vector<std::string>& assignments,
                      const std::string& option)
{
    for (const std::string& a : assignments) {
        const auto [name, text] = splitAssignment(a, option);
        OverrideTarget t;
        double v = 0;
        try {
            t = findOverrideTarget(d, lib, name);
            v = overrideValue(t, text);
        } catch (Error& e) {
            throw Error(e.kind(), option + " " + e.what(), e.instances);
        }
        applyOverride(d, t, v);
    }
}

} // namespace flange::sweep
