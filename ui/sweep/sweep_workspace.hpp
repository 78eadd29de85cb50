#pragma once
// Sweeps in the window, wired together: Simulation ▸ Sweep… and Re-run Sweep, File ▸ Open
// Sweep… and Save Sweep As… (the JSON of `flange-sim sweep --sweep FILE`), File ▸ Open
// Sweep Folder… (a sweep on a Slurm cluster, reattached to its job, as is the one a
// diagram names when it opens), the Sweep dock
// with its table and charts, the backend that runs it, the sweep kept in the diagram's
// "sweep" key, and Apply These Values as one undo step. MainWindow makes one and puts its
// actions in its menus.
#include "ui/sweep/sweep_backend.hpp"

#include <QObject>
#include <QPointer>
#include <QDockWidget>
#include <QStringList>

#include <memory>

class QAction;
class QMainWindow;
class QMenu;

namespace flange::ui {

class DiagramDocument;
class DiagramEditor;
class MessagesPanel;
class SweepPanel;
class SweepSession;

class SweepWorkspace : public QObject {
    Q_OBJECT
public:
    // libraryFolders: the component folders read beyond the default ones, for sweeps on a cluster.
    SweepWorkspace(QMainWindow* window, DiagramDocument* document, DiagramEditor& editor, MessagesPanel* messages,
                   QStringList libraryFolders = {});
    ~SweepWorkspace() override;

    // Simulation menu: Sweep…, Re-run Sweep.
    void addSimulationActions(QMenu* menu);
    // File menu: Open Sweep…, Open Sweep Folder…, Save Sweep As….
    void addFileActions(QMenu* menu);

    QAction* sweepAction() const { return sweep_; }
    QAction* rerunAction() const { return rerun_; }
    SweepSession& session() const { return *session_; }
    SweepPanel* panel() const { return panel_; }
    QDockWidget* dock() const { return dock_; }
    SweepBackend& backend() const { return *backend_; }
    // Another backend (a cluster's, or a test's); the window's is this computer's cores.
    void setBackend(std::unique_ptr<SweepBackend> backend);

    // The sweep saved with the diagram, or an empty one.
    sweep::SweepDefinition storedDefinition() const;
    // Stores the definition in the diagram and runs it; false (with the message in
    // Messages) when the engine refuses it.
    bool run(const sweep::SweepDefinition& definition);
    // Runs a job already checked (the dialog's), storing its definition.
    void run(std::shared_ptr<SweepJob> job);
    void cancel();
    // Sets the values of record `record`'s run in the diagram, as one undo step.
    bool applyValues(int record);
    // The sweep dialog, opened on the stored sweep; runs it when accepted.
    void openDialog();
    bool readSweepFile(const QString& path, QString* error);
    // Shows the sweep on a cluster in `folder` (flange-sim sweep --slurm's or the window's):
    // its finished runs at once and, while its jobs are queued or running, those that
    // arrive; Cancel cancels them. False with the engine's message for a folder that is not
    // such a sweep, was written by another flange-sim version or whose model changed.
    bool openSweepFolder(const QString& folder, QString* error);
    // Submits the runs missing from the sweep on a cluster that ended (the panel's Resume).
    bool resume(QString* error);
    bool writeSweepFile(const QString& path, QString* error) const;

private:
    void connectBackend();
    void showDock();
    // The sweep on a cluster the diagram names (its "sweepFolder"), shown as it opens.
    void reopenStoredFolder();

    QMainWindow* window_;
    DiagramDocument* document_;
    DiagramEditor& editor_;
    MessagesPanel* messages_;
    QStringList libraryFolders_;
    std::unique_ptr<SweepBackend> backend_;
    SweepSession* session_;
    SweepPanel* panel_;
    QPointer<QDockWidget> dock_; // the window's child; deleted before the session it shows
    QAction* sweep_;
    QAction* rerun_;
    QAction* openSweep_;
    QAction* openSweepFolder_;
    QAction* saveSweep_;
};

} // namespace flange::ui
