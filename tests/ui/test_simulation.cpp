// Simulate in the window: the run controller on its worker thread, the results it
// streams, cancellation, failures shown on the diagram, CSV export and the plot set-up
// saved with the diagram. These use the real component library and bundled models.
#include "ui/document/component_library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"
#include "ui/results/event_log.hpp"
#include "ui/results/variable_browser.hpp"
#include "ui/results/variable_tree_model.hpp"
#include "ui/simulation/row_budget.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QAction>
#include <QFile>
#include <QProcess>
#include <QProgressBar>
#include <QStatusBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

using namespace flange;
using namespace flange::ui;

namespace {

diagram::Diagram loadModel(const QString& relative)
{
    QFile f(test::sourcePath(relative));
    REQUIRE(f.open(QIODevice::ReadOnly));
    return diagram::parseDiagram(f.readAll().toStdString(), relative.toStdString());
}

struct Csv {
    std::vector<std::string> header;
    std::vector<std::vector<double>> rows;
};

Csv readCsv(const QString& path)
{
    std::ifstream in(path.toStdString());
    REQUIRE(in.good());
    Csv csv;
    std::string line;
    std::getline(in, line);
    std::stringstream hs(line);
    std::string cell;
    while (std::getline(hs, cell, ','))
        csv.header.push_back(cell.size() >= 2 && cell.front() == '"' ? cell.substr(1, cell.size() - 2) : cell);
    while (std::getline(in, line)) {
        std::vector<double> row;
        std::stringstream rs(line);
        while (std::getline(rs, cell, ','))
            row.push_back(std::stod(cell));
        csv.rows.push_back(row);
    }
    return csv;
}

// flange-sim's result for a model: the reference the window's run must equal.
QString runFlangeSim(const QString& model, const QString& out)
{
    QProcess sim;
    sim.start(QStringLiteral(FLANGE_SIM_PATH), {QStringLiteral("simulate"), model, QStringLiteral("-o"), out});
    REQUIRE(sim.waitForFinished(120000));
    REQUIRE(sim.exitCode() == 0);
    return out;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

} // namespace

TEST_CASE("a run streams every row of flange-sim's result with the same values", "[simulation]")
{
    QTemporaryDir dir;
    const QString model = test::sourcePath("models/gallery/ElastoGapContactLaws.json");
    const Csv expected = readCsv(runFlangeSim(model, dir.filePath("sim.csv")));

    RunController controller;
    QSignalSpy grown(&controller, &RunController::resultGrown);
    controller.start(loadModel("models/gallery/ElastoGapContactLaws.json"), test::bundledComponentLibrary().library);
    CHECK(controller.isRunning());
    REQUIRE(controller.waitForFinished());
    const auto result = controller.current();
    REQUIRE(result->status == RunResult::Status::Finished);
    CHECK(grown.count() >= 2); // the variables, then rows

    REQUIRE(result->rowCount() == expected.rows.size());
    for (const char* name : {"elastoGap1.f", "elastoGap2.f", "elastoGap3.f"}) {
        const int col = result->column(name);
        REQUIRE(col >= 0);
        const auto it = std::find(expected.header.begin(), expected.header.end(), name);
        REQUIRE(it != expected.header.end());
        const size_t csvCol = static_cast<size_t>(it - expected.header.begin());
        for (size_t r = 0; r < expected.rows.size(); ++r) {
            REQUIRE(result->time()[r] == expected.rows[r][0]);
            REQUIRE(result->values(col)[r] == expected.rows[r][csvCol]);
        }
    }
}

TEST_CASE("Stop ends a long run and keeps the rows computed so far", "[simulation]")
{
    // How soon it ends is flange-ui-bench's figure ("Stop"): a test on a loaded machine
    // can only say that it does, and what it leaves.
    diagram::Diagram d = loadModel("models/msl/Rotational/First.json");
    d.experiment.stopTime = 1e5; // hours of simulated time: far longer than the test
    d.experiment.interval = 1;   // 10^5 rows, well within the window's row memory
    RunController controller;
    QSignalSpy ended(&controller, &RunController::runEnded);
    controller.start(d, test::bundledComponentLibrary().library);
    for (int i = 0; i < 6000 && controller.current()->rowCount() < 100; ++i)
        QTest::qWait(5);
    REQUIRE(controller.current()->rowCount() >= 100);
    const size_t rowsAtStop = controller.current()->rowCount();
    const double timeAtStop = controller.current()->time().back();

    controller.cancel();
    REQUIRE(controller.waitForFinished());
    REQUIRE(ended.count() == 1);
    CHECK(ended.front().at(0).value<RunResult::Status>() == RunResult::Status::Cancelled);
    const auto run = controller.current();
    CHECK(run->status == RunResult::Status::Cancelled);
    CHECK(run->rowCount() >= rowsAtStop);
    CHECK(run->time()[rowsAtStop - 1] == timeAtStop); // the rows shown stay as they were
    CHECK(run->time().back() < 1e5);
}

TEST_CASE("waiting for a run ends at its end, at the timeout, or when the run is dropped", "[simulation]")
{
    diagram::Diagram d = loadModel("models/msl/Rotational/First.json");
    d.experiment.stopTime = 1e5; // far longer than the test
    d.experiment.interval = 1;
    RunController controller;
    controller.start(d, test::bundledComponentLibrary().library);
    CHECK_FALSE(controller.waitForFinished(100)); // still running
    CHECK(controller.isRunning());

    // A slot that drops the run (a new document) while the wait goes on: the wait ends
    // with the run dropped, long before its timeout.
    bool dropped = false;
    QTimer::singleShot(50, &controller, [&] {
        controller.clear();
        dropped = true;
    });
    CHECK(controller.waitForFinished(600000));
    CHECK(dropped);
    CHECK_FALSE(controller.isRunning());
    CHECK(controller.current() == nullptr);
}

TEST_CASE("the progress bar appears only once a run has lasted, and goes at its end", "[simulation]")
{
    // A bar that flashes for a few ms tells nothing, and costs a synchronous repaint and
    // a status bar layout at every batch: it waits for its delay. Whether a given run
    // outlasts the delay depends on the machine, so only the order is asserted here.
    QTemporaryDir dir;
    auto writeFirst = [&](const QString& name, double stopTime) {
        QFile in(test::sourcePath("models/msl/Rotational/First.json"));
        REQUIRE(in.open(QIODevice::ReadOnly));
        diagram::Json d = diagram::Json::parse(in.readAll().toStdString());
        d["experiment"]["stopTime"] = stopTime;
        d["experiment"]["interval"] = std::min(stopTime / 10, 0.5); // within the window's row memory
        const QString path = dir.filePath(name);
        QFile out(path);
        REQUIRE(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(d.dump()));
        return path;
    };
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    const QList<QProgressBar*> bars = window.statusBar()->findChildren<QProgressBar*>(); // the Sweep dock has its own
    REQUIRE(bars.size() == 1);
    QProgressBar* bar = bars.front();
    RunController* controller = window.simulation()->controller();

    REQUIRE(window.openFile(writeFirst("quick.json", 0.01)));
    window.simulation()->simulate();
    CHECK(bar->isHidden()); // not at the start
    REQUIRE(controller->waitForFinished());
    CHECK(controller->current()->status == RunResult::Status::Finished);
    CHECK(bar->isHidden());

    // Far longer than the test on any machine (2 * 10^6 rows, reserved, written only until Stop).
    controller->setRowMemory(std::size_t{1} << 40);
    REQUIRE(window.openFile(writeFirst("long.json", 1e6)));
    window.simulation()->simulate();
    CHECK(bar->isHidden());
    bool shownWhileRunning = false;
    for (int i = 0; i < 6000 && !shownWhileRunning && controller->isRunning(); ++i) {
        QTest::qWait(10);
        shownWhileRunning = !bar->isHidden() && controller->isRunning();
    }
    CHECK(shownWhileRunning);
    window.simulation()->stop();
    REQUIRE(controller->waitForFinished());
    CHECK(bar->isHidden());
}

TEST_CASE("a run asking for more rows than the window keeps is refused at once, saying why", "[simulation]")
{
    // 20 million rows of First's columns would take gigabytes; the user hears at once.
    diagram::Diagram d = loadModel("models/msl/Rotational/First.json");
    d.experiment.stopTime = 1e4;
    RunController controller;
    controller.setRowMemory(std::size_t{64} << 20);
    QSignalSpy said(&controller, &RunController::diagnostic);
    controller.start(d, test::bundledComponentLibrary().library);
    REQUIRE(controller.waitForFinished(5000));
    CHECK(controller.current()->status == RunResult::Status::Failed);
    CHECK(controller.current()->rowCount() == 0);
    REQUIRE(said.count() >= 1);
    const QString text = said.last().at(0).value<RunDiagnostic>().text;
    const size_t columns = controller.current()->variables().size() + 1;
    const long rows = static_cast<long>((std::size_t{64} << 20) / (8 * columns));
    CHECK(text.toStdString() == "The model cannot be simulated: output interval 0.0005 s over 10000 s asks for 2e+07 rows, "
                                "more than the limit of " + std::to_string(rows) + " (choose a longer interval; the "
                                "window keeps 64 MB of results per run, " + std::to_string(rows) + " rows of this "
                                "model's " + std::to_string(columns) + " columns)");

    // Within the window's memory, the same model runs.
    d.experiment.stopTime = 1;
    controller.start(d, test::bundledComponentLibrary().library);
    REQUIRE(controller.waitForFinished());
    CHECK(controller.current()->status == RunResult::Status::Finished);
}

TEST_CASE("a run whose events add rows up to the window's limit stops there and keeps its rows", "[simulation]")
{
    const diagram::Diagram d = loadModel("models/msl/Rotational/CoupledClutches.json");
    RunController controller;
    controller.start(d, test::bundledComponentLibrary().library);
    REQUIRE(controller.waitForFinished());
    REQUIRE(controller.current()->status == RunResult::Status::Finished);
    const size_t columns = controller.current()->variables().size() + 1;
    const long allRows = static_cast<long>(controller.current()->rowCount());
    const long gridRows = static_cast<long>(std::llround(d.experiment.stopTime / d.experiment.interval.value())) + 1;
    REQUIRE(allRows > gridRows + 2); // its events add rows

    // Memory for one row more than the grid: the grid passes, the events' rows do not.
    controller.setRowMemory(sizeof(double) * columns * static_cast<size_t>(gridRows + 1));
    QSignalSpy said(&controller, &RunController::diagnostic);
    controller.start(d, test::bundledComponentLibrary().library);
    REQUIRE(controller.waitForFinished());
    const auto result = controller.current();
    CHECK(result->status == RunResult::Status::Failed);
    CHECK(static_cast<long>(result->rowCount()) == gridRows + 1);
    CHECK(result->time().back() < d.experiment.stopTime);
    REQUIRE(said.count() >= 1);
    const QString text = said.last().at(0).value<RunDiagnostic>().text;
    CHECK(text.startsWith("Simulation failed: output stopped at t = "));
    CHECK(text.contains(QStringLiteral("rows (every event adds two); the window keeps")));
}

TEST_CASE("the window's row memory is an eighth of the machine's, within 256 MiB and 4 GiB", "[simulation]")
{
    const std::size_t bytes = defaultRowMemory();
    CHECK(bytes >= std::size_t{256} << 20);
    CHECK(bytes <= std::size_t{4096} << 20);
    CHECK(RunController().rowMemory() == bytes);
    // A limit already below the memory's is kept, with the program's own advice.
    SimulationOptions o;
    o.maxRows = 10;
    o.limitAdvice.rows = "as asked";
    const SimulationOptions kept = withinRowMemory(o, std::size_t{1} << 30, 3);
    CHECK(kept.maxRows == 10);
    CHECK(kept.limitAdvice.rows == "as asked");
    const SimulationOptions limited = withinRowMemory({}, std::size_t{3} << 30, 4);
    CHECK(limited.maxRows == (std::size_t{3} << 30) / 32);
    CHECK(limited.limitAdvice.rows == "the window keeps 3.0 GB of results per run, 100663296 rows of this model's 4 columns");
}

TEST_CASE("a new run cancels the one in progress and only its own rows arrive", "[simulation]")
{
    diagram::Diagram longRun = loadModel("models/msl/Rotational/First.json");
    longRun.experiment.stopTime = 1e5;
    longRun.experiment.interval = 1;
    RunController controller;
    controller.start(longRun, test::bundledComponentLibrary().library);
    QTest::qWait(50);
    controller.start(loadModel("models/msl/Translational/Accelerate.json"), test::bundledComponentLibrary().library);
    REQUIRE(controller.waitForFinished());
    const auto result = controller.current();
    CHECK(result->status == RunResult::Status::Finished);
    CHECK(result->column("accelerate.v") >= 0);
    CHECK(result->column("inertia1.phi") < 0);
    CHECK(result->time().back() == Approx(1.0)); // Accelerate's stop time, not First's
}

TEST_CASE("a model that fails to initialize shows its message and selects the component", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    QTemporaryDir dir;
    const QString path = dir.filePath("contradiction.json");
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "flange-diagram", "version": 1, "name": "initfail", "experiment": {"stopTime": 1},
      "components": [
        {"name": "fixed", "type": "Rotational.Components.Fixed", "placement": {"x": -40, "y": 0}},
        {"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 1},
         "variables": {"phi": {"start": 1, "fixed": true}}, "placement": {"x": 0, "y": 0}}],
      "connections": [{"from": "fixed.flange", "to": "inertia.flange_a"}]})");
    f.close();
    REQUIRE(window.openFile(path));
    const int before = window.messages()->errorCount();

    window.actions().simulate->trigger();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    CHECK(window.simulation()->controller()->current()->status == RunResult::Status::Failed);
    REQUIRE(window.messages()->errorCount() == before + 1);
    const QStringList messages = window.messages()->messages();
    CHECK(messages.back().contains("inertia.phi"));
    CHECK(window.scene()->selectedComponentNames() == QStringList{"inertia"});
    // The diagram is untouched and a click on the message selects the component again.
    CHECK(window.document()->diagram().components.size() == 2);
    window.scene()->clearSelection();
    window.messages()->activate(static_cast<int>(messages.size()) - 1);
    CHECK(window.scene()->selectedComponentNames() == QStringList{"inertia"});
}

