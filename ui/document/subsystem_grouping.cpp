#include "ui/document/subsystem_grouping.hpp"

#include "engine/api/library.hpp"

#include "engine/api/diagram.hpp"
#include "ui/document/instance_naming.hpp"
#include "ui/document/port_geometry.hpp"

#include <QObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace flange::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

std::string instanceOf(const std::string& endpoint)
{
    std::string instance, connector;
    return diagram::splitEndpoint(endpoint, instance, connector) ? instance : endpoint;
}

std::string connectorOf(const std::string& endpoint)
{
    std::string instance, connector;
    return diagram::splitEndpoint(endpoint, instance, connector) ? connector : std::string();
}

// Where an end of a connection sits on this level's canvas (diagram units, y down).
std::optional<QPointF> endPosition(const diagram::Diagram& level, const std::string& endpoint, const TypeLookup& find)
{
    std::string instance, connector;
    if (!diagram::splitEndpoint(endpoint, instance, connector)) {
        if (const diagram::OuterConnector* outer = level.connector(endpoint))
            return QPointF(outer->placement.x, outer->placement.y);
        return std::nullopt;
    }
    const diagram::Component* c = level.component(instance);
    if (!c)
        return std::nullopt;
    if (const library::ComponentDefinition* def = find(c->type))
        if (std::optional<PortPlace> p = portPlace(*c, *def, connector))
            return p->at;
    return QPointF(c->placement.x, c->placement.y);
}

enum Side { Left, Right, Top, Bottom };

// The side of the selection's box facing `outside`; a point level with the box goes by
// the direction the port faces.
Side sideFacing(const QRectF& box, QPointF outside, QPointF portOutward)
{
    const double excess[4] = {box.left() - outside.x(), outside.x() - box.right(), box.top() - outside.y(),
                              outside.y() - box.bottom()};
    const int best = static_cast<int>(std::max_element(excess, excess + 4) - excess);
    if (excess[best] > 0)
        return static_cast<Side>(best);
    if (std::abs(portOutward.y()) > std::abs(portOutward.x()))
        return portOutward.y() < 0 ? Top : Bottom;
    return portOutward.x() > 0 ? Right : Left;
}

struct CutEnd {
    std::string inner;   // "clutch1.flange_a"
    std::string outer;   // the new connector's name
    library::ConnectorType type{};
    QPointF at;          // the inner port on the canvas
    Side side = Left;
};

// Model parameters used by the components, and the ones those use in turn.
std::vector<std::string> usedParameters(const diagram::Diagram& level, const std::vector<diagram::Component>& chosen)
{
    diagram::Diagram probe;
    probe.parameters = level.parameters;
    probe.components = chosen;
    std::set<std::string> used;
    for (const auto& [name, value] : level.parameters)
        for (const std::string& use : diagram::usesOf(probe, name))
            if (use.rfind("model parameter ", 0) != 0)
                used.insert(name);
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [name, value] : level.parameters)
            for (const std::string& use : diagram::usesOf(level, name))
                if (!used.count(name) && use.rfind("model parameter ", 0) == 0 && used.count(use.substr(16))) {
                    used.insert(name);
                    grew = true;
                }
    }
    std::vector<std::string> out; // in the level's order
    for (const auto& [name, value] : level.parameters)
        if (used.count(name))
            out.push_back(name);
    return out;
}

// Rewrites the signal names of a plot set-up (docs/diagram-format.md, "The plot set-up"),
// tabs or the older flat form: grouping and ungrouping move variables to other paths, and
// the curves the user chose follow them.
void renamePlotSignals(diagram::Json& plot, const std::function<std::string(const std::string&)>& rename)
{
    auto renameList = [&](diagram::Json& holder) {
        if (!holder.is_object() || !holder.contains("signals") || !holder["signals"].is_array())
            return;
        for (diagram::Json& sig : holder["signals"])
            if (sig.is_string())
                sig = rename(sig.get<std::string>());
    };
    if (!plot.is_object())
        return;
    renameList(plot);
    if (plot.contains("tabs") && plot["tabs"].is_array())
        for (diagram::Json& tab : plot["tabs"])
            if (tab.is_object() && tab.contains("subplots") && tab["subplots"].is_array())
                for (diagram::Json& sub : tab["subplots"])
                    renameList(sub);
}

} // namespace

