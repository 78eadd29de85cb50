#pragma once
// Subsystems in the window: Group into Subsystem (Ctrl+G), Ungroup (Ctrl+Shift+G), Open
// (Enter or double-click on an instance) and the breadcrumb bar above the canvas
// ("Top > clutchPack") that leads back out. Editing itself goes through DiagramEditor;
// this class only offers it and keeps the bar in step with the document's level.
#include <QObject>
#include <QStringList>

class QAction;
class QHBoxLayout;
class QLabel;
class QMenu;
class QWidget;

namespace flange::ui {

class DiagramDocument;
class DiagramEditor;
class DiagramScene;
class DiagramView;

class SubsystemNavigation : public QObject {
    Q_OBJECT
public:
    SubsystemNavigation(QWidget* window, DiagramEditor& editor, DiagramScene* scene, DiagramView* view);

    QAction* groupAction() const { return group_; }
    QAction* ungroupAction() const { return ungroup_; }
    QAction* openAction() const { return open_; }
    QAction* upAction() const { return up_; }
    // The bar above the canvas; hidden at the top level.
    QWidget* breadcrumb() const { return bar_; }
    // The bar's text as shown, "Top > clutchPack (ClutchPack)", for tests.
    QString breadcrumbText() const;

    // Asks for a type name (defaulted) and groups the selection; `typeName` skips the
    // question (tests, scripts). Returns the new instance's name or an empty string.
    QString groupSelection(const QString& typeName = {});
    void ungroupSelection();
    // Opens the subsystem instance `name` at this level; false (with a status message)
    // when it is not one.
    bool open(const QString& name);
    // Goes back to the level `depth` entries deep (0: the top).
    void leaveTo(int depth);
    // Opens the level of a full instance path and selects the component there (a message
    // naming "clutchPack.clutch1"); false when the path names nothing in the diagram.
    bool reveal(const QString& fullPath);

signals:
    void statusMessage(const QString& text);

private:
    void updateBar();
    void updateActions();

    QWidget* window_;
    DiagramEditor& editor_;
    DiagramDocument& doc_;
    DiagramScene* scene_;
    DiagramView* view_;
    QAction* group_;
    QAction* ungroup_;
    QAction* open_;
    QAction* up_;
    QWidget* bar_;
    QHBoxLayout* barLayout_;
};

} // namespace flange::ui