TEST_CASE("CSV export of a run equals flange-sim's output byte for byte", "[simulation]")
{
    QTemporaryDir dir;
    const QString model = test::sourcePath("models/msl/Rotational/CoupledClutches.json");
    runFlangeSim(model, dir.filePath("sim.csv"));

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(model));
    QString error;
    CHECK_FALSE(window.simulation()->exportCsv(dir.filePath("none.csv"), false, &error));
    CHECK(error.contains("simulate first"));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    REQUIRE(window.simulation()->exportCsv(dir.filePath("gui.csv"), false, &error));
    CHECK(readAll(dir.filePath("gui.csv")) == readAll(dir.filePath("sim.csv")));

    // Only the plotted variables: the header names exactly those, in plot order.
    REQUIRE(window.simulation()->exportCsv(dir.filePath("plotted.csv"), true, &error));
    const Csv plotted = readCsv(dir.filePath("plotted.csv"));
    QStringList header;
    for (size_t i = 1; i < plotted.header.size(); ++i)
        header << QString::fromStdString(plotted.header[i]);
    CHECK(header == window.simulation()->plots()->plottedSignals());
    CHECK(header.contains("J1.w"));
}

TEST_CASE("the plot set-up is restored on open and saved with the diagram", "[simulation]")
{
    QTemporaryDir dir;
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/gallery/ElastoGapContactLaws.json")));
    plot::PlotArea* plots = window.simulation()->plots();
    CHECK(plots->plottedSignals() == QStringList{"elastoGap1.f", "elastoGap2.f", "elastoGap3.f"});
    CHECK_FALSE(window.document()->isModified()); // restoring is not an edit

    plots->addSignal("mass1.s");
    CHECK(window.document()->isModified());
    const QString saved = dir.filePath("saved.json");
    REQUIRE(window.saveFile(saved));
    CHECK_FALSE(window.document()->isModified());

    MainWindow reopened(test::bundledComponentLibrary());
    reopened.setQuiet(true);
    REQUIRE(reopened.openFile(saved));
    CHECK(reopened.simulation()->plots()->plottedSignals() ==
          QStringList{"elastoGap1.f", "elastoGap2.f", "elastoGap3.f", "mass1.s"});
}

