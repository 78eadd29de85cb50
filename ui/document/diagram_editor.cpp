#include "ui/document/diagram_editor.hpp"

#include "engine/api/diagram.hpp"
#include "ui/document/connection_routing.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_notes.hpp"
#include "ui/document/instance_naming.hpp"
#include "ui/document/outer_connectors.hpp"
#include "ui/document/subsystem_grouping.hpp"
#include "ui/document/subsystem_levels.hpp"
#include "ui/document/undo_commands.hpp"

#include <QObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace flange::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Components and outer connectors share one namespace (docs/diagram-format.md).
QSet<QString> takenNames(const diagram::Diagram& d)
{
    QSet<QString> names;
    for (const diagram::Component& c : d.components)
        names.insert(qs(c.name));
    for (const diagram::OuterConnector& c : d.connectors)
        names.insert(qs(c.name));
    return names;
}

// The component a connection end names, or the outer connector a bare end names.
QString instanceOf(const std::string& endpoint)
{
    std::string instance, connector;
    if (!diagram::splitEndpoint(endpoint, instance, connector))
        return qs(endpoint);
    return qs(instance);
}

QString renamedEndpoint(const std::string& endpoint, const QHash<QString, QString>& renames)
{
    std::string instance, connector;
    if (!diagram::splitEndpoint(endpoint, instance, connector))
        return qs(endpoint);
    return renames.value(qs(instance), qs(instance)) + QLatin1Char('.') + qs(connector);
}

int normalizedAngle(double degrees)
{
    int a = static_cast<int>(std::lround(degrees)) % 360;
    return a < 0 ? a + 360 : a;
}

bool sameTurn(const diagram::Placement& a, const diagram::Placement& b)
{
    return a.rotation == b.rotation && a.flipH == b.flipH && a.flipV == b.flipV && a.width == b.width &&
           a.height == b.height;
}

// The route points of every connection touching a component whose placement becomes
// `after`. A connection whose two ends shift alike keeps its shape, shifted; otherwise
// the legs at the ends that moved or turned are routed afresh, so no line is left
// running through an icon or into the wrong side of a port.
std::vector<PointsChange> routesAfter(const DiagramDocument& doc, const std::vector<PlacementChange>& changes)
{
    QHash<QString, diagram::Placement> after;
    QHash<QString, diagram::Placement> before;
    for (const PlacementChange& c : changes) {
        after.insert(c.name, c.after);
        before.insert(c.name, c.before);
    }
    std::vector<PointsChange> out;
    const auto& cons = doc.diagram().connections;
    for (size_t i = 0; i < cons.size(); ++i) {
        const diagram::Connection& c = cons[i];
        const QString a = instanceOf(c.from), b = instanceOf(c.to);
        const bool aChanged = after.contains(a), bChanged = after.contains(b);
        if (!aChanged && !bChanged)
            continue;
        PointsChange p{static_cast<int>(i), c.points, c.points};
        if (aChanged && bChanged && sameTurn(after[a], after[b]) && sameTurn(before[a], after[a]) &&
            sameTurn(before[b], after[b])) {
            const QPointF da(after[a].x - before[a].x, after[a].y - before[a].y);
            const QPointF db(after[b].x - before[b].x, after[b].y - before[b].y);
            if (da == db) {
                for (auto& [x, y] : p.after) {
                    x += da.x();
                    y += da.y();
                }
                if (p.after != p.before)
                    out.push_back(p);
                continue;
            }
        }
        const std::optional<RouteEnd> from = routeEnd(doc, c.from, after), to = routeEnd(doc, c.to, after);
        if (!from || !to)
            continue; // a type missing from the library: nothing to route by
        QList<QPointF> points;
        for (const auto& [x, y] : c.points)
            points << QPointF(x, y);
        p.after = cornersOf(connectionRoute(*from, *to, points, aChanged, bChanged));
        if (p.after != p.before)
            out.push_back(p);
    }
    return out;
}

} // namespace

namespace {

diagram::Json initialValue(const library::ExprText& e)
{
    const bool negative = e.ast->kind == expr::Ast::Kind::Unary && e.ast->name == "-" && e.ast->args.size() == 1 &&
                          e.ast->args[0]->kind == expr::Ast::Kind::Number;
    if (e.ast->kind == expr::Ast::Kind::Number || negative) {
        const double v = negative ? -e.ast->args[0]->number : e.ast->number;
        if (v == std::floor(v) && std::abs(v) < 1e15)
            return diagram::Json(static_cast<long long>(v));
        return diagram::Json(v);
    }
    if (e.ast->kind == expr::Ast::Kind::Boolean)
        return diagram::Json(e.ast->number != 0);
    return diagram::Json(e.text);
}

} // namespace

