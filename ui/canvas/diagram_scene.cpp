#include "ui/canvas/diagram_scene.hpp"

#include "engine/api/library.hpp"

#include "ui/canvas/component_body.hpp"
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/connect_tool.hpp"
#include "ui/canvas/connection_item.hpp"
#include "ui/canvas/free_placement.hpp"
#include "ui/canvas/note_item.hpp"
#include "ui/document/diagram_notes.hpp"
#include "ui/document/orthogonal_route.hpp"
#include "ui/document/segment_drag.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/document/connection_routing.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/document/instance_naming.hpp"
#include "ui/document/outer_connectors.hpp"
#include "ui/mime_types.hpp"

#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QMimeData>

namespace flange::ui {

namespace {

QString instanceOf(const QString& endpoint) { return endpoint.section(QLatin1Char('.'), 0, 0); }
QString connectorOf(const QString& endpoint) { return endpoint.section(QLatin1Char('.'), 1); }

} // namespace

DiagramScene::DiagramScene(DiagramEditor& editor, IconCache& icons, QObject* parent)
    : QGraphicsScene(parent), editor_(editor), icons_(icons)
{
    // Room to pan around: MSL diagrams live well inside -1000..1000 units; a larger diagram
    // widens it (coverContent).
    setSceneRect(-1000 * kUnit, -1000 * kUnit, 2000 * kUnit, 2000 * kUnit);
    connect(this, &QGraphicsScene::selectionChanged, this, [this] {
        if (settlePending_)
            return;
        settlePending_ = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (settlePending_)
                    settleSelection();
            },
            Qt::QueuedConnection);
    });
    DiagramDocument* doc = &editor_.document();
    connect(doc, &DiagramDocument::diagramReset, this, &DiagramScene::rebuild);
    connect(doc, &DiagramDocument::levelChanged, this, &DiagramScene::rebuild);
    connect(doc, &DiagramDocument::levelReplaced, this, &DiagramScene::rebuildKeepingSelection);
    connect(doc, &DiagramDocument::componentAdded, this, qOverload<const QString&>(&DiagramScene::addComponentItem));
    connect(doc, &DiagramDocument::componentRemoved, this, &DiagramScene::removeComponentItem);
    connect(doc, &DiagramDocument::componentChanged, this, &DiagramScene::refreshComponent);
    connect(doc, &DiagramDocument::componentRenamed, this, &DiagramScene::renameComponentItem);
    connect(doc, &DiagramDocument::connectionAdded, this, &DiagramScene::insertConnectionItem);
    connect(doc, &DiagramDocument::connectionRemoved, this, &DiagramScene::removeConnectionItem);
    connect(doc, &DiagramDocument::connectionChanged, this, &DiagramScene::updateConnection);
    connect(doc, &DiagramDocument::annotationsChanged, this, &DiagramScene::rebuildNotes);
    rebuild();
}

DiagramScene::~DiagramScene()
{
    // QGraphicsScene deletes its items after this body, announcing the lost selection on
    // the way; listeners would then ask about items already gone.
    blockSignals(true);
}

void DiagramScene::rebuild()
{
    connectTool_.reset();
    // Deselect and forget the items before deleting them: deleting a selected item emits
    // selectionChanged in the middle of clear(), and a listener asking for the selected
    // names would walk half-destroyed items (a crash after a failed run had selected the
    // culprit and another file was opened).
    clearSelection();
    components_.clear();
    connections_.clear();
    notes_.clear();
    clear();
    outerDefinitions_.clear(); // after the items that pointed to them are gone
    // From the components themselves: looking each up by name again made opening a diagram
    // quadratic in its size (20,001 components: 0.45 s of lookups).
    for (const diagram::Component& c : editor_.document().diagram().components)
        addComponentItem(c, false);
    // Inside a subsystem: its outer connectors, as blocks the wires inside end on. They
    // move like components; they do not turn (their port faces the way their place on
    // the icon says).
    for (const diagram::OuterConnector& outer : editor_.document().diagram().connectors) {
        const QString name = QString::fromStdString(outer.name);
        if (components_.contains(name))
            continue;
        outerDefinitions_.push_back(std::make_unique<library::ComponentDefinition>(outerConnectorDefinition(outer)));
        auto* item = new ComponentItem(outerConnectorBlock(outer), outerDefinitions_.back().get(), icons_);
        item->setToolTip(tr("%1: outer connector of this subsystem (%2)").arg(name, QString::fromStdString(outer.type)));
        addItem(item);
        components_.insert(name, item);
    }
    const int n = static_cast<int>(editor_.document().diagram().connections.size());
    for (int i = 0; i < n; ++i)
        insertConnectionItem(i);
    rebuildNotes();
    coverContent(contentBounds());
}

