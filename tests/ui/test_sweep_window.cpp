// Sweeps in the window (issue 36): the dialog asks the engine, the runs arrive on every
// core and equal a headless sweep's, cancel keeps what finished, Apply These Values is one
// undo step, and the sweep is saved with the diagram and in a sweep file.
#include "ui_test_support.hpp"

#include "engine/api/errors.hpp"
#include "ui/chart/chart_view.hpp"
#include "ui/main_window.hpp"
#include "ui/sweep/sweep_dialog.hpp"
#include "ui/sweep/sweep_panel.hpp"
#include "ui/sweep/sweep_session.hpp"
#include "ui/sweep/sweep_workspace.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <mutex>

using namespace flange;
using namespace flange::ui;

namespace {

const QString kCoupledClutches = QStringLiteral("models/msl/Rotational/CoupledClutches.json");

sweep::SweepDefinition definition(const std::vector<std::string>& vary, const std::vector<std::string>& metrics,
                                  sweep::PlanSettings plan = {})
{
    sweep::SweepDefinition d;
    for (const std::string& v : vary)
        d.vary.push_back(sweep::parseVariation(v));
    for (const std::string& m : metrics)
        d.metrics.push_back(sweep::parseMetricAssignment(m));
    d.plan = plan;
    return d;
}

bool waitForSweep(const SweepSession& s, int timeoutMs = 120000)
{
    QElapsedTimer t;
    t.start();
    while (s.isRunning() && t.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !s.isRunning();
}

// The metrics of each run, by run, as the engine's runner gives them without the window.
std::map<size_t, std::vector<double>> headless(const sweep::SweepDefinition& d, const diagram::Diagram& model,
                                               const library::Library& lib)
{
    struct Collect : sweep::SweepListener {
        std::mutex m;
        std::map<size_t, std::vector<double>> out;
        void finished(const sweep::RunResult& r) override
        {
            std::lock_guard lock(m);
            out[r.run] = r.metrics;
        }
    } collect;
    sweep::PreparedSweep p = sweep::prepareSweep(d, model, lib);
    const sweep::MetricSet metrics(d.metrics);
    sweep::DiagramRunExecutor executor(p.model, lib, p.targets, {});
    sweep::runSweep(p.plan, metrics, executor, sweep::SweepSettings{1, {}, {}}, collect);
    return std::move(collect.out);
}

struct Window {
    MainWindow window{test::bundledComponentLibrary()};
    SweepWorkspace& sweeps = *window.sweeps();
    Window(const QString& model = kCoupledClutches)
    {
        window.setQuiet(true);
        REQUIRE(window.openFile(QFileInfo(model).isAbsolute() ? model : test::sourcePath(model)));
    }
};

} // namespace

TEST_CASE("the Sweep dialog refuses a bad spec with the engine's message, naming the field", "[sweep]")
{
    Window w;
    SweepDialog dialog(w.window.document()->rootDiagram(), w.window.document()->sharedLibrary(), {});
    REQUIRE(dialog.variations()->rowCount() == 1);
    dialog.parameterField(0)->setEditText("clutch1.fn_max");
    dialog.valuesField(0)->setText("10:30");
    CHECK_FALSE(dialog.validate());
    std::string engine;
    try {
        sweep::parseVariation("clutch1.fn_max", "10:30", "Values for");
    } catch (const Error& e) {
        engine = e.what();
    }
    REQUIRE_FALSE(engine.empty());
    CHECK(dialog.error() == QString::fromStdString(engine));
    CHECK(dialog.error().startsWith("Values for clutch1.fn_max: "));
    // A value the parameter's unit cannot read is found when the plan is made.
    dialog.valuesField(0)->setText("10:3 s:5");
    CHECK_FALSE(dialog.validate());
    CHECK(dialog.error().startsWith("Values for clutch1.fn_max"));
    CHECK(dialog.error().contains("3 s"));

    dialog.valuesField(0)->setText("10:30:5");
    CHECK(dialog.error().isEmpty());
    CHECK(dialog.runsLabel()->text() == "5 runs");
    CHECK(dialog.kindField(0)->currentText() == "Range");

    dialog.parameterField(0)->setEditText("clutch9.fn_max");
    CHECK_FALSE(dialog.validate());
    CAPTURE(dialog.error().toStdString());
    CHECK(dialog.error().startsWith("Values for 'clutch9.fn_max': "));
    CHECK(dialog.error().contains("no instance 'clutch9'"));

    dialog.parameterField(0)->setEditText("clutch1.fn_max");
    dialog.addMetric("lock", "event(\"clutch1\", ");
    CHECK_FALSE(dialog.validate());
    CHECK(dialog.error().startsWith("Metric lock: "));

    dialog.metrics()->item(0, 1)->setText("max(J4.w)");
    dialog.signalsField()->setText("J1.w, nothing.here");
    CHECK_FALSE(dialog.validate());
    CHECK(dialog.error() == "Signals to keep: the model has no variable 'nothing.here'");

    dialog.signalsField()->setText("J1.w");
    dialog.valuesField(0)->setText("uniform(10, 30)");
    CHECK(dialog.kindField(0)->currentText() == "Uniform draws");
    dialog.samplesField()->setValue(7);
    REQUIRE(dialog.validate());
    REQUIRE(dialog.job());
    CHECK(dialog.job()->plan.runs() == 7);
    CHECK(dialog.job()->definition.chosenSignals == std::vector<std::string>{"J1.w"});
}

TEST_CASE("the Sweep dialog offers the diagram's numeric parameters and start values", "[sweep]")
{
    Window w;
    SweepDialog dialog(w.window.document()->rootDiagram(), w.window.document()->sharedLibrary(), {});
    QStringList offered;
    for (int i = 0; i < dialog.parameterField(0)->count(); ++i)
        offered << dialog.parameterField(0)->itemText(i);
    CHECK(offered.contains("clutch1.fn_max"));
    CHECK(offered.contains("J1.J"));
    CHECK(offered.contains("J1.w.start"));
    CHECK(offered.contains("T2")); // a model parameter
    CHECK_FALSE(offered.contains("torque.useSupport")); // a Boolean
    // A kind chosen writes an example around the present value (fn_max = 20).
    dialog.parameterField(0)->setEditText("clutch1.fn_max");
    dialog.kindField(0)->setCurrentIndex(2);
    emit dialog.kindField(0)->activated(2);
    CHECK(dialog.valuesField(0)->text() == "2:200:5:log");
}

TEST_CASE("a sweep run in the window gives the metric values of the engine's sweep run headless", "[sweep]")
{
    Window w;
    const sweep::SweepDefinition d =
        definition({"clutch1.fn_max=10,30", "J2.J=0.5:2:3:log"}, {"lock=event(\"clutch1\", \"locked\")", "w4=final(J4.w)"});
    REQUIRE(w.sweeps.run(d));
    REQUIRE(waitForSweep(w.sweeps.session()));
    const auto expected = headless(d, w.window.document()->rootDiagram(), *test::bundledLibrary());
    const auto& records = w.sweeps.session().records();
    REQUIRE(records.size() == 6);
    CHECK(expected.size() == 6);
    for (const SweepRunRecord& r : records) {
        CAPTURE(r.result.run, r.result.message);
        CHECK(r.result.status == "ok");
        REQUIRE(r.result.metrics.size() == 2);
        const std::vector<double>& e = expected.at(r.result.run);
        for (size_t m = 0; m < 2; ++m) {
            if (std::isnan(e[m]))
                CHECK(std::isnan(r.result.metrics[m])); // the clutch never locks
            else
                CHECK(r.result.metrics[m] == Approx(e[m]).epsilon(1e-12));
        }
    }
    int locked = 0;
    for (const SweepRunRecord& r : records)
        locked += std::isfinite(r.result.metrics[0]);
    CHECK(locked >= 3); // with 30 N the first clutch locks
    // The table shows each run; a grid of two parameters opens on its map.
    SweepPanel* panel = w.sweeps.panel();
    CHECK(panel->table()->model()->rowCount() == 6);
    CHECK(panel->tabs()->currentIndex() == SweepPanel::Map);
    panel->redraw();
    const chart::ChartData& map = panel->chart(SweepPanel::Map)->data();
    REQUIRE(map.map);
    CHECK(map.map->xs == std::vector<double>{10, 30});
    CHECK(map.map->ys.size() == 3);
    CHECK(map.x.log == false);
    CHECK(map.y.log == true); // J2.J as a log range
}

TEST_CASE("a failed run is a row with its message, and cancel keeps the finished runs", "[sweep]")
{
    Window w;
    SECTION("failed run")
    {
        REQUIRE(w.sweeps.run(definition({"J2.J=1,-1,2"}, {"w4=final(J4.w)"})));
        REQUIRE(waitForSweep(w.sweeps.session()));
        const auto& records = w.sweeps.session().records();
        REQUIRE(records.size() == 3);
        int failed = 0;
        for (const SweepRunRecord& r : records)
            if (r.result.run == 1) {
                ++failed;
                CHECK(r.result.status == "bad input");
                CHECK(r.result.message.find("J2.J") != std::string::npos);
                CHECK(std::isnan(r.result.metrics[0]));
            }
        CHECK(failed == 1);
        CHECK(w.sweeps.panel()->statusLabel()->text().contains("1 failed"));
    }
    SECTION("cancel")
    {
        SweepSession& s = w.sweeps.session();
        QObject::connect(&s, &SweepSession::recordAdded, &s, [&] { w.sweeps.cancel(); });
        REQUIRE(w.sweeps.run(definition({"clutch1.fn_max=10:30:60"}, {"w4=final(J4.w)"})));
        REQUIRE(waitForSweep(s));
        CHECK(s.wasCancelled());
        REQUIRE(s.records().size() >= 1);
        CHECK(s.records().size() < 60);
        for (const SweepRunRecord& r : s.records()) {
            CHECK(r.result.status == "ok");
            CHECK(std::isfinite(r.result.metrics[0]));
        }
        CHECK(w.sweeps.panel()->table()->model()->rowCount() == static_cast<int>(s.records().size()));
        CHECK(w.sweeps.panel()->statusLabel()->text().contains("cancelled"));
    }
}

TEST_CASE("Apply These Values sets a run's values in the diagram as one undo step", "[sweep]")
{
    Window w;
    REQUIRE(w.sweeps.run(definition({"clutch1.fn_max=25,35", "J1.w.start=5,7", "T2=0.6"}, {})));
    REQUIRE(waitForSweep(w.sweeps.session()));
    const auto& records = w.sweeps.session().records();
    REQUIRE(records.size() == 4);
    int record = -1;
    for (size_t i = 0; i < records.size(); ++i)
        if (records[i].result.run == 2) // fn_max 35, w.start 5
            record = static_cast<int>(i);
    REQUIRE(record >= 0);
    QUndoStack* stack = w.window.document()->undoStack();
    const int steps = stack->count();
    REQUIRE(w.sweeps.applyValues(record));
    CHECK(stack->count() == steps + 1);
    const diagram::Diagram& d = w.window.document()->rootDiagram();
    CHECK(*d.component("clutch1")->parameter("fn_max") == 35);
    CHECK(*d.component("J1")->variable("w")->start == 5);
    REQUIRE(d.parameters.size() == 3);
    CHECK(d.parameters[1].first == "T2");
    CHECK(d.parameters[1].second == 0.6);
    stack->undo();
    CHECK(*w.window.document()->rootDiagram().component("clutch1")->parameter("fn_max") == 20);
    CHECK(*w.window.document()->rootDiagram().component("J1")->variable("w")->start == 10);
}

TEST_CASE("a sweep is saved with the diagram, reopens in the dialog, and goes to and from a sweep file", "[sweep]")
{
    QTemporaryDir tmp;
    const sweep::SweepDefinition d = definition({"clutch1.fn_max=uniform(10,30)"}, {"lock=event(\"clutch1\", \"locked\")"},
                                                sweep::PlanSettings{false, 5, 42});
    const QString saved = tmp.filePath("clutches.json");
    {
        Window w;
        REQUIRE(w.sweeps.run(d));
        REQUIRE(waitForSweep(w.sweeps.session()));
        CHECK(w.sweeps.panel()->tabs()->currentIndex() == SweepPanel::Histogram);
        CHECK(w.window.document()->isModified());
        REQUIRE(w.window.saveFile(saved));
    }
    Window w(saved);
    CHECK(sweep::sweepToJson(w.sweeps.storedDefinition()) == sweep::sweepToJson(d));
    CHECK(w.sweeps.rerunAction()->isEnabled());
    SweepDialog dialog(w.window.document()->rootDiagram(), w.window.document()->sharedLibrary(),
                       w.sweeps.storedDefinition());
    CHECK(dialog.parameterField(0)->currentText() == "clutch1.fn_max");
    CHECK(dialog.valuesField(0)->text() == "uniform(10,30)");
    CHECK(dialog.samplesField()->value() == 5);
    CHECK(dialog.seedField()->value() == 42);
    CHECK(dialog.metrics()->item(0, 1)->text() == "event(\"clutch1\", \"locked\")");

    const QString file = tmp.filePath("sweep.json");
    QString error;
    REQUIRE(w.sweeps.writeSweepFile(file, &error));
    CHECK(sweep::sweepToJson(sweep::readSweepFile(file.toStdString())) == sweep::sweepToJson(d));
    Window other;
    CHECK_FALSE(other.sweeps.rerunAction()->isEnabled());
    REQUIRE(other.sweeps.readSweepFile(file, &error));
    CHECK(sweep::sweepToJson(other.sweeps.storedDefinition()) == sweep::sweepToJson(d));
    CHECK_FALSE(other.sweeps.readSweepFile(tmp.filePath("missing.json"), &error));
    CHECK(error.contains("missing.json"));
}

TEST_CASE("the kept signals are drawn run over run, coloured by the swept value, the selected run on top", "[sweep]")
{
    Window w;
    sweep::SweepDefinition d = definition({"clutch1.fn_max=10:40:4"}, {"w4=final(J4.w)"});
    d.chosenSignals = {"J1.w"};
    REQUIRE(w.sweeps.run(d));
    REQUIRE(waitForSweep(w.sweeps.session()));
    SweepPanel* panel = w.sweeps.panel();
    CHECK(panel->tabs()->currentIndex() == SweepPanel::MetricAgainstParameter);
    panel->tabs()->setCurrentIndex(SweepPanel::Curves);
    const auto& records = w.sweeps.session().records();
    REQUIRE(records.size() == 4);
    int last = -1; // the run of fn_max = 40
    for (size_t i = 0; i < records.size(); ++i)
        if (records[i].result.run == 3)
            last = static_cast<int>(i);
    panel->selectRecord(last);
    panel->redraw();
    chart::ChartView* view = panel->chart(SweepPanel::Curves);
    const chart::ChartData& c = view->data();
    REQUIRE(c.colorBar);
    CHECK(c.colorBar->title == "clutch1.fn_max");
    CHECK(c.colorBar->scale.lo() == 10);
    CHECK(c.colorBar->scale.hi() == 40);
    REQUIRE(c.series.size() == 4);
    for (size_t i = 0; i < c.series.size(); ++i) {
        REQUIRE(c.series[i].value);
        CHECK(*c.series[i].value == 10 + 10 * static_cast<double>(records[i].result.run));
        CHECK(c.series[i].emphasized == (static_cast<int>(i) == last));
        CHECK(c.series[i].points.front() == QPointF(0, 10)); // J1.w starts at 10 rad/s
    }
    CHECK(view->seriesColor(static_cast<size_t>(last)) == QColor(253, 231, 37)); // the top of the scale
}