diagram::Diagram& DiagramEditor::levelIn(diagram::Diagram& root) const
{
    // Edits are refused in a read-only (library) level, so the level is inside `root`.
    return const_cast<diagram::Diagram&>(*resolveLevel(root, doc_.levelPath(), doc_.library()).diagram);
}

bool DiagramEditor::push(QUndoCommand* command)
{
    // A library subsystem opened for reading: shown, never changed.
    if (doc_.isReadOnly()) {
        delete command;
        return false;
    }
    doc_.undoStack()->push(command);
    return true;
}

QString DiagramEditor::addComponent(const QString& type, QPointF position, QString* error)
{
    if (doc_.isReadOnly()) {
        if (error)
            *error = QObject::tr("A library subsystem cannot be changed here");
        return {};
    }
    if (!doc_.findType(type.toStdString())) {
        if (error)
            *error = QObject::tr("%1 is not in the component library").arg(type);
        return {};
    }
    diagram::Component c;
    c.name = uniqueName(baseNameForType(type), takenNames(doc_.diagram())).toStdString();
    c.type = type.toStdString();
    // A required parameter's start value is written in as its value: what the canvas shows
    // is then what the simulator uses, and the user sees it in the dialog.
    for (const library::ParameterDef& p : doc_.findType(c.type)->parameters)
        if (p.required && !p.isFinal && p.defaultValue && p.defaultValue->ast)
            c.setParameter(p.name, initialValue(*p.defaultValue));
    c.placement.x = position.x();
    c.placement.y = position.y();
    push(new AddComponentCommand(doc_, c));
    return qs(c.name);
}

ConnectionCheck DiagramEditor::connect(const QString& a, const QString& b, const Points& points)
{
    if (doc_.isReadOnly())
        return ConnectionCheck{QObject::tr("A library subsystem cannot be changed here"), {}, {}, {}};
    ConnectionCheck check = checkConnection(doc_, a, b);
    if (!check.allowed())
        return check;
    diagram::Connection c;
    c.from = check.from.toStdString();
    c.to = check.to.toStdString();
    c.points = points;
    if (check.from != a) // the user dragged from the input: keep the corners in stored order
        std::reverse(c.points.begin(), c.points.end());
    push(new AddConnectionCommand(doc_, c));
    return check;
}

ConnectionCheck DiagramEditor::reconnect(int index, const QString& a, const QString& b)
{
    if (doc_.isReadOnly())
        return ConnectionCheck{QObject::tr("A library subsystem cannot be changed here"), {}, {}, {}};
    if (index < 0 || index >= static_cast<int>(doc_.diagram().connections.size()))
        return ConnectionCheck{QObject::tr("There is no such connection"), {}, {}, {}};
    ConnectionCheck check = checkConnection(doc_, a, b, index);
    if (!check.allowed())
        return check;
    diagram::Connection c;
    c.from = check.from.toStdString();
    c.to = check.to.toStdString();
    QUndoStack* stack = doc_.undoStack();
    stack->beginMacro(QObject::tr("Reconnect %1 to %2").arg(check.from, check.to));
    stack->push(new RemoveConnectionCommand(doc_, index));
    stack->push(new AddConnectionCommand(doc_, c));
    stack->endMacro();
    return check;
}

void DiagramEditor::moveTo(const QHash<QString, QPointF>& centres)
{
    std::vector<PlacementChange> changes;
    QHash<QString, QPointF> deltas;
    // Document order, so that merging consecutive moves of the same set compares equal lists.
    auto add = [&](const std::string& n, const diagram::Placement& placement) {
        const QString name = qs(n);
        auto it = centres.find(name);
        if (it == centres.end())
            return;
        PlacementChange change{name, placement, placement};
        change.after.x = it->x();
        change.after.y = it->y();
        deltas.insert(name, QPointF(change.after.x - change.before.x, change.after.y - change.before.y));
        changes.push_back(change);
    };
    for (const diagram::Component& c : doc_.diagram().components)
        add(c.name, c.placement);
    for (const diagram::OuterConnector& c : doc_.diagram().connectors)
        add(c.name, c.placement);
    if (changes.empty() || std::all_of(deltas.begin(), deltas.end(), [](QPointF d) { return d.isNull(); }))
        return;
    const std::vector<PointsChange> points = routesAfter(doc_, changes);
    push(new SetPlacementCommand(doc_, SetPlacementCommand::Move, changes, points));
}