// The scene (what the view can scroll to) grows to take in `bounds` with room around it:
// a 10,000-inertia chain reaches 8,000 units, beyond which nothing could be scrolled to.
void DiagramScene::coverContent(const QRectF& bounds)
{
    const QRectF wanted = sceneRect() | bounds.adjusted(-200 * kUnit, -200 * kUnit, 200 * kUnit, 200 * kUnit);
    if (!bounds.isEmpty() && wanted != sceneRect())
        setSceneRect(wanted);
}

QRectF DiagramScene::contentBounds() const
{
    QRectF bounds;
    for (const ComponentItem* c : components_)
        bounds |= c->mapRectToScene(c->contentRect());
    for (const ConnectionItem* c : connections_)
        bounds |= c->sceneBoundingRect();
    for (const NoteItem* n : notes_)
        bounds |= n->sceneBoundingRect();
    return bounds;
}

void DiagramScene::rebuildNotes()
{
    const QList<int> selected = selectedNotes();
    for (NoteItem* n : std::as_const(notes_))
        delete n;
    notes_.clear();
    for (const Note& note : notesIn(editor_.document().diagram().annotations)) {
        auto* item = new NoteItem(note.index, note.text, note.at);
        addItem(item);
        item->setSelected(selected.contains(note.index));
        notes_.append(item);
    }
}

NoteItem* DiagramScene::noteItem(int index) const
{
    for (NoteItem* n : notes_)
        if (n->index() == index)
            return n;
    return nullptr;
}

QList<int> DiagramScene::selectedNotes() const
{
    QList<int> out;
    for (const NoteItem* n : notes_)
        if (n->isSelected())
            out << n->index();
    return out;
}

void DiagramScene::rebuildKeepingSelection()
{
    const QStringList selected = selectedComponentNames() + selectedConnectorNames();
    rebuild();
    selectComponents(selected);
}

void DiagramScene::addComponentItem(const QString& name)
{
    // A component added is most often the last (a drop, a paste, an undone deletion, which
    // puts them back in order): no search by name through the rest.
    const auto& list = editor_.document().diagram().components;
    const std::string n = name.toStdString();
    const diagram::Component* c = !list.empty() && list.back().name == n ? &list.back() : editor_.document().component(name);
    if (c)
        addComponentItem(*c);
}

void DiagramScene::addComponentItem(const diagram::Component& c, bool cover)
{
    const QString name = QString::fromStdString(c.name);
    if (components_.contains(name))
        return;
    auto* item = new ComponentItem(c, editor_.document().definition(c), icons_);
    addItem(item);
    components_.insert(name, item);
    updateConnectionsOf(name);
    if (cover) // a whole level covers its content once, when it is built
        coverContent(item->sceneBoundingRect());
}

void DiagramScene::removeComponentItem(const QString& name)
{
    delete components_.take(name);
}

void DiagramScene::refreshComponent(const QString& name)
{
    const diagram::Component* c = editor_.document().component(name);
    ComponentItem* item = components_.value(name);
    if (!item)
        return;
    if (c)
        item->refresh(*c);
    else if (const diagram::OuterConnector* outer = editor_.document().outerConnector(name))
        item->refresh(outerConnectorBlock(*outer)); // its block moved
    else
        return;
    updateConnectionsOf(name);
}

void DiagramScene::renameComponentItem(const QString& oldName, const QString& newName)
{
    ComponentItem* item = components_.take(oldName);
    if (!item)
        return;
    components_.insert(newName, item);
    if (const diagram::Component* c = editor_.document().component(newName))
        item->refresh(*c);
}

void DiagramScene::insertConnectionItem(int index)
{
    auto* item = new ConnectionItem;
    addItem(item);
    connections_.insert(index, item);
    updateConnection(index);
}

void DiagramScene::removeConnectionItem(int index)
{
    if (index >= 0 && index < connections_.size())
        delete connections_.takeAt(index);
}

PortItem* DiagramScene::portItem(const QString& endpoint) const
{
    ComponentItem* item = components_.value(instanceOf(endpoint));
    return item ? item->port(QString::fromStdString(library::portOf(connectorOf(endpoint).toStdString()))) : nullptr;
}