GroupResult groupComponents(const diagram::Diagram& level, const QStringList& names, const std::string& typeName,
                            const TypeLookup& find)
{
    GroupResult r;
    if (names.isEmpty()) {
        r.error = QObject::tr("Select the components to group first");
        return r;
    }
    if (typeName.empty() || level.findSubsystem(typeName)) {
        r.error = QObject::tr("There is already a subsystem named %1").arg(qs(typeName));
        return r;
    }
    std::set<std::string> chosen;
    for (const QString& n : names) {
        if (!level.component(n.toStdString())) {
            r.error = QObject::tr("There is no component named %1").arg(n);
            return r;
        }
        chosen.insert(n.toStdString());
    }

    diagram::Diagram sub;
    sub.name = typeName;
    QRectF box;
    int firstIndex = -1;
    for (size_t i = 0; i < level.components.size(); ++i) {
        const diagram::Component& c = level.components[i];
        if (!chosen.count(c.name))
            continue;
        if (firstIndex < 0)
            firstIndex = static_cast<int>(i);
        sub.components.push_back(c);
        box = box.isNull() ? iconRect(c.placement) : box.united(iconRect(c.placement));
    }

    // Cut connections: one outer connector per inner port, whatever number of wires leave it.
    std::vector<CutEnd> cuts;
    std::map<std::string, size_t> cutOf;
    QSet<QString> connectorNames;
    for (const diagram::Connection& c : level.connections) {
        const bool fromIn = chosen.count(instanceOf(c.from)) > 0, toIn = chosen.count(instanceOf(c.to)) > 0;
        if (fromIn == toIn)
            continue;
        const std::string& inner = fromIn ? c.from : c.to;
        const std::string& outer = fromIn ? c.to : c.from;
        if (cutOf.count(inner))
            continue;
        const diagram::Component* comp = level.component(instanceOf(inner));
        const library::ComponentDefinition* def = find(comp->type);
        const std::string port = library::portOf(connectorOf(inner)); // a member u[2] is cut as a scalar
        const library::ConnectorDef* con = def ? def->connector(port) : nullptr;
        if (!con) {
            r.error = QObject::tr("%1: the connector is not known, so it cannot become a connector of the subsystem")
                          .arg(qs(inner));
            return r;
        }
        if (con->size && port == connectorOf(inner)) {
            r.error = QObject::tr("%1 is a vector: a subsystem connector cannot be a vector yet").arg(qs(inner));
            return r;
        }
        CutEnd cut;
        cut.inner = inner;
        cut.outer = uniqueCopyName(qs(con->name), connectorNames).toStdString();
        connectorNames.insert(qs(cut.outer));
        cut.type = con->type;
        const std::optional<PortPlace> place = portPlace(*comp, *def, con->name);
        cut.at = place ? place->at : QPointF(comp->placement.x, comp->placement.y);
        const QPointF outside = endPosition(level, outer, find).value_or(box.center());
        cut.side = sideFacing(box, outside, place ? place->outward : QPointF());
        cutOf[inner] = cuts.size();
        cuts.push_back(cut);
    }

    // Connectors spread evenly along their side of the icon, in the order of their inner ports.
    for (int side = Left; side <= Bottom; ++side) {
        std::vector<CutEnd*> on;
        for (CutEnd& c : cuts)
            if (c.side == side)
                on.push_back(&c);
        const bool vertical = side == Left || side == Right;
        std::stable_sort(on.begin(), on.end(), [&](const CutEnd* a, const CutEnd* b) {
            return vertical ? a->at.y() < b->at.y() : a->at.x() < b->at.x();
        });
        const double n = static_cast<double>(on.size());
        for (size_t i = 0; i < on.size(); ++i) {
            const CutEnd& c = *on[i];
            // Along the side, -100..100 in MSL icon coordinates (y up), first port first.
            const double along = std::round(100.0 - 200.0 * (static_cast<double>(i) + 1) / (n + 1));
            diagram::OuterConnector outer;
            outer.name = c.outer;
            outer.type = library::toString(c.type);
            outer.x = side == Left ? -100 : side == Right ? 100 : -along;
            outer.y = side == Top ? 100 : side == Bottom ? -100 : along;
            // Its symbol on the inner canvas: just outside the grouped components, level with the port.
            outer.placement.x = side == Left ? box.left() - 20 : side == Right ? box.right() + 20 : c.at.x();
            outer.placement.y = side == Top ? box.top() - 20 : side == Bottom ? box.bottom() + 20 : c.at.y();
            sub.connectors.push_back(outer);
            diagram::Connection inside;
            // A signal output drives the outer connector; everything else runs from it inwards.
            const bool drives = library::domainOf(c.type) == library::Domain::Signal && !library::isInput(c.type);
            inside.from = drives ? c.inner : c.outer;
            inside.to = drives ? c.outer : c.inner;
            sub.connections.push_back(inside);
        }
    }
    // Keep the connectors in the order the wires were met, so a file reads naturally.
    std::stable_sort(sub.connectors.begin(), sub.connectors.end(), [&](const auto& a, const auto& b) {
        auto index = [&](const std::string& n) {
            for (size_t i = 0; i < cuts.size(); ++i)
                if (cuts[i].outer == n)
                    return i;
            return cuts.size();
        };
        return index(a.name) < index(b.name);
    });

    QSet<QString> taken;
    for (const diagram::Component& c : level.components)
        if (!chosen.count(c.name))
            taken.insert(qs(c.name));
    diagram::Component instance;
    instance.name = uniqueCopyName(baseNameForType(qs(typeName)), taken).toStdString();
    instance.type = typeName;
    instance.placement.x = box.center().x();
    instance.placement.y = box.center().y();
    // Twice as wide as a component, so the box has room for its type name.
    instance.placement.width = 40;

    // Model parameters keep working: declared in the subsystem, passed through by name.
    for (const std::string& p : usedParameters(level, sub.components)) {
        for (const auto& [name, value] : level.parameters)
            if (name == p)
                sub.parameters.emplace_back(name, value);
        instance.setParameter(p, diagram::Json(p));
    }

    r.level = level;
    r.level.components.clear();
    for (size_t i = 0; i < level.components.size(); ++i) {
        if (static_cast<int>(i) == firstIndex)
            r.level.components.push_back(instance);
        if (!chosen.count(level.components[i].name))
            r.level.components.push_back(level.components[i]);
    }
    r.level.connections.clear();
    for (const diagram::Connection& c : level.connections) {
        const bool fromIn = chosen.count(instanceOf(c.from)) > 0, toIn = chosen.count(instanceOf(c.to)) > 0;
        if (fromIn && toIn) {
            sub.connections.insert(sub.connections.end() - static_cast<long>(cuts.size()), c);
            continue;
        }
        diagram::Connection out = c;
        if (fromIn || toIn) {
            std::string& end = fromIn ? out.from : out.to;
            end = instance.name + "." + cuts[cutOf[end]].outer;
            out.points.clear(); // routed afresh to the instance
        }
        r.level.connections.push_back(out);
    }
    r.level.subsystems.push_back(std::move(sub));
    renamePlotSignals(r.level.plot, [&](const std::string& signal) {
        return chosen.count(signal.substr(0, signal.find('.'))) ? instance.name + "." + signal : signal;
    });
    r.instance = qs(instance.name);
    return r;
}