TEST_CASE("a second run keeps the plotted selection and shows the first as a ghost", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Translational/Accelerate.json")));
    SimulationWorkspace& sim = *window.simulation();
    sim.simulate();
    REQUIRE(sim.controller()->waitForFinished());
    const QStringList plotted = sim.plots()->plottedSignals();
    REQUIRE_FALSE(plotted.isEmpty());
    CHECK(sim.controller()->previous() == nullptr);
    const auto first = sim.controller()->current();

    sim.simulate();
    REQUIRE(sim.controller()->waitForFinished());
    CHECK(sim.plots()->plottedSignals() == plotted);
    CHECK(sim.controller()->previous() == first);
    // Every curve of the visible tab has its ghost: the first run, drawn faded behind it.
    plot::PlotArea& plots = *sim.plots();
    int curves = 0, ghosts = 0;
    for (int i = 0; i < plots.page(plots.currentTab())->subplotCount(); ++i) {
        const plot::Subplot* sp = plots.subplot(plots.currentTab(), i);
        for (const QString& name : sp->drawnCurves()) {
            ++curves;
            ghosts += sp->hasGhost(name) ? 1 : 0;
        }
    }
    CHECK(curves > 0);
    CHECK(ghosts == curves);
}

TEST_CASE("the event log of CoupledClutches lists the clutch events at Dymola's times", "[simulation]")
{
    const QString reference = test::referenceFile("Rotational/CoupledClutches/reference.csv");
    if (reference.isEmpty())
        return; // no kit outside CI (referenceFile warns)
    // Dymola writes two rows (before and after) at every event time.
    const Csv ref = readCsv(reference);
    std::set<double> dymolaEvents;
    for (size_t r = 1; r + 1 < ref.rows.size(); ++r)
        if (ref.rows[r][0] == ref.rows[r - 1][0] && ref.rows[r][0] > ref.rows.front()[0])
            dymolaEvents.insert(ref.rows[r][0]);
    REQUIRE(dymolaEvents.size() >= 5);

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    const auto result = window.simulation()->controller()->current();
    const double span = result->stopTime - result->startTime;
    CHECK(window.simulation()->eventLog()->rowCount() == static_cast<int>(result->events().size()));
    for (double t : dymolaEvents) {
        bool found = false;
        for (const EventRecord& e : result->events())
            found = found || std::abs(e.time - t) <= 2e-3 * span;
        INFO("Dymola event at t = " << t);
        CHECK(found);
    }
    bool clutchNamed = false;
    for (const EventRecord& e : result->events())
        clutchNamed = clutchNamed || e.cause.instance.rfind("clutch", 0) == 0;
    CHECK(clutchNamed);
}

