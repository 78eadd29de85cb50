#pragma once
// The docks for exploring a design beside the plots: Tune (sliders on parameters,
// tune/tune_panel.hpp) and Runs (runs compared, plot/runs_panel.hpp), wired to the
// simulation workspace: a dragged value runs, cancelling the run in flight (paced:
// run_pacer.hpp), with the run before the drag held as the ghost; a value kept by key or
// wheel runs if it changed anything; a difference of two runs is plotted when made.
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace flange::ui {

class DiagramEditor;
class SimulationWorkspace;
namespace plot {
class RunsPanel;
}
namespace tune {
class TunePanel;
}

class ExplorationDocks : public QObject {
    Q_OBJECT
public:
    // Adds both docks to the window's right side, tabbed behind the Variables dock.
    ExplorationDocks(QMainWindow* window, DiagramEditor& editor, SimulationWorkspace* simulation);

    tune::TunePanel* tune() const { return tune_; }
    plot::RunsPanel* runs() const { return runs_; }
    QDockWidget* tuneDock() const { return tuneDock_; }
    QDockWidget* runsDock() const { return runsDock_; }

private:
    tune::TunePanel* tune_;
    plot::RunsPanel* runs_;
    QDockWidget* tuneDock_;
    QDockWidget* runsDock_;
};

} // namespace flange::ui
