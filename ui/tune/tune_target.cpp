#include "ui/tune/tune_target.hpp"

#include "engine/api/library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/parameter_values.hpp"
#include "ui/parameters/value_parsing.hpp"

#include <QObject>

#include <algorithm>

namespace flange::ui::tune {

namespace {

const library::ComponentDefinition* definitionOf(const DiagramDocument& document, const diagram::Component& c)
{
    const auto library = document.sharedLibrary();
    return library ? library->find(c.type) : nullptr;
}

const diagram::Component* topLevelComponent(const DiagramDocument& document, const QString& name)
{
    for (const diagram::Component& c : document.rootDiagram().components)
        if (c.name == name.toStdString())
            return &c;
    return nullptr;
}

} // namespace

std::optional<TuneTarget> resolveTarget(const DiagramDocument& document, const QString& name, QString* reason)
{
    auto refuse = [&](const QString& why) -> std::optional<TuneTarget> {
        if (reason)
            *reason = why;
        return std::nullopt;
    };
    const QString trimmed = name.trimmed();
    const qsizetype dot = trimmed.indexOf(QLatin1Char('.'));
    if (dot <= 0 || dot == trimmed.size() - 1)
        return refuse(QObject::tr("'%1' names no parameter: write component.parameter (spring.c) or "
                                  "component.variable.start (inertia1.w.start)").arg(trimmed));
    TuneTarget t;
    t.name = trimmed;
    t.component = trimmed.left(dot);
    QString member = trimmed.mid(dot + 1);
    const diagram::Component* c = topLevelComponent(document, t.component);
    if (!c)
        return refuse(QObject::tr("%1: the diagram has no component %2").arg(trimmed, t.component));
    const library::ComponentDefinition* def = definitionOf(document, *c);
    if (!def)
        return refuse(QObject::tr("%1: the library has no definition %2").arg(trimmed, QString::fromStdString(c->type)));
    if (member.endsWith(QStringLiteral(".start"))) {
        t.start = true;
        t.member = member.chopped(6).toStdString();
        const library::VariableDef* v = def->variable(t.member);
        if (!v || v->type != library::ValueType::Real || v->isProtected)
            return refuse(QObject::tr("%1: %2 has no Real variable %3").arg(trimmed, t.component, member.chopped(6)));
        t.unit = v->unit;
        return t;
    }
    t.member = member.toStdString();
    const library::ParameterDef* p = def->parameter(t.member);
    if (!p || p->type != library::ValueType::Real || p->isFinal)
        return refuse(QObject::tr("%1: %2 has no Real parameter %3 that can be set").arg(trimmed, t.component, member));
    t.unit = p->unit;
    return t;
}

std::optional<double> currentValue(const DiagramDocument& document, const TuneTarget& target)
{
    const diagram::Component* c = topLevelComponent(document, target.component);
    const library::ComponentDefinition* def = c ? definitionOf(document, *c) : nullptr;
    if (!def)
        return std::nullopt;
    QString text;
    if (target.start) {
        const diagram::VariableSettings* s = c->variable(target.member);
        if (s && s->start)
            text = formatValue(*s->start, target.unit);
        else if (const library::VariableDef* v = def->variable(target.member); v && v->start)
            text = formatExpression(*v->start);
        else
            return 0.0; // Modelica's start of a Real without one
    } else {
        text = parameterText(*def, *c, target.member);
    }
    if (text.isEmpty())
        return std::nullopt;
    return parseNumberIn(target.name, text, target.unit);
}

std::pair<Parameters, Variables> settingsWith(const diagram::Component& c, const TuneTarget& target, double v)
{
    Parameters parameters = c.parameters;
    Variables variables = c.variables;
    if (target.start) {
        auto it = std::find_if(variables.begin(), variables.end(), [&](const auto& e) { return e.first == target.member; });
        if (it == variables.end()) {
            variables.emplace_back(target.member, diagram::VariableSettings{});
            it = variables.end() - 1;
        }
        it->second.start = diagram::Json(v);
    } else {
        auto it = std::find_if(parameters.begin(), parameters.end(), [&](const auto& e) { return e.first == target.member; });
        if (it == parameters.end())
            parameters.emplace_back(target.member, diagram::Json(v));
        else
            it->second = diagram::Json(v);
    }
    return {std::move(parameters), std::move(variables)};
}

QStringList tunableNames(const DiagramDocument& document)
{
    QStringList names;
    for (const diagram::Component& c : document.rootDiagram().components) {
        const library::ComponentDefinition* def = definitionOf(document, c);
        if (!def)
            continue;
        const QString prefix = QString::fromStdString(c.name) + QLatin1Char('.');
        for (const library::ParameterDef& p : def->parameters)
            if (p.type == library::ValueType::Real && !p.isFinal)
                names << prefix + QString::fromStdString(p.name);
        for (const library::VariableDef& v : def->variables)
            if (v.type == library::ValueType::Real && !v.isProtected && !v.discrete)
                names << prefix + QString::fromStdString(v.name) + QStringLiteral(".start");
    }
    return names;
}

} // namespace flange::ui::tune