TEST_CASE("a double-click on a flange after a run plots its angle and torque", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    plot::PlotArea& plots = *window.simulation()->plots();
    emit window.scene()->portActivated("J2.flange_a");
    CHECK_FALSE(plots.isPlotted("J2.flange_a.phi")); // nothing to plot before a run

    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    emit window.scene()->portActivated("J2.flange_a");
    CHECK(plots.isPlotted("J2.flange_a.phi"));
    CHECK(plots.isPlotted("J2.flange_a.tau"));
    CHECK_FALSE(plots.isPlotted("J2.flange_b.phi"));
}

TEST_CASE("a warning of the run names its components as links to the canvas", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    QTemporaryDir dir;
    const QString path = dir.filePath("free.json");
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "flange-diagram", "version": 1, "name": "free", "experiment": {"stopTime": 0.1},
      "components": [{"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 1}}],
      "connections": []})");
    f.close();
    REQUIRE(window.openFile(path));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    CHECK(window.simulation()->controller()->current()->status == RunResult::Status::Finished);
    const QStringList messages = window.messages()->messages();
    int warning = -1;
    for (int i = 0; i < messages.size(); ++i)
        if (messages[i].contains("assuming fixed start values"))
            warning = i;
    REQUIRE(warning >= 0);
    CHECK(window.messages()->instancesAt(warning) == QStringList{"inertia"});
}

