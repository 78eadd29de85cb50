#include "engine/diagram/model_parameters.hpp"

#include "engine/expr/parser.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

namespace flange::diagram {

namespace {

// The expression text inside a stored value, if it is one.
Json* expressionOf(Json& v)
{
    if (v.is_object() && v.contains("value"))
        return expressionOf(v["value"]);
    return v.is_string() ? &v : nullptr;
}

void collectColumns(const expr::Ast& a, const std::string& name, std::vector<int>& columns)
{
    if (a.kind == expr::Ast::Kind::Ident && a.name == name)
        columns.push_back(a.column);
    for (const auto& arg : a.args)
        if (arg)
            collectColumns(*arg, name, columns);
}

enum class Scan { Unused, Used, Unparsable };

// Whether `text` refers to `name`; with `to`, rewrites those references in place.
Scan scan(std::string& text, const std::string& name, const std::string* to)
{
    expr::AstPtr ast;
    try {
        ast = expr::parseExpression(text);
    } catch (const expr::ParseError&) {
        return Scan::Unparsable;
    }
    std::vector<int> columns;
    collectColumns(*ast, name, columns);
    if (columns.empty())
        return Scan::Unused;
    if (to) {
        std::sort(columns.rbegin(), columns.rend()); // from the back, so earlier columns stay valid
        for (int c : columns)
            text.replace(static_cast<size_t>(c), name.size(), *to);
    }
    return Scan::Used;
}

// Visits every expression-bearing value of the diagram with a label for messages.
void forEachValue(Diagram& d, const std::function<void(Json&, const std::string&)>& visit)
{
    for (auto& [k, v] : d.parameters)
        visit(v, "model parameter " + k);
    for (Component& c : d.components) {
        for (auto& [k, v] : c.parameters)
            visit(v, c.name + "." + k);
        for (auto& [k, vs] : c.variables) {
            if (vs.start)
                visit(*vs.start, "start of " + c.name + "." + k);
            if (vs.fixed)
                visit(*vs.fixed, "fixed of " + c.name + "." + k);
            if (vs.nominal)
                visit(*vs.nominal, "nominal of " + c.name + "." + k);
        }
    }
}

bool isIdentifier(const std::string& s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

} // namespace

ParameterDeclaration readDeclaration(const std::string& name, const Json& stored)
{
    ParameterDeclaration p;
    p.name = name;
    if (!stored.is_object()) {
        p.value = stored;
        return p;
    }
    Json rest = stored;
    if (rest.contains("unit") && rest["unit"].is_string())
        p.unit = rest["unit"].get<std::string>();
    if (rest.contains("description") && rest["description"].is_string())
        p.description = rest["description"].get<std::string>();
    if (rest.contains("type") && rest["type"].is_string())
        p.type = rest["type"].get<std::string>();
    if (rest.contains("tab") && rest["tab"].is_string())
        p.tab = rest["tab"].get<std::string>();
    if (rest.contains("min") && rest["min"].is_number())
        p.min = rest["min"].get<double>();
    if (rest.contains("max") && rest["max"].is_number())
        p.max = rest["max"].get<double>();
    if (rest.contains("required") && rest["required"].is_boolean())
        p.required = rest["required"].get<bool>();
    for (const char* key : {"unit", "description", "type", "tab", "min", "max", "required"})
        rest.erase(key);
    // {"value": 5} alone is the plain value; with a displayUnit it stays an object.
    p.value = rest.size() == 1 && rest.contains("value") ? rest["value"] : rest;
    return p;
}

Json storedForm(const ParameterDeclaration& p)
{
    if (p.unit.empty() && p.description.empty() && p.type.empty() && p.tab.empty() && !p.min && !p.max && !p.required)
        return p.value;
    Json j = Json::object();
    if (p.value.is_object())
        j = p.value;
    else
        j["value"] = p.value;
    if (!p.unit.empty())
        j["unit"] = p.unit;
    if (!p.description.empty())
        j["description"] = p.description;
    if (!p.type.empty())
        j["type"] = p.type;
    if (!p.tab.empty())
        j["tab"] = p.tab;
    if (p.min)
        j["min"] = *p.min;
    if (p.max)
        j["max"] = *p.max;
    if (p.required)
        j["required"] = true;
    return j;
}

std::vector<ParameterDeclaration> declarations(const Diagram& d)
{
    std::vector<ParameterDeclaration> out;
    for (const auto& [k, v] : d.parameters)
        out.push_back(readDeclaration(k, v));
    return out;
}

void setDeclarations(Diagram& d, const std::vector<ParameterDeclaration>& list)
{
    d.parameters.clear();
    for (const ParameterDeclaration& p : list)
        d.parameters.emplace_back(p.name, storedForm(p));
}

std::vector<std::string> usesOf(const Diagram& d, const std::string& name)
{
    std::vector<std::string> uses;
    Diagram copy = d; // forEachValue visits mutable values; nothing is changed here
    forEachValue(copy, [&](Json& v, const std::string& where) {
        if (where == "model parameter " + name)
            return;
        if (Json* e = expressionOf(v)) {
            std::string text = e->get<std::string>();
            if (scan(text, name, nullptr) == Scan::Used)
                uses.push_back(where);
        }
    });
    return uses;
}

std::optional<std::string> renameParameter(Diagram& d, const std::string& from, const std::string& to)
{
    if (!isIdentifier(to))
        return "'" + to + "' is not a valid name (letters, digits and _, not starting with a digit)";
    for (const auto& [k, v] : d.parameters)
        if (k == to)
            return "there is already a model parameter named '" + to + "'";
    if (d.component(to))
        return "'" + to + "' is the name of a component";
    Diagram renamed = d;
    std::optional<std::string> refusal;
    forEachValue(renamed, [&](Json& v, const std::string& where) {
        Json* e = expressionOf(v);
        if (!e || refusal)
            return;
        std::string text = e->get<std::string>();
        Scan s = scan(text, from, &to);
        if (s == Scan::Unparsable && text.find(from) != std::string::npos)
            refusal = "cannot rename '" + from + "': the value of " + where + " (\"" + text +
                      "\") is not an expression Flange can read, so its uses cannot be found";
        else if (s == Scan::Used)
            *e = text;
    });
    if (refusal)
        return refusal;
    for (auto& [k, v] : renamed.parameters)
        if (k == from)
            k = to;
    d = std::move(renamed);
    return std::nullopt;
}

} // namespace flange::diagram