void DiagramEditor::moveBy(const QStringList& names, QPointF delta)
{
    QHash<QString, QPointF> centres;
    for (const QString& n : names)
        if (const diagram::Component* c = doc_.component(n))
            centres.insert(n, QPointF(c->placement.x, c->placement.y) + delta);
        else if (const diagram::OuterConnector* o = doc_.outerConnector(n))
            centres.insert(n, QPointF(o->placement.x, o->placement.y) + delta);
    moveTo(centres);
}

void DiagramEditor::rotate(const QStringList& names)
{
    std::vector<PlacementChange> changes;
    for (const QString& n : names)
        if (const diagram::Component* c = doc_.component(n)) {
            PlacementChange change{n, c->placement, c->placement};
            // Placement angles are counter-clockwise; turning clockwise subtracts.
            change.after.rotation = normalizedAngle(c->placement.rotation - 90);
            changes.push_back(change);
        }
    if (!changes.empty())
        push(
            new SetPlacementCommand(doc_, SetPlacementCommand::Rotate, changes, routesAfter(doc_, changes)));
}

void DiagramEditor::flip(const QStringList& names, Qt::Orientation orientation)
{
    std::vector<PlacementChange> changes;
    for (const QString& n : names)
        if (const diagram::Component* c = doc_.component(n)) {
            PlacementChange change{n, c->placement, c->placement};
            // A mirror M applied after rotation R(a) and flip F equals R(-a) M F: the flip
            // toggles and the angle changes sign, so the result mirrors on screen whatever
            // the current rotation.
            change.after.rotation = normalizedAngle(-c->placement.rotation);
            if (orientation == Qt::Horizontal)
                change.after.flipH = !c->placement.flipH;
            else
                change.after.flipV = !c->placement.flipV;
            changes.push_back(change);
        }
    if (!changes.empty())
        push(
            new SetPlacementCommand(doc_, SetPlacementCommand::Flip, changes, routesAfter(doc_, changes)));
}

bool DiagramEditor::setConnectionPoints(int index, const Points& points)
{
    const auto& cons = doc_.diagram().connections;
    if (index < 0 || index >= static_cast<int>(cons.size()) || cons[static_cast<size_t>(index)].points == points)
        return false;
    push(new SetConnectionPointsCommand(doc_, index, points));
    return true;
}

