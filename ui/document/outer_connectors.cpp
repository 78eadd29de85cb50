#include "ui/document/outer_connectors.hpp"

#include "ui/document/subsystem_levels.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace flange::ui {

library::ComponentDefinition outerConnectorDefinition(const diagram::OuterConnector& outer)
{
    library::ComponentDefinition def;
    def.name = outer.type;
    def.description = outer.description;
    library::ConnectorDef con;
    con.name = "";
    con.type = library::connectorTypeFromString(outer.type).value_or(library::ConnectorType::RotationalFlangeA);
    con.description = outer.description;
    // On the icon the connector sits at (x, y); inside, its port faces the other way.
    if (std::abs(outer.x) >= std::abs(outer.y))
        con.x = outer.x < 0 ? 100 : -100;
    else
        con.y = outer.y > 0 ? -100 : 100;
    def.connectors.push_back(con);
    return def;
}

diagram::Component outerConnectorBlock(const diagram::OuterConnector& outer)
{
    diagram::Component c;
    c.name = outer.name;
    c.type = outer.type;
    c.placement = outer.placement;
    return c;
}

library::ConnectorType insideRole(library::ConnectorType type)
{
    using T = library::ConnectorType;
    switch (type) {
    case T::RealInput: return T::RealOutput;
    case T::RealOutput: return T::RealInput;
    case T::BooleanInput: return T::BooleanOutput;
    case T::BooleanOutput: return T::BooleanInput;
    default: return type;
    }
}

QStringList placeableConnectorTypes()
{
    return {QStringLiteral("Rotational.Flange_a"),    QStringLiteral("Rotational.Flange_b"),
            QStringLiteral("Rotational.Support"),     QStringLiteral("Translational.Flange_a"),
            QStringLiteral("Translational.Flange_b"), QStringLiteral("Translational.Support"),
            QStringLiteral("RealInput"),              QStringLiteral("RealOutput"),
            QStringLiteral("Thermal.HeatPort_a"),     QStringLiteral("Thermal.HeatPort_b")};
}

QString connectorBaseName(const QString& type)
{
    const QString last = type.section(QLatin1Char('.'), -1);
    if (last == QLatin1String("RealInput") || last == QLatin1String("BooleanInput"))
        return QStringLiteral("u");
    if (last == QLatin1String("RealOutput") || last == QLatin1String("BooleanOutput"))
        return QStringLiteral("y");
    if (last.startsWith(QLatin1String("HeatPort")))
        return QStringLiteral("port") + last.mid(8); // port_a, port_b
    return last.isEmpty() ? QStringLiteral("flange") : last.left(1).toLower() + last.mid(1);
}

std::pair<double, double> iconPositionLikeCanvas(const diagram::Diagram& level, const diagram::Placement& placement)
{
    // The middle and half-extent of the components' centres: connectors are measured
    // against the parts they lead to, not against each other.
    double left = 0, right = 0, top = 0, bottom = 0;
    bool any = false;
    for (const diagram::Component& c : level.components) {
        left = any ? std::min(left, c.placement.x) : c.placement.x;
        right = any ? std::max(right, c.placement.x) : c.placement.x;
        top = any ? std::min(top, c.placement.y) : c.placement.y;
        bottom = any ? std::max(bottom, c.placement.y) : c.placement.y;
        any = true;
    }
    const double cx = (left + right) / 2, cy = (top + bottom) / 2;
    // One scale for both axes (a row of parts has no height to measure against), half an
    // icon beyond the outermost centres so that a lone component still gives one.
    const double half = std::max(right - left, bottom - top) / 2 + 10;
    const double dx = (placement.x - cx) / half, dy = (placement.y - cy) / half;
    auto along = [](double t) { return std::round(std::clamp(t, -1.0, 1.0) * 8) * 10; };
    if (std::abs(dx) >= std::abs(dy))
        return {dx < 0 ? -100.0 : 100.0, -along(dy)}; // canvas y runs down, icon y up
    return {along(dx), dy < 0 ? 100.0 : -100.0};
}

namespace {

void rewriteIn(diagram::Diagram& d, std::vector<const diagram::Diagram*> scopes, const diagram::Diagram* target,
               const std::string& from, const std::string& to)
{
    scopes.push_back(&d);
    std::set<std::string> ends; // "instance.from" of each instance of the target here
    for (const diagram::Component& c : d.components)
        if (embeddedSubsystem(scopes, c.type) == target)
            ends.insert(c.name + "." + from);
    if (!ends.empty()) {
        auto& cons = d.connections;
        if (to.empty()) {
            cons.erase(std::remove_if(cons.begin(), cons.end(),
                                      [&](const diagram::Connection& c) { return ends.count(c.from) || ends.count(c.to); }),
                       cons.end());
        } else {
            for (diagram::Connection& c : cons)
                for (std::string* end : {&c.from, &c.to})
                    if (ends.count(*end))
                        *end = end->substr(0, end->size() - from.size()) + to;
        }
    }
    for (diagram::Diagram& sub : d.subsystems)
        rewriteIn(sub, scopes, target, from, to);
}

} // namespace

void rewriteConnectorUses(diagram::Diagram& root, const diagram::Diagram* target, const std::string& from,
                          const std::string& to)
{
    rewriteIn(root, {}, target, from, to);
}

} // namespace flange::ui
