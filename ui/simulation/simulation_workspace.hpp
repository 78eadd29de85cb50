#pragma once
// Everything the window shows about runs, wired together: the run controller, the plot
// area beside the canvas, the variable browser and event log docks, the progress bar in
// the status bar, Simulate / Stop / Auto re-simulate, and the exports. MainWindow creates
// one and hands it the pieces of the editor it must talk to; it keeps no state of the
// diagram itself (the plot set-up lives in the document's "plot" key).
#include "ui/simulation/data_file_permissions.hpp"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <memory>

class QDockWidget;
class QLabel;
class QMainWindow;
class QProgressBar;
class QTimer;

namespace flange::diagram {
struct Diagram;
}

namespace flange::ui {

class DiagramDocument;
class DiagramScene;
class DiagramView;
class EventLog;
class MessagesPanel;
namespace plot {
class ComparedRuns;
class PlotArea;
}
class RunController;
class VariableBrowser;
struct RunDiagnostic;
struct WindowActions;

class SimulationWorkspace : public QObject {
    Q_OBJECT
public:
    SimulationWorkspace(QMainWindow* window, DiagramDocument* document, DiagramScene* scene, DiagramView* view,
                        MessagesPanel* messages, const WindowActions& actions);
    ~SimulationWorkspace() override;

    RunController* controller() const { return controller_; }
    plot::PlotArea* plots() const { return plots_; }
    // The runs compared beside the current one (pinned runs, the ghost), which the plots draw.
    plot::ComparedRuns* comparedRuns() const { return compared_; }
    VariableBrowser* variables() const { return variables_; }
    EventLog* eventLog() const { return eventLog_; }
    QDockWidget* variablesDock() const { return variablesDock_; }
    QDockWidget* eventsDock() const { return eventsDock_; }

    void simulate();
    // Simulates unless the last run was of a diagram that simulates alike (Auto Re-simulate's rule).
    void simulateIfChanged();
    // Diagram > Check: translates without simulating, the report (or the failure) in Messages.
    void check();
    void stop();
    // Whether Simulate asks before reading data files outside the diagram's folder.
    void setAskBeforeReadingFiles(bool ask) { dataFiles_.setAsking(ask); }
    // Writes the current results (all variables, or only the plotted ones) as
    // `flange-sim -o` does; false with a reason when there is nothing to write or the
    // file cannot be written.
    bool exportCsv(const QString& path, bool plottedOnly, QString* error, bool withUnits = false) const;
    // The same as a .mat file (Dymola's layout), every variable: `flange-sim -o OUT.mat`'s file.
    bool exportMat(const QString& path, QString* error) const;
    // The plot tab as File > Export Plot writes it, with the default options, titled with the diagram's name.
    bool exportPlot(const QString& path, QString* error) const;

    // Plots every variable of a connector ("inertia1.flange_a": its angle and torque).
    void plotEndpoint(const QString& endpoint);

private:
    // The plots and the event log read the rows that have arrived (timed: see resultGrown).
    void refreshResults();
    void connectController();
    void connectViews();
    void loadPlotSetup();
    void storePlotSetup();
    void showResults();
    // The plots draw the current run, the ghost and the pinned runs (compared_).
    void showRuns();
    void showDiagnostic(const RunDiagnostic& d);
    void selectOnCanvas(const QStringList& instances);
    // The top-level names among `instances` that are components of the open diagram.
    QStringList componentsOnCanvas(const QStringList& instances) const;
    void scheduleAutoRun();
    void exportCsvDialog();
    void exportMatDialog();
    void exportPlotDialog();

    QMainWindow* window_;
    DataFilePermissions dataFiles_;
    DiagramDocument* document_;
    DiagramScene* scene_;
    DiagramView* view_;
    MessagesPanel* messages_;
    const WindowActions& actions_;
    RunController* controller_;
    plot::PlotArea* plots_;
    plot::ComparedRuns* compared_;
    VariableBrowser* variables_;
    EventLog* eventLog_;
    QDockWidget* variablesDock_;
    QDockWidget* eventsDock_;
    QProgressBar* progress_;
    QLabel* progressLabel_;
    QTimer* autoRun_;
    QTimer* progressDelay_; // the progress bar appears only for runs that last
    QTimer* liveRefresh_;   // the next refresh of a run's plots, when the last one was long
    QElapsedTimer sinceRefresh_;
    qint64 refreshCostMs_ = 0;
    bool syncingSelection_ = false;
    size_t browserVariables_ = 0; // variables of the current run the browser shows
    std::shared_ptr<const diagram::Diagram> lastRun_; // the diagram last run, to skip re-runs that change nothing
};

} // namespace flange::ui
