#pragma once
// The canvas: a QGraphicsScene that mirrors a DiagramDocument. It creates, updates and
// deletes items when the document signals a change, and turns mouse gestures into
// DiagramEditor calls (drop, drag-to-connect, move on release). It owns no model state.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "ui/document/segment_drag.hpp"

#include <QGraphicsScene>
#include <QHash>
#include <QList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace flange::ui {

class ComponentItem;
class ConnectionItem;
class ConnectTool;
class DiagramEditor;
class IconCache;
class NoteItem;
class PortItem;

class DiagramScene : public QGraphicsScene {
    Q_OBJECT
public:
    DiagramScene(DiagramEditor& editor, IconCache& icons, QObject* parent = nullptr);
    ~DiagramScene() override;

    DiagramEditor& editor() const { return editor_; }

    ComponentItem* componentItem(const QString& name) const { return components_.value(name); }
    ConnectionItem* connectionItem(int index) const { return connections_.value(index); }
    int connectionCount() const { return static_cast<int>(connections_.size()); }
    // The connections at this level drawn as broken (connectionFault), with the reasons,
    // in document order.
    QList<QPair<int, QString>> brokenConnections() const;
    // The note at this index of the level's annotations, or null.
    NoteItem* noteItem(int index) const;
    QList<int> selectedNotes() const;
    // The visible port for "instance.connector", or null.
    PortItem* portItem(const QString& endpoint) const;
    // What the diagram covers (components with their labels and ports, connections), from
    // the items themselves: QGraphicsScene::itemsBoundingRect sorts every item first.
    QRectF contentBounds() const;

    // Selected components in document order, and selected connection indices.
    QStringList selectedComponentNames() const;
    // Selected outer connectors' blocks (inside a subsystem), in document order.
    QStringList selectedConnectorNames() const;
    QList<int> selectedConnections() const;
    void selectComponents(const QStringList& names);
    void selectAll();

    bool snapToGrid() const { return snap_; }
    void setSnapToGrid(bool on) { snap_ = on; }

    // Selection edits, each one undo step.
    void deleteSelection();
    void rotateSelection();
    void flipSelection(Qt::Orientation orientation);
    void nudgeSelection(QPointF diagramDelta);

    // Where new components go: the offset (diagram units) nearest to `preferred`, on the
    // grid, at which the fragment's icons and texts cover none already on the canvas.
    QPointF freeOffset(const diagram::Diagram& fragment, QPointF preferred = {}) const;
    // The free grid point nearest to `at` for a new instance of `type`.
    QPointF freeSpot(const QString& type, QPointF at) const;

    // Called by a component item while it is dragged, so its lines follow it.
    void componentItemMoved(ComponentItem* item);

signals:
    // Something the user should read in the status bar (a refused connection, say).
    void statusMessage(const QString& text);
    // A component was double-clicked: open its parameters.
    void componentActivated(const QString& name);
    // A port was double-clicked ("instance.connector"): after a run, plot what flows there.
    void portActivated(const QString& endpoint);
    // The selection changed, once per pass of the event loop however many items changed:
    // QGraphicsScene says selectionChanged for every item, and deleting a selected
    // 20,000-component chain made every listener walk the selection 20,000 times.
    void selectionSettled();
    // A note was double-clicked: edit its text.
    void noteActivated(int index);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void dragEnterEvent(QGraphicsSceneDragDropEvent* event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent* event) override;
    void dropEvent(QGraphicsSceneDragDropEvent* event) override;

private:
    void rebuild();
    // After a whole level changed in place (grouping, a connector edited): rebuilt, with
    // the items still there selected again.
    void rebuildKeepingSelection();
    // The notes again from the level's annotations, those selected still selected.
    void rebuildNotes();
    void addComponentItem(const QString& name);
    void addComponentItem(const diagram::Component& c, bool cover = true);
    void coverContent(const QRectF& bounds);
    void selectInOneStep(const std::function<void()>& select);
    void settleSelection();
    bool settlePending_ = false;
    void removeComponentItem(const QString& name);
    void refreshComponent(const QString& name);
    void renameComponentItem(const QString& oldName, const QString& newName);
    void insertConnectionItem(int index);
    void removeConnectionItem(int index);
    void updateConnection(int index);
    void updateConnectionsOf(const QString& name);
    void commitDraggedMoves();
    PortItem* portUnder(QPointF scenePos) const;
    // A press on a line's segment or corner: remembers it, so that moving reshapes the line.
    bool startLineDrag(QPointF scenePos);
    // A press on a broken line's loose end: its sound end's port starts a connect tool
    // that replaces the line.
    bool startReconnect(QPointF scenePos);
    void dropConnector(QGraphicsSceneDragDropEvent* event);

    DiagramEditor& editor_;
    IconCache& icons_;
    QHash<QString, ComponentItem*> components_; // with the outer connectors' blocks
    std::vector<std::unique_ptr<library::ComponentDefinition>> outerDefinitions_;
    QList<ConnectionItem*> connections_; // aligned with diagram().connections
    QList<NoteItem*> notes_;
    std::unique_ptr<ConnectTool> connectTool_;
    bool snap_ = true;
    struct LineDrag {
        int index;
        SegmentGrip grip;
        QPolygonF route; // as it was when pressed, in scene pixels
        QPointF pressPos;
        bool active;
    };
    std::optional<LineDrag> lineDrag_;
    // Where a loose end was pressed, and its line: released there, it was a click.
    std::optional<QPointF> reconnectPress_;
    int reconnectIndex_ = -1;
};

} // namespace flange::ui