void DiagramEditor::remove(const QStringList& names, const QList<int>& connections, const QList<int>& notes)
{
    QSet<QString> doomed(names.begin(), names.end());
    QList<int> indices = connections;
    const auto& cons = doc_.diagram().connections;
    for (size_t i = 0; i < cons.size(); ++i)
        if (doomed.contains(instanceOf(cons[i].from)) || doomed.contains(instanceOf(cons[i].to)))
            indices << static_cast<int>(i);
    std::sort(indices.begin(), indices.end(), std::greater<int>());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    // Components go from the last in the document to the first: each leaves the end of the
    // list, and undo puts them back at the end in turn (from the front, deleting a
    // 20,000-component chain moved the rest of the list 20,000 times).
    QHash<QString, int> position;
    const auto& components = doc_.diagram().components;
    for (size_t i = 0; i < components.size(); ++i)
        position.insert(qs(components[i].name), static_cast<int>(i));
    QStringList present, outer;
    for (const QString& n : names)
        if (position.contains(n))
            present << n;
        else if (doc_.outerConnector(n))
            outer << n;
    std::sort(present.begin(), present.end(),
              [&](const QString& a, const QString& b) { return position.value(a) > position.value(b); });
    present.erase(std::unique(present.begin(), present.end()), present.end());
    const QList<Note> allNotes = notesIn(doc_.diagram().annotations);
    diagram::Json annotations = diagram::Json::array();
    bool notesGo = false;
    for (size_t i = 0; doc_.diagram().annotations.is_array() && i < doc_.diagram().annotations.size(); ++i) {
        const bool doomedNote = notes.contains(static_cast<int>(i)) &&
                                std::any_of(allNotes.begin(), allNotes.end(), [&](const Note& n) { return n.index == static_cast<int>(i); });
        notesGo |= doomedNote;
        if (!doomedNote)
            annotations.push_back(doc_.diagram().annotations[i]);
    }
    if ((present.isEmpty() && outer.isEmpty() && indices.isEmpty() && !notesGo) || doc_.isReadOnly())
        return;
    QUndoStack* stack = doc_.undoStack();
    const QStringList all = present + outer;
    stack->beginMacro(all.size() == 1 ? QObject::tr("Delete %1").arg(all.front()) : QObject::tr("Delete"));
    // Highest index first, so the indices of the ones still to go stay valid.
    for (int i : indices)
        stack->push(new RemoveConnectionCommand(doc_, i));
    for (const QString& n : present)
        stack->push(new RemoveComponentCommand(doc_, n));
    if (!outer.isEmpty()) {
        // The wires inside went above; those to the instances outside go with the connector.
        diagram::Diagram root = doc_.rootDiagram();
        diagram::Diagram& level = levelIn(root);
        for (const QString& n : outer)
            rewriteConnectorUses(root, &level, n.toStdString(), {});
        auto& list = level.connectors;
        list.erase(std::remove_if(list.begin(), list.end(),
                                  [&](const diagram::OuterConnector& c) { return outer.contains(qs(c.name)); }),
                   list.end());
        stack->push(new SetOuterConnectorsCommand(doc_, std::move(root), QObject::tr("Delete")));
    }
    if (notesGo)
        stack->push(new SetAnnotationsCommand(doc_, std::move(annotations), QObject::tr("Delete note")));
    stack->endMacro();
}

int DiagramEditor::addNote(const QString& text, QPointF topLeft)
{
    if (text.trimmed().isEmpty() || doc_.isReadOnly())
        return -1;
    diagram::Json annotations = doc_.diagram().annotations.is_array() ? doc_.diagram().annotations : diagram::Json::array();
    annotations.push_back(noteJson(text, topLeft));
    const int index = static_cast<int>(annotations.size()) - 1;
    return push(new SetAnnotationsCommand(doc_, std::move(annotations), QObject::tr("Add note"))) ? index : -1;
}

bool DiagramEditor::setNoteText(int index, const QString& text)
{
    for (const Note& n : notesIn(doc_.diagram().annotations)) {
        if (n.index != index)
            continue;
        if (n.text == text || text.trimmed().isEmpty())
            return false;
        diagram::Json annotations = doc_.diagram().annotations;
        annotations[static_cast<size_t>(index)]["text"] = text.toStdString();
        return push(new SetAnnotationsCommand(doc_, std::move(annotations), QObject::tr("Edit note")));
    }
    return false;
}

bool DiagramEditor::moveNotes(const QHash<int, QPointF>& topLefts)
{
    diagram::Json annotations = doc_.diagram().annotations;
    bool moved = false;
    for (const Note& n : notesIn(annotations)) {
        const auto it = topLefts.find(n.index);
        if (it == topLefts.end() || *it == n.at)
            continue;
        annotations[static_cast<size_t>(n.index)]["x"] = it->x();
        annotations[static_cast<size_t>(n.index)]["y"] = it->y();
        moved = true;
    }
    return moved && push(new SetAnnotationsCommand(doc_, std::move(annotations), QObject::tr("Move note")));
}

bool DiagramEditor::rename(const QString& oldName, const QString& newName, QString* reason)
{
    auto refuse = [&](const QString& why) {
        if (reason)
            *reason = why;
        return false;
    };
    if (const diagram::OuterConnector* outer = doc_.outerConnector(oldName)) {
        diagram::OuterConnector edited = *outer;
        edited.name = newName.toStdString();
        return setOuterConnector(oldName, edited, reason);
    }
    if (!doc_.component(oldName))
        return refuse(QObject::tr("There is no component named %1").arg(oldName));
    if (newName == oldName)
        return false;
    if (!isIdentifier(newName))
        return refuse(QObject::tr("'%1' is not a valid name: use letters, digits and _, starting with a letter")
                          .arg(newName));
    if (doc_.component(newName))
        return refuse(QObject::tr("There is already a component named %1").arg(newName));
    if (doc_.outerConnector(newName))
        return refuse(QObject::tr("There is already a connector named %1").arg(newName));
    return push(new RenameComponentCommand(doc_, oldName, newName));
}

