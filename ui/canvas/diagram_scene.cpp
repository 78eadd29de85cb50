#include "ui/canvas/diagram_scene.hpp"

#include "ui/canvas/component_item.hpp"
#include "ui/canvas/connect_tool.hpp"
#include "ui/canvas/connection_item.hpp"
#include "ui/canvas/orthogonal_route.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
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
    // Room to pan around: MSL diagrams live well inside -1000..1000 units.
    setSceneRect(-1000 * kUnit, -1000 * kUnit, 2000 * kUnit, 2000 * kUnit);
    DiagramDocument* doc = &editor_.document();
    connect(doc, &DiagramDocument::diagramReset, this, &DiagramScene::rebuild);
    connect(doc, &DiagramDocument::componentAdded, this, &DiagramScene::addComponentItem);
    connect(doc, &DiagramDocument::componentRemoved, this, &DiagramScene::removeComponentItem);
    connect(doc, &DiagramDocument::componentChanged, this, &DiagramScene::refreshComponent);
    connect(doc, &DiagramDocument::componentRenamed, this, &DiagramScene::renameComponentItem);
    connect(doc, &DiagramDocument::connectionAdded, this, &DiagramScene::insertConnectionItem);
    connect(doc, &DiagramDocument::connectionRemoved, this, &DiagramScene::removeConnectionItem);
    connect(doc, &DiagramDocument::connectionChanged, this, &DiagramScene::updateConnection);
    rebuild();
}

DiagramScene::~DiagramScene()
{
    // QGraphicsScene deletes the items after this body and announces the lost selection;
    // listeners would then call into a half-destroyed DiagramScene (UBSan reports it).
    blockSignals(true);
}

void DiagramScene::rebuild()
{
    connectTool_.reset();
    clear();
    components_.clear();
    connections_.clear();
    for (const diagram::Component& c : editor_.document().diagram().components)
        addComponentItem(QString::fromStdString(c.name));
    const int n = static_cast<int>(editor_.document().diagram().connections.size());
    for (int i = 0; i < n; ++i)
        insertConnectionItem(i);
}

void DiagramScene::addComponentItem(const QString& name)
{
    const diagram::Component* c = editor_.document().component(name);
    if (!c || components_.contains(name))
        return;
    auto* item = new ComponentItem(*c, editor_.document().definition(*c), icons_);
    addItem(item);
    components_.insert(name, item);
    updateConnectionsOf(name);
}

void DiagramScene::removeComponentItem(const QString& name)
{
    delete components_.take(name);
}

void DiagramScene::refreshComponent(const QString& name)
{
    const diagram::Component* c = editor_.document().component(name);
    ComponentItem* item = components_.value(name);
    if (!c || !item)
        return;
    item->refresh(*c);
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
    return item ? item->port(connectorOf(endpoint)) : nullptr;
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
    // A type missing from the library has no ports: end the line at its centre.
    auto anchor = [](PortItem* p, ComponentItem* owner, QPointF fallback) {
        return p ? p->scenePos() : owner ? owner->pos() : fallback;
    };
    QList<QPointF> corners;
    // While a group is dragged its inner lines keep their shape: shift their corners too.
    QPointF shift;
    if (a && b) {
        const QPointF da = a->pos() - a->documentPos(), db = b->pos() - b->documentPos();
        if (da == db)
            shift = da;
    }
    for (const auto& [x, y] : c.points)
        corners << toScene(x, y) + shift;
    const QPointF fallback = corners.isEmpty() ? QPointF() : corners.front();
    const QPointF start = anchor(pa, a, fallback), end = anchor(pb, b, fallback);
    item->setVisible(a || b);
    item->setRoute(orthogonalRoute(start, pa ? pa->sceneOutward() : QPointF(), end, pb ? pb->sceneOutward() : QPointF(),
                                   corners));
    if (pa || pb)
        item->setDomain((pa ? pa : pb)->connectorType());
}

void DiagramScene::updateConnectionsOf(const QString& name)
{
    const QString prefix = name + QLatin1Char('.');
    for (int i = 0; i < connections_.size(); ++i) {
        const auto& c = editor_.document().diagram().connections[static_cast<size_t>(i)];
        if (QString::fromStdString(c.from).startsWith(prefix) || QString::fromStdString(c.to).startsWith(prefix))
            updateConnection(i);
    }
}

void DiagramScene::componentItemMoved(ComponentItem* item)
{
    if (components_.value(item->name()) == item)
        updateConnectionsOf(item->name());
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

QList<int> DiagramScene::selectedConnections() const
{
    QList<int> out;
    for (int i = 0; i < connections_.size(); ++i)
        if (connections_[i]->isSelected())
            out << i;
    return out;
}

void DiagramScene::selectComponents(const QStringList& names)
{
    clearSelection();
    for (const QString& n : names)
        if (ComponentItem* item = components_.value(n))
            item->setSelected(true);
}

void DiagramScene::selectAll()
{
    for (ComponentItem* item : std::as_const(components_))
        item->setSelected(true);
    for (ConnectionItem* item : std::as_const(connections_))
        item->setSelected(true);
}

void DiagramScene::deleteSelection()
{
    editor_.remove(selectedComponentNames(), selectedConnections());
}

void DiagramScene::rotateSelection() { editor_.rotate(selectedComponentNames()); }

void DiagramScene::flipSelection(Qt::Orientation orientation) { editor_.flip(selectedComponentNames(), orientation); }

void DiagramScene::nudgeSelection(QPointF diagramDelta) { editor_.moveBy(selectedComponentNames(), diagramDelta); }

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
        if (PortItem* port = portUnder(event->scenePos())) {
            connectTool_ = std::make_unique<ConnectTool>(*this, port);
            connectTool_->moveTo(event->scenePos());
            event->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
}

void DiagramScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event)
{
    if (connectTool_) {
        connectTool_->moveTo(event->scenePos());
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void DiagramScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    if (connectTool_) {
        const QString refusal = connectTool_->finish(event->scenePos());
        connectTool_.reset();
        if (!refusal.isEmpty())
            emit statusMessage(refusal);
        event->accept();
        return;
    }
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
}

void DiagramScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    for (QGraphicsItem* item : items(event->scenePos())) {
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
    if (selectedComponentNames().isEmpty()) {
        QGraphicsScene::keyPressEvent(event);
        return;
    }
    nudgeSelection(delta);
    event->accept();
}

void DiagramScene::dragEnterEvent(QGraphicsSceneDragDropEvent* event)
{
    if (event->mimeData()->hasFormat(kComponentMimeType))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DiagramScene::dragMoveEvent(QGraphicsSceneDragDropEvent* event)
{
    if (event->mimeData()->hasFormat(kComponentMimeType))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DiagramScene::dropEvent(QGraphicsSceneDragDropEvent* event)
{
    if (!event->mimeData()->hasFormat(kComponentMimeType)) {
        event->ignore();
        return;
    }
    const QString type = QString::fromUtf8(event->mimeData()->data(kComponentMimeType));
    QPointF at = toDiagram(event->scenePos());
    if (snap_)
        at = snapped(at, kGrid);
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
