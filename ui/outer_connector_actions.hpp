#pragma once
// Outer connectors in the window: one placed in the middle of the view when the
// palette's Connectors group is double-clicked (dropping one goes through the canvas),
// its properties dialog on double-click, and Diagram ▸ Place Connectors on Icon Like on
// Canvas. Editing itself goes through DiagramEditor.
#include <QObject>

class QAction;
class QWidget;

namespace flange::ui {

class DiagramEditor;
class DiagramScene;
class DiagramView;

class OuterConnectorActions : public QObject {
    Q_OBJECT
public:
    OuterConnectorActions(QWidget* window, DiagramEditor& editor, DiagramScene* scene, DiagramView* view);

    QAction* placeOnIconAction() const { return placeOnIcon_; }

    // A new connector of `type` in the middle of the view, selected.
    QString addAtCentre(const QString& type);
    // The properties dialog of the connector `name`; false when it is not one.
    bool edit(const QString& name);

signals:
    void statusMessage(const QString& text);

private:
    void updateActions();

    QWidget* window_;
    DiagramEditor& editor_;
    DiagramScene* scene_;
    DiagramView* view_;
    QAction* placeOnIcon_;
};

} // namespace flange::ui