bool DiagramEditor::setSettings(const QString& name, const Parameters& parameters, const Variables& variables)
{
    const diagram::Component* c = doc_.component(name);
    if (!c)
        return false;
    if (c->parameters == parameters && c->variables == variables)
        return false;
    return push(new SetSettingsCommand(doc_, name, parameters, variables));
}

bool DiagramEditor::setModelParameters(const diagram::Diagram& edited)
{
    if (diagram::toJson(edited) == diagram::toJson(doc_.diagram()))
        return false;
    return push(new SetModelParametersCommand(doc_, edited));
}

bool DiagramEditor::setExperiment(const diagram::Experiment& e)
{
    const diagram::Experiment& old = doc_.rootDiagram().experiment;
    if (old == e)
        return false;
    doc_.undoStack()->push(new SetExperimentCommand(doc_, e));
    return true;
}

diagram::Diagram DiagramEditor::fragment(const QStringList& names) const
{
    diagram::Diagram out;
    QSet<QString> chosen(names.begin(), names.end());
    for (const diagram::Component& c : doc_.diagram().components)
        if (chosen.contains(qs(c.name)))
            out.components.push_back(c);
    for (const diagram::Connection& c : doc_.diagram().connections)
        if (chosen.contains(instanceOf(c.from)) && chosen.contains(instanceOf(c.to)))
            out.connections.push_back(c);
    return out;
}

QStringList DiagramEditor::paste(const diagram::Diagram& fragment, QPointF offset, const QString& actionName)
{
    if (fragment.components.empty() || doc_.isReadOnly())
        return {};
    QSet<QString> taken = takenNames(doc_.diagram());
    QHash<QString, QString> renames;
    QStringList added;
    QUndoStack* stack = doc_.undoStack();
    stack->beginMacro(actionName.isEmpty() ? QObject::tr("Paste") : actionName);
    for (diagram::Component c : fragment.components) {
        const QString name = uniqueCopyName(qs(c.name), taken);
        taken.insert(name);
        renames.insert(qs(c.name), name);
        c.name = name.toStdString();
        c.placement.x += offset.x();
        c.placement.y += offset.y();
        stack->push(new AddComponentCommand(doc_, c));
        added << name;
    }
    for (diagram::Connection c : fragment.connections) {
        if (!renames.contains(instanceOf(c.from)) || !renames.contains(instanceOf(c.to)))
            continue; // a connection to something that was not copied
        c.from = renamedEndpoint(c.from, renames).toStdString();
        c.to = renamedEndpoint(c.to, renames).toStdString();
        for (auto& [x, y] : c.points) {
            x += offset.x();
            y += offset.y();
        }
        stack->push(new AddConnectionCommand(doc_, c));
    }
    stack->endMacro();
    return added;
}

QString DiagramEditor::addOuterConnector(const QString& type, QPointF position, QString* error)
{
    auto refuse = [&](const QString& why) {
        if (error)
            *error = why;
        return QString();
    };
    if (doc_.isReadOnly())
        return refuse(QObject::tr("A library subsystem cannot be changed here"));
    if (!library::connectorTypeFromString(type.toStdString()))
        return refuse(QObject::tr("%1 is not a connector type").arg(type));
    const QSet<QString> taken = takenNames(doc_.diagram());
    const QString base = connectorBaseName(type);
    diagram::OuterConnector c;
    c.name = (taken.contains(base) ? uniqueName(base, taken) : base).toStdString();
    c.type = type.toStdString();
    c.placement.x = position.x();
    c.placement.y = position.y();
    std::tie(c.x, c.y) = iconPositionLikeCanvas(doc_.diagram(), c.placement);
    diagram::Diagram root = doc_.rootDiagram();
    levelIn(root).connectors.push_back(c);
    push(new SetOuterConnectorsCommand(doc_, std::move(root), QObject::tr("Add connector %1").arg(qs(c.name))));
    return qs(c.name);
}

