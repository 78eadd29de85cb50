#include "ui/simulation/exploration_docks.hpp"

#include "ui/plot/compared_runs.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/runs_panel.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/run_pacer.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/tune/tune_panel.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

namespace flange::ui {

namespace {

// A scroll area that asks for little room: the dock area takes the widest of its docks'
// size hints whenever a dock is added, and these would have widened it.
class NarrowScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override { return {160, 200}; }
};

QDockWidget* dock(QMainWindow* window, const QString& title, const QString& objectName, QWidget* content)
{
    auto* d = new QDockWidget(title, window);
    d->setObjectName(objectName);
    // In a scroll area: the dock asks no more width than the Variables dock it is tabbed
    // with, so the plots keep the first start's share (issue 34's layout).
    auto* scroll = new NarrowScrollArea(d);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    d->setWidget(scroll);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    return d;
}

} // namespace

ExplorationDocks::ExplorationDocks(QMainWindow* window, DiagramEditor& editor, SimulationWorkspace* simulation)
    : QObject(window)
{
    plot::ComparedRuns* compared = simulation->comparedRuns();
    tune_ = new tune::TunePanel(editor, window);
    runs_ = new plot::RunsPanel(
        *compared, [simulation] { return simulation->controller()->current(); },
        [simulation] { return simulation->plots()->plottedSignals(); }, window);
    tuneDock_ = dock(window, tr("Tune"), QStringLiteral("tuneDock"), tune_);
    runsDock_ = dock(window, tr("Runs"), QStringLiteral("runsDock"), runs_);
    // Hidden until asked for (View ▸ Tune, View ▸ Runs), and only then put beside the
    // Variables dock, tabbed with it: a dock added while the window is built resets the
    // dock areas' widths and left the plots less than issue 34's first-start share.
    for (QDockWidget* d : {tuneDock_, runsDock_}) {
        d->hide();
        connect(d->toggleViewAction(), &QAction::toggled, this, [window, d, simulation](bool on) {
            if (!on || window->dockWidgetArea(d) != Qt::NoDockWidgetArea)
                return;
            if (QDockWidget* variables = simulation->variablesDock(); variables && !variables->isFloating())
                window->tabifyDockWidget(variables, d);
            else
                window->addDockWidget(Qt::RightDockWidgetArea, d);
            d->show();
            d->raise();
        });
    }

    connect(tune_, &tune::TunePanel::dragStarted, this, [simulation, compared] {
        // The curves before the drag stay behind the dragged ones until the next edit's run.
        compared->holdGhost(simulation->controller()->current());
    });
    // Each value runs, cancelling the run in flight, at the pace run_pacer.hpp explains: a
    // run under 40 ms is drawn whole (flange-ui-bench's goal of 20 redraws a second).
    auto* pacer = new RunPacer([simulation] { return simulation->controller()->isRunning(); },
                               [simulation] { simulation->simulate(); }, 40, this);
    connect(tune_, &tune::TunePanel::valuePreviewed, pacer, &RunPacer::request);
    connect(simulation->controller(), &RunController::runEnded, pacer, &RunPacer::runEnded);
    connect(tune_, &tune::TunePanel::valueKept, this, [simulation, pacer] {
        pacer->flush(); // the released value, if it was held
        simulation->simulateIfChanged();
    });
    // A difference on a subplot of its own: beside the signals it would squeeze their axis.
    connect(runs_, &plot::RunsPanel::differencePinned, this, [simulation](const QString& variable) {
        plot::PlotArea* plots = simulation->plots();
        if (plots->isPlotted(variable))
            return; // an earlier difference of the signal: its subplot draws this one too
        plots->addSubplot();
        plots->addSignal(variable, -1, plots->page(plots->currentTab())->subplotCount() - 1);
    });
}

} // namespace flange::ui