void DiagramScene::updateConnection(int index)
{
    const auto& cons = editor_.document().diagram().connections;
    if (index < 0 || index >= connections_.size() || index >= static_cast<int>(cons.size()))
        return;
    const diagram::Connection& c = cons[static_cast<size_t>(index)];
    ConnectionItem* item = connections_[index];
    const QString from = QString::fromStdString(c.from), to = QString::fromStdString(c.to);
    item->setEndpoints(from, to);

    ComponentItem* a = components_.value(instanceOf(from));
    ComponentItem* b = components_.value(instanceOf(to));
    PortItem* pa = portItem(from);
    PortItem* pb = portItem(to);
    // The scene's own cues (a port not drawn, types that do not fit) say when to ask the
    // rules, which then give the reason: asking of every line would search the diagram
    // for each end.
    const bool suspect = !pa || !pb || library::connectionRefusal(pa->connectorType(), pb->connectorType());
    item->setFault(suspect ? connectionFault(editor_.document(), from, to) : QString());
    item->setVisible(a || b || !c.points.empty());
    if (pa || pb)
        item->setDomain((pa ? pa : pb)->connectorType());
    // While a group is dragged its inner lines keep their shape: shift their corners too.
    // A line to a component dragged alone has its leg there routed afresh, as the editor
    // will store it when the drag ends.
    const QPointF da = a ? a->pos() - a->documentPos() : QPointF(), db = b ? b->pos() - b->documentPos() : QPointF();
    const QPointF shift = da == db ? da : QPointF();
    QList<QPointF> corners;
    for (const auto& [x, y] : c.points)
        corners << QPointF(x, y) + toDiagram(shift);
    if (pa && pb) {
        auto end = [](PortItem* p, ComponentItem* owner) {
            const QRectF icon = owner->body()->mapRectToScene(owner->body()->boundingRect());
            return RouteEnd{toDiagram(p->scenePos()), p->sceneOutward(), QRectF(toDiagram(icon.topLeft()), icon.size() / kUnit)};
        };
        QPolygonF route = connectionRoute(end(pa, a), end(pb, b), corners, da != db && !da.isNull(), da != db && !db.isNull());
        for (QPointF& p : route)
            p *= kUnit;
        item->setRoute(route);
        return;
    }
    // A type missing from the library or a connector it does not have: the line ends on
    // the edge of the component's icon that faces the other end (where a port would be,
    // and where it can be grabbed). An end naming no component at all ends a short way out
    // of the sound end's port (or at the stored corner next to it), so the line shows.
    for (QPointF& p : corners)
        p *= kUnit;
    auto anchor = [&](bool first, PortItem* p, ComponentItem* owner, PortItem* other, ComponentItem* otherOwner) -> QPointF {
        if (p)
            return p->scenePos();
        if (owner) {
            const QRectF icon = owner->body()->mapRectToScene(owner->body()->boundingRect());
            const QPointF toward = !corners.isEmpty() ? (first ? corners.front() : corners.back())
                                   : other            ? other->scenePos()
                                   : otherOwner       ? otherOwner->pos()
                                                      : icon.center() + QPointF(1, 0);
            QPointF best;
            double nearest = -1;
            for (QPointF side : {QPointF(icon.left(), icon.center().y()), QPointF(icon.right(), icon.center().y()),
                                 QPointF(icon.center().x(), icon.top()), QPointF(icon.center().x(), icon.bottom())})
                if (const double d = QLineF(side, toward).length(); nearest < 0 || d < nearest) {
                    nearest = d;
                    best = side;
                }
            return best;
        }
        if (!corners.isEmpty())
            return first ? corners.front() : corners.back();
        return other ? other->scenePos() + other->sceneOutward() * (3 * kGrid * kUnit) : QPointF();
    };
    const QPointF start = anchor(true, pa, a, pb, b), end = anchor(false, pb, b, pa, a);
    item->setRoute(orthogonalRoute(start, pa ? pa->sceneOutward() : QPointF(), end, pb ? pb->sceneOutward() : QPointF(),
                                   corners));
}

QList<QPair<int, QString>> DiagramScene::brokenConnections() const
{
    QList<QPair<int, QString>> out;
    for (int i = 0; i < connections_.size(); ++i)
        if (connections_[i]->isBroken())
            out.append({i, connections_[i]->fault()});
    return out;
}