bool DiagramEditor::setOuterConnector(const QString& name, const diagram::OuterConnector& edited, QString* reason)
{
    auto refuse = [&](const QString& why) {
        if (reason)
            *reason = why;
        return false;
    };
    if (doc_.isReadOnly())
        return refuse(QObject::tr("A library subsystem cannot be changed here"));
    const diagram::OuterConnector* now = doc_.outerConnector(name);
    if (!now)
        return refuse(QObject::tr("There is no connector named %1").arg(name));
    const QString newName = qs(edited.name);
    if (newName != name) {
        if (!isIdentifier(newName))
            return refuse(QObject::tr("'%1' is not a valid name: use letters, digits and _, starting with a letter")
                              .arg(newName));
        if (takenNames(doc_.diagram()).contains(newName))
            return refuse(QObject::tr("There is already a component or connector named %1").arg(newName));
    }
    if (edited.name == now->name && edited.description == now->description && edited.x == now->x &&
        edited.y == now->y)
        return false;
    const std::string oldName = now->name;
    diagram::Diagram root = doc_.rootDiagram();
    diagram::Diagram& level = levelIn(root);
    for (diagram::OuterConnector& c : level.connectors)
        if (c.name == oldName) {
            c.name = edited.name;
            c.description = edited.description;
            c.x = edited.x;
            c.y = edited.y;
        }
    if (edited.name != oldName) {
        // Inside, wires name the connector by its bare name; outside, "instance.name".
        for (diagram::Connection& c : level.connections)
            for (std::string* end : {&c.from, &c.to})
                if (*end == oldName)
                    *end = edited.name;
        rewriteConnectorUses(root, &level, oldName, edited.name);
    }
    const QString text = newName != name ? QObject::tr("Rename %1 to %2").arg(name, newName)
                                         : QObject::tr("Change connector %1").arg(name);
    return push(new SetOuterConnectorsCommand(doc_, std::move(root), text));
}

bool DiagramEditor::placeConnectorsLikeCanvas()
{
    diagram::Diagram root = doc_.rootDiagram();
    diagram::Diagram& level = levelIn(root);
    bool changed = false;
    for (diagram::OuterConnector& c : level.connectors) {
        const auto [x, y] = iconPositionLikeCanvas(level, c.placement);
        changed = changed || x != c.x || y != c.y;
        c.x = x;
        c.y = y;
    }
    if (!changed)
        return false;
    return push(new SetOuterConnectorsCommand(doc_, std::move(root), QObject::tr("Place connectors on icon like on canvas")));
}

QString DiagramEditor::freeSubsystemType(const QString& base) const
{
    // Free among the subsystems in scope and the library, so the new one shadows nothing.
    for (int i = 1;; ++i) {
        const QString name = base + QString::number(i);
        if (!doc_.findType(name.toStdString()))
            return name;
    }
}

QString DiagramEditor::group(const QStringList& names, const QString& typeName, QString* error)
{
    auto refuse = [&](const QString& why) {
        if (error)
            *error = why;
        return QString();
    };
    if (doc_.isReadOnly())
        return refuse(QObject::tr("A library subsystem cannot be changed here"));
    const std::string type = typeName.toStdString();
    if (!isIdentifier(typeName))
        return refuse(QObject::tr("'%1' is not a valid type name: use letters, digits and _, starting with a letter")
                          .arg(typeName));
    if (doc_.findType(type))
        return refuse(QObject::tr("The type %1 already exists; choose another name").arg(typeName));
    GroupResult r = groupComponents(doc_.diagram(), names, type,
                                    [this](const std::string& t) { return doc_.findType(t); });
    if (!r.error.isEmpty())
        return refuse(r.error);
    push(new ReplaceLevelCommand(doc_, std::move(r.level), QObject::tr("Group into %1").arg(typeName)));
    return r.instance;
}

QStringList DiagramEditor::ungroup(const QString& name, QString* error)
{
    auto refuse = [&](const QString& why) {
        if (error)
            *error = why;
        return QStringList();
    };
    if (doc_.isReadOnly())
        return refuse(QObject::tr("A library subsystem cannot be changed here"));
    const diagram::Diagram* sub = doc_.subsystemOf(name);
    if (!sub)
        return refuse(QObject::tr("%1 is not a subsystem").arg(name));
    UngroupResult r = ungroupInstance(doc_.diagram(), name, *sub);
    if (!r.error.isEmpty())
        return refuse(r.error);
    push(new ReplaceLevelCommand(doc_, std::move(r.level), QObject::tr("Ungroup %1").arg(name)));
    return r.added;
}

} // namespace flange::ui
