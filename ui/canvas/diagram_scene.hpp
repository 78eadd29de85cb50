#pragma once
// The canvas: a QGraphicsScene that mirrors a DiagramDocument. It creates, updates and
// deletes items when the document signals a change, and turns mouse gestures into
// DiagramEditor calls (drop, drag-to-connect, move on release). It owns no model state.
#include <QGraphicsScene>
#include <QHash>
#include <QList>

#include <memory>

namespace flange::ui {

class ComponentItem;
class ConnectionItem;
class ConnectTool;
class DiagramEditor;
class IconCache;
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
    // The visible port for "instance.connector", or null.
    PortItem* portItem(const QString& endpoint) const;

    // Selected components in document order, and selected connection indices.
    QStringList selectedComponentNames() const;
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

    // Called by a component item while it is dragged, so its lines follow it.
    void componentItemMoved(ComponentItem* item);

signals:
    // Something the user should read in the status bar (a refused connection, say).
    void statusMessage(const QString& text);
    // A component was double-clicked: open its parameters.
    void componentActivated(const QString& name);
    // A port was double-clicked ("instance.connector"): after a run, plot what flows there.
    void portActivated(const QString& endpoint);

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
    void addComponentItem(const QString& name);
    void removeComponentItem(const QString& name);
    void refreshComponent(const QString& name);
    void renameComponentItem(const QString& oldName, const QString& newName);
    void insertConnectionItem(int index);
    void removeConnectionItem(int index);
    void updateConnection(int index);
    void updateConnectionsOf(const QString& name);
    void commitDraggedMoves();
    PortItem* portUnder(QPointF scenePos) const;

    DiagramEditor& editor_;
    IconCache& icons_;
    QHash<QString, ComponentItem*> components_;
    QList<ConnectionItem*> connections_; // aligned with diagram().connections
    std::unique_ptr<ConnectTool> connectTool_;
    bool snap_ = true;
};

} // namespace flange::ui