namespace {

// The Value column of the variable browser for a variable ("J1.w"), as shown.
QString valueShown(SimulationWorkspace& sim, const QString& path)
{
    QAbstractItemModel* model = sim.variables()->view()->model();
    std::function<QModelIndex(const QModelIndex&)> find = [&](const QModelIndex& parent) -> QModelIndex {
        for (int r = 0; r < model->rowCount(parent); ++r) {
            const QModelIndex i = model->index(r, 0, parent);
            if (i.data(VariableTreeModel::PathRole).toString() == path)
                return i;
            if (const QModelIndex below = find(i); below.isValid())
                return below;
        }
        return {};
    };
    const QModelIndex at = find({});
    REQUIRE(at.isValid());
    return at.siblingAtColumn(VariableTreeModel::ValueColumn).data().toString();
}

// Makes an event log row current, as a click does; the event's time.
double clickEvent(SimulationWorkspace& sim, int row)
{
    QTreeView* log = sim.eventLog()->view();
    const QModelIndex index = log->model()->index(row, EventLog::TimeColumn);
    REQUIRE(index.isValid());
    log->setCurrentIndex(index);
    return index.data(Qt::UserRole + 1).toDouble();
}

} // namespace

TEST_CASE("clicking an event moves the crosshair and the variables' values to its time", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    SimulationWorkspace& sim = *window.simulation();
    sim.simulate();
    REQUIRE(sim.controller()->waitForFinished());
    const auto result = sim.controller()->current();
    REQUIRE(sim.eventLog()->rowCount() >= 2);
    CHECK(valueShown(sim, "J1.w").isEmpty()); // no crosshair yet

    for (int row : {1, 0}) {
        const double t = clickEvent(sim, row);
        const plot::Subplot* sp = sim.plots()->subplot(sim.plots()->currentTab(), 0);
        CHECK(sp->crosshairText().startsWith(QStringLiteral("t = %1 s").arg(t, 0, 'g', 6)));
        // J1.w is continuous: its value at the event's time is the one on both of its rows.
        const auto time = result->time();
        const size_t at = static_cast<size_t>(std::find(time.begin(), time.end(), t) - time.begin());
        REQUIRE(at < time.size());
        const double expected = result->values(result->column("J1.w"))[at];
        INFO("event at t = " << t);
        CHECK(valueShown(sim, "J1.w").toDouble() == Approx(expected).epsilon(1e-5));
    }
}

TEST_CASE("another diagram starts without the previous diagram's crosshair time", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    SimulationWorkspace& sim = *window.simulation();
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    sim.simulate();
    REQUIRE(sim.controller()->waitForFinished());
    clickEvent(sim, 0);
    REQUIRE_FALSE(valueShown(sim, "J1.w").isEmpty());

    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    sim.simulate();
    REQUIRE(sim.controller()->waitForFinished());
    CHECK(valueShown(sim, "J1.w").isEmpty());
    CHECK(sim.plots()->subplot(sim.plots()->currentTab(), 0)->crosshairText().isEmpty());
}
