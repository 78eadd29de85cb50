#pragma once
// The editor's main window: library browser on the left, canvas in the middle, messages
// below, menus and a toolbar. It owns the document and wires actions to DiagramEditor;
// the editing itself lives in the document layer.
#include "ui/document/component_library.hpp"
#include "ui/document/save_location.hpp"

#include <QMainWindow>

class QSplitter;

#include <memory>

namespace flange::ui {

class AnalysisActions;
class Autosave;
class DiagramDocument;
class DiagramEditor;
class DiagramScene;
class DiagramView;
class ExplorationDocks;
class IconCache;
class LibraryBrowser;
class LibraryModel;
class MessagesPanel;
class RecentFiles;
class SimulationWorkspace;
class SubsystemNavigation;
class SweepWorkspace;
class OuterConnectorActions;
struct OrphanedRecovery;
struct WindowActions;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(ComponentLibrary library, QWidget* parent = nullptr);
    ~MainWindow() override;

    DiagramDocument* document() const { return document_; }
    DiagramEditor& editor() const { return *editor_; }
    DiagramScene* scene() const { return scene_; }
    DiagramView* view() const { return view_; }
    MessagesPanel* messages() const { return messages_; }
    LibraryBrowser* browser() const { return browser_; }
    SimulationWorkspace* simulation() const { return simulation_; }
    ExplorationDocks* exploration() const { return exploration_; }
    AnalysisActions* analysis() const { return analysis_; }
    SubsystemNavigation* subsystems() const { return subsystems_; }
    SweepWorkspace* sweeps() const { return sweeps_; }
    OuterConnectorActions* connectors() const { return connectors_; }
    const WindowActions& actions() const { return *actions_; }
    Autosave& autosave() const { return *autosave_; }

    // Opens without asking about unsaved changes (callers ask first). On a bad file the
    // current diagram stays and the problem is shown in a message box and the panel.
    bool openFile(const QString& path);
    bool saveFile(const QString& path);
    // Asks what to do with unsaved changes; false means the user cancelled.
    bool maybeSave();
    // Without prompts, errors go only to the messages panel (screenshots, scripted runs).
    // Quiet, Simulate does not ask to read data files outside the diagram's folder: refused.
    void setQuiet(bool quiet);

    // At start-up: when a crashed or killed session left autosaved diagrams, asks whether
    // to restore one (RecoveryDialog). True when one was restored.
    bool offerRecovery();
    // Opens an autosaved diagram in place of the current one (after maybeSave), marked
    // modified and with its original file path, so that Save writes there once the user
    // confirms. The recovery file becomes this window's own until the diagram is saved.
    bool restoreRecovery(const OrphanedRecovery& recovery);

    // Opens the parameter dialog of a component (modal) and applies it as one undo step.
    void editParameters(const QString& name);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createMenus();
    void createDocks(const ComponentLibrary& library);
    void connectActions();
    void updateTitle();
    void updateSelectionActions();
    void reportError(const QString& title, const QString& text);
    void checkTypesKnown();
    // Lines of the diagram that cannot be simulated as they stand, named in Messages.
    void reportBrokenConnections();

    void newFile();
    void openDialog();
    bool save();
    bool saveAsDialog();
    void copySelection();
    void cutSelection();
    void pasteClipboard();
    void duplicateSelection();
    void renameSelection();
    void addComponentAtCentre(const QString& type);

    DiagramDocument* document_;
    std::unique_ptr<DiagramEditor> editor_;
    std::unique_ptr<IconCache> icons_;
    // A member, so it goes (removing its recovery file) before the document, a child.
    std::unique_ptr<Autosave> autosave_;
    // A restored diagram would replace its original file, which may have changed since
    // the crash: the first Save asks.
    bool confirmOverwrite_ = false;
    QString lastAutosaveError_;
    DiagramScene* scene_;
    DiagramView* view_;
    LibraryModel* libraryModel_ = nullptr;
    LibraryBrowser* browser_ = nullptr;
    MessagesPanel* messages_ = nullptr;
    SimulationWorkspace* simulation_ = nullptr;
    ExplorationDocks* exploration_ = nullptr;
    AnalysisActions* analysis_ = nullptr;
    SubsystemNavigation* subsystems_ = nullptr;
    SweepWorkspace* sweeps_ = nullptr;
    OuterConnectorActions* connectors_ = nullptr;
    RecentFiles* recent_;
    QSplitter* centralSplit_ = nullptr; // canvas | plots
    bool shownBefore_ = false;
    std::unique_ptr<WindowActions> actions_;
    bool quiet_ = false;
    // Files under these folders are examples: Save asks for a new name.
    QStringList bundledModels_ = bundledModelFolders();
};

} // namespace flange::ui
