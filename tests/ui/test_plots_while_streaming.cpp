// The plots while runs replace one another (issue 34, defect 1): experiment changes with
// Auto Re-simulate on, undone while a long run streams, re-runs and crosshair moves (from
// the plots and from the event log), with curves and their ghosts plotted. A plot read a
// run it no longer owned when a new run's span reset its zoom; under the sanitizer build
// (CI runs every ui test there) such a read fails this test.
#include "ui/main_window.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"
#include "ui/results/event_log.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAbstractItemModel>
#include <QAction>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <vector>

using namespace flange;
using namespace flange::ui;

namespace {

const QStringList kForces{"elastoGap1.f", "elastoGap2.f", "elastoGap3.f"};

// Processes events until `done` holds; false if it never does (a generous limit, for a
// run under the sanitizers on a loaded machine: the test asserts what happens, not when).
bool processUntil(const std::function<bool()>& done)
{
    for (int i = 0; i < 12000 && !done(); ++i)
        QTest::qWait(5);
    return done();
}

// The number after "name = " in a crosshair read-out.
double readoutValue(const QString& text, const QString& name)
{
    for (const QString& line : text.split('\n'))
        if (line.startsWith(name + " = "))
            return line.mid(name.size() + 3).section(' ', 0, 0).toDouble();
    FAIL("no read-out line for " << name.toStdString() << " in: " << text.toStdString());
    return 0;
}

// A run that keeps streaming for far longer than the test (10^7 rows): rows are reserved,
// not written, beyond those computed before it is cancelled.
diagram::Experiment longExperiment(const diagram::Experiment& base, double stopTime)
{
    diagram::Experiment e = base;
    e.stopTime = stopTime;
    e.interval = stopTime / 1e7;
    return e;
}

} // namespace

TEST_CASE("the plots survive experiment changes, undo and crosshair moves while a long run streams", "[simulation][plot]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    window.resize(1366, 768);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.openFile(test::sourcePath("models/gallery/ElastoGapContactLaws.json")));
    SimulationWorkspace& sim = *window.simulation();
    RunController& controller = *sim.controller();
    controller.setRowMemory(std::size_t{1} << 40); // the long runs' 10^7 rows are never all written
    plot::PlotArea& plots = *sim.plots();
    REQUIRE(plots.plottedSignals() == kForces);
    const diagram::Experiment original = window.document()->rootDiagram().experiment;
    REQUIRE(original.stopTime == 3);

    // Two short runs: curves, and the first as their ghosts.
    sim.simulate();
    REQUIRE(controller.waitForFinished());
    sim.simulate();
    REQUIRE(controller.waitForFinished());
    REQUIRE(controller.previous() != nullptr);
    window.actions().autoResimulate->setChecked(true);

    // A new run of the experiment now set, streaming: its rows and first events shown.
    auto streamingRun = [&](std::shared_ptr<const RunResult> before) {
        REQUIRE(processUntil([&] {
            return controller.current() != before && controller.current()->rowCount() > 0 &&
                   sim.eventLog()->rowCount() > 0;
        }));
        return controller.current();
    };
    auto eventLogCrosshair = [&](int row) {
        QTreeView* log = sim.eventLog()->view();
        log->setCurrentIndex(log->model()->index(row, 0));
        return log->model()->index(row, 0).data(Qt::UserRole + 1).toDouble();
    };

    std::vector<std::shared_ptr<const RunResult>> longRuns;
    for (int round = 0; round < 2; ++round) {
        // Diagram ▸ Experiment: stop 3 -> 10,000 s. Auto Re-simulate starts the long run.
        REQUIRE(window.editor().setExperiment(longExperiment(original, 1e4)));
        longRuns.push_back(streamingRun(controller.current()));
        REQUIRE(controller.isRunning());

        // The crosshair placed from the event log while the run streams.
        const double eventTime = eventLogCrosshair(0);
        const plot::Subplot* sp = plots.subplot(plots.currentTab(), 0);
        CHECK(sp->crosshairText().startsWith(QStringLiteral("t = %1 s").arg(eventTime, 0, 'g', 6)));
        CHECK(sp->drawnCurves() == kForces);

        // Changed again while it streams (another span), then moved from the plots.
        REQUIRE(window.editor().setExperiment(longExperiment(original, 5e3)));
        longRuns.push_back(streamingRun(longRuns.back()));
        plots.setCrosshairTime(0.25);
        CHECK(sp->crosshairText().startsWith(QStringLiteral("t = 0.25 s")));

        // Undone twice: the 10,000 s run again, then the original 3 s one, which finishes.
        window.document()->undoStack()->undo();
        longRuns.push_back(streamingRun(longRuns.back()));
        eventLogCrosshair(0);
        window.document()->undoStack()->undo();
        REQUIRE(window.document()->rootDiagram().experiment.stopTime == 3);
        REQUIRE(processUntil([&] { return controller.current() != longRuns.back() && !controller.isRunning(); }));
        REQUIRE(controller.current()->status == RunResult::Status::Finished);
    }

    // Every long run was stopped by the next one and kept the rows it had computed.
    for (const auto& run : longRuns) {
        CHECK(run->status == RunResult::Status::Cancelled);
        CHECK(run->rowCount() > 0);
        CHECK(run->time().back() < run->stopTime);
    }

    // The last short run is drawn in full over the one before it (the last that finished).
    const auto result = controller.current();
    CHECK(result->rowCount() > 3000); // 0.001 s over 3 s, and the events' rows
    CHECK(result->stopTime == 3);
    REQUIRE(controller.previous() != nullptr);
    CHECK(controller.previous()->status == RunResult::Status::Finished);
    QApplication::processEvents();
    const plot::Subplot* sp = plots.subplot(plots.currentTab(), 0);
    CHECK(sp->drawnCurves() == kForces);
    CHECK(sp->axisRange(plot::Subplot::Time) == std::make_pair(0.0, 3.0));
    for (const QString& name : kForces) {
        for (const QList<QPointF>& drawn : {sp->curvePoints(name), sp->ghostPoints(name)}) {
            REQUIRE(drawn.size() > 2);
            CHECK(drawn.front().x() == 0); // over the whole span
            CHECK(drawn.back().x() == 3);
        }
        CHECK(sp->hasGhost(name));
    }

    // The crosshair reads the last run: its values at a sample away from any event.
    size_t row = result->rowCount() / 2;
    while (result->time()[row - 1] == result->time()[row] || result->time()[row] == result->time()[row + 1])
        ++row;
    const double t = result->time()[row];
    plots.setCrosshairTime(t);
    const QString text = sp->crosshairText();
    for (const QString& name : kForces) {
        INFO(text.toStdString());
        CHECK(readoutValue(text, name) ==
              Approx(result->values(result->column(name.toStdString()))[row]).epsilon(1e-4).margin(1e-9));
    }
}