namespace {

// Whether any component of `d` or of its embedded subsystems is of type `type`.
bool usesType(const diagram::Diagram& d, const std::string& type)
{
    for (const diagram::Component& c : d.components)
        if (c.type == type)
            return true;
    for (const diagram::Diagram& s : d.subsystems)
        if (usesType(s, type))
            return true;
    return false;
}

void merge(diagram::VariableSettings& into, const diagram::VariableSettings& over)
{
    if (over.start)
        into.start = over.start;
    if (over.fixed)
        into.fixed = over.fixed;
    if (over.stateSelect)
        into.stateSelect = over.stateSelect;
    if (over.nominal)
        into.nominal = over.nominal;
}

} // namespace

UngroupResult ungroupInstance(const diagram::Diagram& level, const QString& name, const diagram::Diagram& subsystem)
{
    UngroupResult r;
    const diagram::Component* inst = level.component(name.toStdString());
    if (!inst) {
        r.error = QObject::tr("There is no component named %1").arg(name);
        return r;
    }
    const std::string prefix = inst->name + "_";
    diagram::Diagram inner = subsystem; // renamed and moved below

    // Parameters: an identity binding (f = f) to an outer parameter needs nothing; any other
    // value becomes a model parameter of this level, renamed if the name is taken.
    diagram::Diagram out = level;
    std::set<std::string> outerNames;
    for (const auto& [n, v] : level.parameters)
        outerNames.insert(n);
    for (const diagram::ParameterDeclaration& declared : diagram::declarations(subsystem)) {
        const diagram::Json* bound = inst->parameter(declared.name);
        if (bound && bound->is_string() && bound->get<std::string>() == declared.name && outerNames.count(declared.name))
            continue;
        std::string target = declared.name;
        for (int k = 1; outerNames.count(target); ++k)
            target = prefix + declared.name + (k > 1 ? std::to_string(k) : std::string());
        if (target != declared.name)
            if (std::optional<std::string> why = diagram::renameParameter(inner, declared.name, target)) {
                r.error = QObject::tr("Cannot ungroup %1: %2").arg(name, qs(*why));
                return r;
            }
        diagram::ParameterDeclaration d = declared;
        d.name = target;
        if (bound)
            d.value = *bound;
        out.parameters.emplace_back(target, diagram::storedForm(d));
        outerNames.insert(target);
    }

    QSet<QString> taken;
    for (const diagram::Component& c : level.components)
        if (c.name != inst->name)
            taken.insert(qs(c.name));
    std::map<std::string, std::string> renamed;
    QRectF box;
    for (const diagram::Component& c : inner.components) {
        const QString n = taken.contains(qs(c.name)) ? uniqueCopyName(qs(prefix + c.name), taken) : qs(c.name);
        taken.insert(n);
        renamed[c.name] = n.toStdString();
        box = box.isNull() ? iconRect(c.placement) : box.united(iconRect(c.placement));
    }
    const QPointF shift = QPointF(inst->placement.x, inst->placement.y) - box.center();
    std::vector<diagram::Component> moved;
    for (diagram::Component c : inner.components) {
        const std::string original = c.name;
        c.name = renamed[original];
        c.placement.x += shift.x();
        c.placement.y += shift.y();
        // Start-value overrides the instance gave by inner path ("mass.v", "gear.inner.phi").
        for (const auto& [path, settings] : inst->variables) {
            const size_t dot = path.find('.');
            if (dot == std::string::npos || path.substr(0, dot) != original)
                continue;
            const std::string rest = path.substr(dot + 1);
            if (diagram::VariableSettings* v = c.variable(rest))
                merge(*v, settings);
            else
                c.variables.emplace_back(rest, settings);
        }
        moved.push_back(std::move(c));
    }
    r.added.clear();
    for (const diagram::Component& c : moved)
        r.added << qs(c.name);

    auto renamedEnd = [&](const std::string& e) {
        std::string i, k;
        return diagram::splitEndpoint(e, i, k) ? renamed[i] + "." + k : e;
    };
    // What each outer connector leads to inside.
    std::map<std::string, std::vector<std::string>> reaches;
    std::vector<diagram::Connection> innerWires;
    for (const diagram::Connection& c : inner.connections) {
        const bool fromOuter = subsystem.connector(c.from) != nullptr, toOuter = subsystem.connector(c.to) != nullptr;
        if (fromOuter && !toOuter)
            reaches[c.from].push_back(renamedEnd(c.to));
        else if (toOuter && !fromOuter)
            reaches[c.to].push_back(renamedEnd(c.from));
        else if (!fromOuter && !toOuter) {
            diagram::Connection w = c;
            w.from = renamedEnd(c.from);
            w.to = renamedEnd(c.to);
            for (auto& [x, y] : w.points) {
                x += shift.x();
                y += shift.y();
            }
            innerWires.push_back(w);
        }
    }

    out.components.clear();
    for (const diagram::Component& c : level.components) {
        if (c.name == inst->name)
            out.components.insert(out.components.end(), moved.begin(), moved.end());
        else
            out.components.push_back(c);
    }
    out.connections.clear();
    const std::string instDot = inst->name + ".";
    for (const diagram::Connection& c : level.connections) {
        const bool fromInst = c.from.rfind(instDot, 0) == 0, toInst = c.to.rfind(instDot, 0) == 0;
        if (!fromInst && !toInst) {
            out.connections.push_back(c);
            continue;
        }
        if (fromInst && toInst)
            continue; // a wire from the subsystem to itself has nothing left to join
        const std::string connector = (fromInst ? c.from : c.to).substr(instDot.size());
        // The wire now goes to every port the connector led to inside.
        for (const std::string& target : reaches[connector]) {
            diagram::Connection w = c;
            (fromInst ? w.from : w.to) = target;
            w.points.clear();
            out.connections.push_back(w);
        }
    }
    out.connections.insert(out.connections.end(), innerWires.begin(), innerWires.end());

    // Subsystems the contents use come along; this one goes when nothing else uses it.
    for (const diagram::Diagram& s : subsystem.subsystems) {
        if (const diagram::Diagram* existing = out.findSubsystem(s.name)) {
            if (diagram::toJson(*existing) != diagram::toJson(s)) {
                r.error = QObject::tr("Cannot ungroup %1: this diagram already has another subsystem named %2")
                              .arg(name, qs(s.name));
                return r;
            }
            continue;
        }
        out.subsystems.push_back(s);
    }
    if (!usesType(out, inst->type))
        out.subsystems.erase(std::remove_if(out.subsystems.begin(), out.subsystems.end(),
                                            [&](const diagram::Diagram& s) { return s.name == inst->type; }),
                             out.subsystems.end());
    renamePlotSignals(out.plot, [&](const std::string& signal) {
        const std::string head = inst->name + ".";
        if (signal.rfind(head, 0) != 0)
            return signal;
        const std::string path = signal.substr(head.size());
        const size_t dot = path.find('.');
        auto it = renamed.find(path.substr(0, dot));
        return it == renamed.end() || dot == std::string::npos ? signal : it->second + path.substr(dot);
    });
    r.level = std::move(out);
    return r;
}

} // namespace flange::ui
