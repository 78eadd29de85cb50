#include "ui/results/event_description.hpp"

#include <QObject>
#include <QStringList>

#include <algorithm>
#include <vector>

namespace flange::ui {

namespace {

const QString kArrow = QStringLiteral(" \u2192 ");

const std::string* nameOf(const Model* model, const EventChange& c, double value)
{
    const library::VariableDef* definition = model ? model->variableDefinition(c.instance, c.variable) : nullptr;
    return definition ? definition->valueName(value) : nullptr;
}

int priorityOf(const Model* model, const EventChange& c)
{
    const library::VariableDef* definition = model->variableDefinition(c.instance, c.variable);
    return definition ? definition->statePriority : 0;
}

// One instance's state after the event, in its definition's words; empty when none of
// its changes has a name for its new value.
QString instanceWords(const std::vector<const EventChange*>& changes, const Model* model)
{
    std::vector<const EventChange*> named;
    for (const EventChange* c : changes)
        if (nameOf(model, *c, c->after))
            named.push_back(c);
    if (named.empty())
        return {};
    int top = priorityOf(model, *named.front());
    for (const EventChange* c : named)
        top = std::max(top, priorityOf(model, *c));
    QStringList words;
    for (const EventChange* c : named) {
        if (priorityOf(model, *c) != top)
            continue;
        const QString after = QString::fromStdString(*nameOf(model, *c, c->after));
        // A Boolean's old value is the other one; an Integer's says where the element came from.
        const std::string* before = c->isBoolean ? nullptr : nameOf(model, *c, c->before);
        words << (before ? QString::fromStdString(*before) + kArrow + after : after);
    }
    return words.join(QLatin1String(", "));
}

QString valueText(const EventChange& c, double v)
{
    if (c.isBoolean)
        return v != 0 ? QStringLiteral("true") : QStringLiteral("false");
    return QString::number(v, 'g', 6);
}

} // namespace

QString eventComponent(const EventRecord& event) { return QString::fromStdString(event.cause.instance); }

QString eventInWords(const EventRecord& event, const Model* model)
{
    // The changes by instance, in the order of their first change; a reinit is the
    // consequence of a state the instance's discrete values tell.
    std::vector<std::pair<std::string, std::vector<const EventChange*>>> byInstance;
    for (const EventChange& c : event.changes) {
        if (c.reinit)
            continue;
        auto group = std::find_if(byInstance.begin(), byInstance.end(),
                                  [&](const auto& g) { return g.first == c.instance; });
        if (group == byInstance.end())
            group = byInstance.insert(byInstance.end(), {c.instance, {}});
        group->second.push_back(&c);
    }
    QString own;
    QStringList others;
    for (const auto& [instance, changes] : byInstance) {
        const QString words = instanceWords(changes, model);
        if (words.isEmpty())
            continue;
        if (instance == event.cause.instance)
            own = words;
        else
            others << QString::fromStdString(instance) + QLatin1Char(' ') + words;
    }
    const QString component = eventComponent(event);
    QStringList parts;
    if (event.cause.timeEvent)
        parts << (component.isEmpty() ? QObject::tr("time event")
                                       : QObject::tr("time event: %1 switches").arg(component));
    if (!own.isEmpty())
        parts << own;
    else if (!event.cause.timeEvent && others.isEmpty()) {
        EventCause relation = event.cause; // the component has its own column
        relation.instance.clear();
        parts << QString::fromStdString(describeCause(relation));
    }
    return (parts + others).join(QLatin1String("; "));
}

QString changesInWords(const EventRecord& event, const Model* model)
{
    QStringList out;
    for (const EventChange& c : event.changes) {
        QString text = QString::fromStdString(c.name()) + QLatin1Char(' ') + valueText(c, c.before) + kArrow +
                       valueText(c, c.after);
        if (c.reinit)
            text = QObject::tr("reinit %1").arg(text);
        const std::string* before = c.reinit ? nullptr : nameOf(model, c, c.before);
        const std::string* after = c.reinit ? nullptr : nameOf(model, c, c.after);
        if (before && after && !c.isBoolean)
            text += QStringLiteral(" (") + QString::fromStdString(*before) + kArrow + QString::fromStdString(*after) +
                    QLatin1Char(')');
        out << text;
    }
    return out.join(QLatin1String("; "));
}

QString causeInWords(const EventRecord& event)
{
    QString text = QString::fromStdString(describeCause(event.cause));
    if (!event.cause.equation.empty())
        text += QLatin1Char('\n') + QObject::tr("in %1").arg(QString::fromStdString(event.cause.equation));
    return text;
}

} // namespace flange::ui