void DiagramScene::updateConnectionsOf(const QString& name)
{
    const QString prefix = name + QLatin1Char('.');
    auto touches = [&](const std::string& end) {
        const QString e = QString::fromStdString(end);
        return e.startsWith(prefix) || e == name; // a bare name: an outer connector's block
    };
    for (int i = 0; i < connections_.size(); ++i) {
        const auto& c = editor_.document().diagram().connections[static_cast<size_t>(i)];
        if (touches(c.from) || touches(c.to))
            updateConnection(i);
    }
}

void DiagramScene::componentItemMoved(ComponentItem* item)
{
    if (components_.value(item->name()) == item)
        updateConnectionsOf(item->name());
    coverContent(item->sceneBoundingRect());
}

QPointF DiagramScene::freeOffset(const diagram::Diagram& fragment, QPointF preferred) const
{
    // Footprints come from real (unshown) items, so the texts measure as they will draw.
    QList<QRectF> footprint, occupied;
    for (diagram::Component c : fragment.components) {
        c.placement.x += preferred.x();
        c.placement.y += preferred.y();
        const ComponentItem probe(c, editor_.document().definition(c), icons_);
        footprint << footprintOf(probe);
    }
    for (const ComponentItem* item : components_)
        occupied << footprintOf(*item);
    return preferred + toDiagram(nearestFreeOffset(footprint, occupied, kGrid * kUnit));
}

QPointF DiagramScene::freeSpot(const QString& type, QPointF at) const
{
    diagram::Diagram single;
    diagram::Component c;
    c.name = (baseNameForType(type) + QLatin1Char('1')).toStdString();
    c.type = type.toStdString();
    c.placement.x = at.x();
    c.placement.y = at.y();
    single.components.push_back(c);
    return at + freeOffset(single);
}

QStringList DiagramScene::selectedComponentNames() const
{
    QStringList names;
    for (const diagram::Component& c : editor_.document().diagram().components) {
        const QString name = QString::fromStdString(c.name);
        if (ComponentItem* item = components_.value(name); item && item->isSelected())
            names << name;
    }
    return names;
}

QStringList DiagramScene::selectedConnectorNames() const
{
    QStringList names;
    for (const diagram::OuterConnector& c : editor_.document().diagram().connectors) {
        const QString name = QString::fromStdString(c.name);
        if (ComponentItem* item = components_.value(name); item && item->isSelected())
            names << name;
    }
    return names;
}

QList<int> DiagramScene::selectedConnections() const
{
    QList<int> out;
    for (int i = 0; i < connections_.size(); ++i)
        if (connections_[i]->isSelected())
            out << i;
    return out;
}

// Selects many items with one selectionChanged: the scene emits it for every item, and each
// listener walks the selection (selecting a 20,000-component chain took minutes).
void DiagramScene::selectInOneStep(const std::function<void()>& select)
{
    const bool wasBlocked = blockSignals(true);
    select();
    blockSignals(wasBlocked);
    if (!wasBlocked) {
        emit selectionChanged();
        settleSelection(); // a selection made in one step is settled at once
    }
}

void DiagramScene::settleSelection()
{
    settlePending_ = false;
    emit selectionSettled();
}

void DiagramScene::selectComponents(const QStringList& names)
{
    selectInOneStep([&] {
        clearSelection();
        for (const QString& n : names)
            if (ComponentItem* item = components_.value(n))
                item->setSelected(true);
    });
}

void DiagramScene::selectAll()
{
    selectInOneStep([&] {
        for (ComponentItem* item : std::as_const(components_))
            item->setSelected(true);
        for (ConnectionItem* item : std::as_const(connections_))
            item->setSelected(true);
        for (NoteItem* item : std::as_const(notes_))
            item->setSelected(true);
    });
}

void DiagramScene::deleteSelection()
{
    editor_.remove(selectedComponentNames() + selectedConnectorNames(), selectedConnections(), selectedNotes());
}

void DiagramScene::rotateSelection() { editor_.rotate(selectedComponentNames()); }

void DiagramScene::flipSelection(Qt::Orientation orientation) { editor_.flip(selectedComponentNames(), orientation); }

void DiagramScene::nudgeSelection(QPointF diagramDelta)
{
    editor_.moveBy(selectedComponentNames() + selectedConnectorNames(), diagramDelta);
}

PortItem* DiagramScene::portUnder(QPointF scenePos) const
{
    // Ports win over the lines that end on them and over their own component.
    for (QGraphicsItem* item : items(scenePos))
        if (auto* port = qgraphicsitem_cast<PortItem*>(item); port && port->isVisible())
            return port;
    return nullptr;
}

void DiagramScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && !(event->modifiers() & Qt::ControlModifier)) {
        // A loose end first: it often lies where a port of its component is drawn.
        if (startReconnect(event->scenePos())) {
            event->accept();
            return;
        }
        if (PortItem* port = portUnder(event->scenePos())) {
            connectTool_ = std::make_unique<ConnectTool>(*this, port);
            connectTool_->moveTo(event->scenePos());
            event->accept();
            return;
        }
        if (startLineDrag(event->scenePos())) {
            // Still a click as far as selection goes; the drag starts once the mouse moves.
            QGraphicsScene::mousePressEvent(event);
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
}

bool DiagramScene::startReconnect(QPointF scenePos)
{
    const double reach = 8;
    for (QGraphicsItem* item : items(QRectF(scenePos - QPointF(reach, reach), QSizeF(2 * reach, 2 * reach)))) {
        auto* line = qgraphicsitem_cast<ConnectionItem*>(item);
        if (!line || !line->isBroken() || line->route().size() < 2)
            continue;
        const int index = static_cast<int>(connections_.indexOf(line));
        PortItem* pa = portItem(line->from());
        PortItem* pb = portItem(line->to());
        const QPolygonF route = line->route();
        // The loose end is the one without a port; the tool starts from the other.
        PortItem* sound = nullptr;
        if (!pb && pa && QLineF(route.back(), scenePos).length() <= reach)
            sound = pa;
        else if (!pa && pb && QLineF(route.front(), scenePos).length() <= reach)
            sound = pb;
        if (index < 0 || !sound)
            continue;
        connectTool_ = std::make_unique<ConnectTool>(*this, sound, index);
        connectTool_->moveTo(scenePos);
        reconnectPress_ = scenePos;
        reconnectIndex_ = index;
        return true;
    }
    return false;
}

bool DiagramScene::startLineDrag(QPointF scenePos)
{
    lineDrag_.reset();
    // Only a line on top: a component drawn over a line wins the click.
    for (QGraphicsItem* item : items(scenePos)) {
        if (qgraphicsitem_cast<NoteItem*>(item))
            return false; // a note over a line wins the click too
        if (qgraphicsitem_cast<ConnectionItem*>(item) == nullptr) {
            for (QGraphicsItem* p = item; p; p = p->parentItem())
                if (qgraphicsitem_cast<ComponentItem*>(p))
                    return false;
            continue;
        }
        auto* line = static_cast<ConnectionItem*>(item);
        const int index = static_cast<int>(connections_.indexOf(line));
        const SegmentGrip grip = gripAt(line->route(), scenePos, 6);
        if (index < 0 || !grip.valid())
            return false;
        lineDrag_ = LineDrag{index, grip, line->route(), scenePos, false};
        return true;
    }
    return false;
}

void DiagramScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event)
{
    if (connectTool_) {
        connectTool_->moveTo(event->scenePos());
        event->accept();
        return;
    }
    if (lineDrag_ && (event->buttons() & Qt::LeftButton)) {
        QPointF delta = event->scenePos() - lineDrag_->pressPos;
        if (!lineDrag_->active && delta.manhattanLength() < 4)
            return;
        lineDrag_->active = true;
        if (snap_) // whole diagram units, where the stored points live
            delta = snapped(delta, kUnit);
        connections_[lineDrag_->index]->setRoute(dragged(lineDrag_->route, lineDrag_->grip, delta));
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void DiagramScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    if (reconnectPress_ && QLineF(*reconnectPress_, event->scenePos()).length() < 4) {
        // A click on a loose end, not a drag: it selects the line.
        const int index = reconnectIndex_;
        connectTool_.reset();
        reconnectPress_.reset();
        selectInOneStep([&] {
            clearSelection();
            if (ConnectionItem* line = connections_.value(index))
                line->setSelected(true);
        });
        event->accept();
        return;
    }
    reconnectPress_.reset();
    if (connectTool_) {
        const QString refusal = connectTool_->finish(event->scenePos());
        connectTool_.reset();
        if (!refusal.isEmpty())
            emit statusMessage(refusal);
        event->accept();
        return;
    }
    if (lineDrag_ && lineDrag_->active) {
        const LineDrag drag = *lineDrag_;
        lineDrag_.reset();
        QPolygonF route = connections_[drag.index]->route();
        for (QPointF& p : route)
            p /= kUnit;
        if (!editor_.setConnectionPoints(drag.index, cornersOf(simplifiedRoute(route))))
            updateConnection(drag.index);
        event->accept();
        return;
    }
    lineDrag_.reset();
    QGraphicsScene::mouseReleaseEvent(event);
    commitDraggedMoves();
}

void DiagramScene::commitDraggedMoves()
{
    // Items moved freely during the drag; the document learns the result in one step.
    QHash<QString, QPointF> centres;
    for (auto it = components_.cbegin(); it != components_.cend(); ++it)
        if (it.value()->pos() != it.value()->documentPos())
            centres.insert(it.key(), toDiagram(it.value()->pos()));
    if (!centres.isEmpty())
        editor_.moveTo(centres);
    QHash<int, QPointF> notes;
    for (const NoteItem* n : std::as_const(notes_))
        if (n->pos() != n->documentPos())
            notes.insert(n->index(), toDiagram(snap_ ? snapped(n->pos(), kUnit) : n->pos()));
    if (!notes.isEmpty() && !editor_.moveNotes(notes))
        rebuildNotes(); // moved less than a unit: back where the document has it
}

void DiagramScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    for (QGraphicsItem* item : items(event->scenePos())) {
        if (auto* note = qgraphicsitem_cast<NoteItem*>(item)) {
            emit noteActivated(note->index());
            event->accept();
            return;
        }
        if (auto* port = qgraphicsitem_cast<PortItem*>(item)) {
            emit portActivated(port->endpoint());
            event->accept();
            return;
        }
        for (QGraphicsItem* p = item; p; p = p->parentItem())
            if (auto* component = qgraphicsitem_cast<ComponentItem*>(p)) {
                emit componentActivated(component->name());
                event->accept();
                return;
            }
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void DiagramScene::keyPressEvent(QKeyEvent* event)
{
    // Arrow keys move the selection a grid step; with Shift one unit, for fine alignment.
    const double step = (event->modifiers() & Qt::ShiftModifier) ? 1.0 : kGrid;
    QPointF delta;
    switch (event->key()) {
    case Qt::Key_Left: delta = QPointF(-step, 0); break;
    case Qt::Key_Right: delta = QPointF(step, 0); break;
    case Qt::Key_Up: delta = QPointF(0, -step); break;
    case Qt::Key_Down: delta = QPointF(0, step); break;
    default: QGraphicsScene::keyPressEvent(event); return;
    }
    if (selectedComponentNames().isEmpty() && selectedConnectorNames().isEmpty()) {
        QGraphicsScene::keyPressEvent(event);
        return;
    }
    nudgeSelection(delta);
    event->accept();
}

void DiagramScene::dragEnterEvent(QGraphicsSceneDragDropEvent* event)
{
    if (event->mimeData()->hasFormat(kComponentMimeType) || event->mimeData()->hasFormat(kConnectorMimeType))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DiagramScene::dragMoveEvent(QGraphicsSceneDragDropEvent* event)
{
    if (event->mimeData()->hasFormat(kComponentMimeType) || event->mimeData()->hasFormat(kConnectorMimeType))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DiagramScene::dropConnector(QGraphicsSceneDragDropEvent* event)
{
    const QString type = QString::fromUtf8(event->mimeData()->data(kConnectorMimeType));
    QPointF at = toDiagram(event->scenePos());
    if (snap_)
        at = snapped(at, kGrid);
    QString error;
    const QString name = editor_.addOuterConnector(type, at, &error);
    if (name.isEmpty()) {
        emit statusMessage(error);
        event->ignore();
        return;
    }
    selectComponents({name});
    emit statusMessage(tr("Added connector %1 (%2)").arg(name, type));
    event->acceptProposedAction();
}

void DiagramScene::dropEvent(QGraphicsSceneDragDropEvent* event)
{
    if (event->mimeData()->hasFormat(kConnectorMimeType)) {
        dropConnector(event);
        return;
    }
    if (!event->mimeData()->hasFormat(kComponentMimeType)) {
        event->ignore();
        return;
    }
    const QString type = QString::fromUtf8(event->mimeData()->data(kComponentMimeType));
    QPointF at = toDiagram(event->scenePos());
    if (snap_)
        at = snapped(at, kGrid);
    at = freeSpot(type, at);
    QString error;
    const QString name = editor_.addComponent(type, at, &error);
    if (name.isEmpty()) {
        emit statusMessage(error);
        event->ignore();
        return;
    }
    selectComponents({name});
    emit statusMessage(tr("Added %1 (%2)").arg(name, type));
    event->acceptProposedAction();
}

} // namespace flange::ui
