#include "ui/results/event_description.hpp"

#include <QObject>
#include <QStringList>

#include <algorithm>
#include <vector>

namespace flange::ui {

namespace {

// Friction elements (MSL PartialFriction): mode Forward = 1, Stuck = 0, Backward = -1,
// Free = 2; Booleans are 0/1 in the change list.
constexpr double kStuck = 0, kFree = 2;

struct NetChange {
    QString member; // "mode"
    double from = 0, to = 0;
};

// One instance's discrete values over the whole event iteration: the first old value and
// the last new one. The iteration may pass through a value and come back ("locked 0 -> 1;
// locked 1 -> 0" while a clutch engages), and only the net change means anything.
struct InstanceChanges {
    QString instance;
    std::vector<NetChange> members;

    const NetChange* changed(const char* member) const
    {
        for (const NetChange& m : members)
            if (m.member == QLatin1String(member))
                return m.from != m.to ? &m : nullptr;
        return nullptr;
    }
};

std::vector<InstanceChanges> netChanges(const EventRecord& event)
{
    std::vector<InstanceChanges> out;
    for (const std::string& text : event.changes) {
        // "clutch1.mode -1 -> 0"; other entries ("reinit(stop2.s)") tell no state change
        const QString s = QString::fromStdString(text);
        const int arrow = s.indexOf(QLatin1String(" -> "));
        const int space = arrow < 0 ? -1 : s.lastIndexOf(QLatin1Char(' '), arrow - 1);
        if (space < 0)
            continue;
        const QString name = s.left(space);
        const int dot = name.lastIndexOf(QLatin1Char('.'));
        bool okFrom = false, okTo = false;
        const double from = s.mid(space + 1, arrow - space - 1).toDouble(&okFrom);
        const double to = s.mid(arrow + 4).toDouble(&okTo);
        if (dot < 0 || !okFrom || !okTo)
            continue;
        const QString instance = name.left(dot), member = name.mid(dot + 1);
        auto group =
            std::find_if(out.begin(), out.end(), [&](const InstanceChanges& g) { return g.instance == instance; });
        if (group == out.end())
            group = out.insert(out.end(), InstanceChanges{instance, {}});
        auto m = std::find_if(group->members.begin(), group->members.end(),
                              [&](const NetChange& c) { return c.member == member; });
        if (m == group->members.end())
            group->members.push_back({member, from, to});
        else
            m->to = to;
    }
    return out;
}

QString slipping(double mode) { return mode > 0 ? QObject::tr("slipping forward") : QObject::tr("slipping backward"); }

QString modeWords(const NetChange& mode)
{
    if (mode.to == kFree)
        return QObject::tr("disengaged (free)");
    if (mode.to == kStuck)
        return mode.from == kFree ? QObject::tr("engages, locked (stuck)") : QObject::tr("locked (stuck)");
    if (mode.from == kStuck)
        return QObject::tr("breaks away, %1").arg(slipping(mode.to));
    if (mode.from == kFree)
        return QObject::tr("engages, %1").arg(slipping(mode.to));
    return QObject::tr("reverses, %1").arg(slipping(mode.to));
}

// What happened to one instance, or empty when its changes say nothing recognisable.
QString instanceWords(const InstanceChanges& c)
{
    QStringList words;
    if (const NetChange* stop = c.changed("stopped")) // MassWithStopAndFriction
        words << (stop->to < 0 ? QObject::tr("hits the lower stop")
                  : stop->to > 0 ? QObject::tr("hits the upper stop")
                                 : QObject::tr("leaves the stop"));
    // The mode says where the element ended up; the flags only matter without it.
    if (const NetChange* mode = c.changed("mode"))
        words << modeWords(*mode);
    else if (const NetChange* stuck = c.changed("stuck")) // one-way clutch: no mode
        words << (stuck->to != 0 ? QObject::tr("locked (stuck)") : QObject::tr("slipping forward (freewheeling)"));
    else if (const NetChange* free = c.changed("free"))
        words << (free->to != 0 ? QObject::tr("disengaged (free)") : QObject::tr("engages"));
    else if (const NetChange* start = c.changed("startForward"); start && start->to != 0)
        words << QObject::tr("about to slip forward");
    else if (const NetChange* startBack = c.changed("startBackward"); startBack && startBack->to != 0)
        words << QObject::tr("about to slip backward");
    else if (const NetChange* locked = c.changed("locked"); locked && locked->to != 0)
        words << QObject::tr("locked (stuck)");
    if (const NetChange* contact = c.changed("contact")) // ElastoGap
        words << (contact->to != 0 ? QObject::tr("contact") : QObject::tr("contact lifts off"));
    return words.join(QLatin1String(", "));
}

// The relation without its instance prefix: "free = fn <= 0".
QString relationText(const EventRecord& event, const QString& component)
{
    const QString cause = QString::fromStdString(event.cause);
    const QString prefix = component + QLatin1String(": ");
    return !component.isEmpty() && cause.startsWith(prefix) ? cause.mid(prefix.size()) : cause;
}

} // namespace

QString eventComponent(const EventRecord& event)
{
    if (!event.component.empty())
        return QString::fromStdString(event.component);
    // records made without it (older logs, tests): the origin text starts with the instance
    const size_t colon = event.cause.find(':');
    return colon == std::string::npos ? QString() : QString::fromStdString(event.cause.substr(0, colon));
}

QString describeEvent(const EventRecord& event)
{
    const QString component = eventComponent(event);
    QString own;
    QStringList others;
    for (const InstanceChanges& c : netChanges(event)) {
        const QString words = instanceWords(c);
        if (words.isEmpty())
            continue;
        if (c.instance == component)
            own = words;
        else
            others << c.instance + QLatin1Char(' ') + words;
    }
    QStringList parts;
    if (event.timeEvent)
        parts << (component.isEmpty() ? QObject::tr("time event")
                                       : QObject::tr("time event: %1 switches").arg(component));
    if (!own.isEmpty())
        parts << own;
    else if (!event.timeEvent && others.isEmpty()) {
        const QString relation = relationText(event, component);
        parts << (relation.isEmpty() ? QObject::tr("state event") : relation);
    }
    return (parts + others).join(QLatin1String("; "));
}

QString describeChanges(const EventRecord& event)
{
    QStringList out;
    for (const std::string& c : event.changes)
        out << QString::fromStdString(c).replace(QLatin1String(" -> "), QStringLiteral(" \u2192 "));
    return out.join(QLatin1String("; "));
}

} // namespace flange::ui
