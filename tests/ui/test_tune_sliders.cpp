// Tune sliders (issue 36): the track's mapping to values, ranges typed with units and
// refused with the field named, a drag previewed off the undo stack and kept as one undo
// step on release, sliders saved with the diagram, and a new value cancelling the run in
// flight while the run before the drag stays as the ghost.
#include "ui/main_window.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/simulation/exploration_docks.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/run_pacer.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/tune/tune_panel.hpp"
#include "ui/tune/tune_scale.hpp"
#include "ui_test_support.hpp"

#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::tune;

namespace {

const QString kFirst = QStringLiteral("models/msl/Rotational/First.json");

double springC(const DiagramDocument& doc)
{
    const diagram::Component* c = doc.component(QStringLiteral("spring"));
    REQUIRE(c);
    const diagram::Json* v = c->parameter("c");
    REQUIRE(v);
    REQUIRE(v->is_number());
    return v->get<double>();
}

struct TuneCanvas {
    test::Canvas canvas;
    TunePanel panel{canvas.editor};
    explicit TuneCanvas(const QString& model = kFirst)
    {
        QString error;
        REQUIRE(canvas.document.open(test::sourcePath(model), &error));
    }
};

} // namespace

TEST_CASE("a slider's track maps to values in equal steps, or in equal ratios on a log range", "[tune]")
{
    const TuneRange linear{0, 10, false};
    CHECK(valueAt(linear, 0) == 0);
    CHECK(valueAt(linear, 0.25) == 2.5);
    CHECK(valueAt(linear, 1) == 10);
    CHECK(fractionOf(linear, 7.5) == 0.75);
    CHECK(fractionOf(linear, 20) == 1); // beyond the range: at its end
    const TuneRange log{1e3, 1e5, true};
    CHECK(valueAt(log, 0) == 1e3);
    CHECK(valueAt(log, 1) == 1e5);
    CHECK(valueAt(log, 0.5) == Approx(1e4).epsilon(1e-14));
    CHECK(valueAt(log, 0.25) == Approx(1e3 * std::pow(10.0, 0.5)).epsilon(1e-14));
    CHECK(fractionOf(log, 1e4) == Approx(0.5).epsilon(1e-14));
    // A new slider: a decade either side of a positive value, on a log scale.
    CHECK(defaultRange(1e4) == TuneRange{1e3, 1e5, true});
    CHECK(defaultRange(-4) == TuneRange{-8, -2, false});
    CHECK(defaultRange(0) == TuneRange{-1, 1, false});
}

TEST_CASE("a slider on a parameter sets it through the track in the parameter's unit", "[tune]")
{
    TuneCanvas t;
    REQUIRE(t.panel.addSlider("spring.c").isEmpty());
    REQUIRE(t.panel.sliderCount() == 1);
    CHECK(t.panel.range(0) == TuneRange{1e3, 1e5, true});
    // Placed at the value the spring has (10000 N.m/rad: the middle of the log range).
    CHECK(t.panel.slider(0)->value() == TunePanel::kSteps / 2);
    CHECK(t.panel.valueText(0) == "10000 N.m/rad");

    // A range typed with units, as the parameter dialog reads values.
    CHECK(t.panel.setRange(0, "2 kN.m/rad", "6000", false).isEmpty());
    CHECK(t.panel.range(0) == TuneRange{2000, 6000, false});
    t.panel.slider(0)->setValue(TunePanel::kSteps / 4); // not held: a step of its own
    CHECK(springC(t.canvas.document) == 3000);
    CHECK(t.panel.valueText(0) == "3000 N.m/rad");

    CHECK(t.panel.setRange(0, "1e3", "1e5", true).isEmpty());
    t.panel.slider(0)->setValue(750);
    CHECK(springC(t.canvas.document) == Approx(1e3 * std::pow(100.0, 0.75)).epsilon(1e-5));
}

TEST_CASE("a slider on a start value sets the start", "[tune]")
{
    TuneCanvas t;
    REQUIRE(t.panel.addSlider("inertia3.w.start").isEmpty());
    CHECK(t.panel.range(0) == TuneRange{-1, 1, false}); // no start given: 0
    t.panel.slider(0)->setValue(750);
    const diagram::VariableSettings* s = t.canvas.document.component("inertia3")->variable("w");
    REQUIRE(s);
    REQUIRE(s->start);
    CHECK(s->start->get<double>() == 0.5);
}

TEST_CASE("a bad range or target is refused with a message naming the field, the range kept", "[tune]")
{
    TuneCanvas t;
    REQUIRE(t.panel.addSlider("spring.c").isEmpty());
    const TuneRange before = t.panel.range(0);
    CHECK(t.panel.setRange(0, "2000", "1000", false) == "spring.c: min (2000) must be below max (1000)");
    CHECK(t.panel.setRange(0, "0", "1000", true) == "spring.c: a log range must stay above 0: min is 0");
    CHECK(t.panel.setRange(0, "-10", "1000", true) == "spring.c: a log range must stay above 0: min is -10");
    CHECK(t.panel.setRange(0, "stiff", "1000", false) == "spring.c min: 'stiff' is not a number");
    CHECK(t.panel.setRange(0, "1", "2 kg", false).startsWith("spring.c max: "));
    CHECK(t.panel.message().startsWith("spring.c max: "));
    CHECK(t.panel.range(0) == before);

    CHECK(t.panel.addSlider("spring.x") == "spring.x: spring has no Real parameter x that can be set");
    CHECK(t.panel.addSlider("nothing.c") == "nothing.c: the diagram has no component nothing");
    CHECK(t.panel.addSlider("spring.c") == "spring.c has a slider already");
    // J = Jmotor: an expression, which a slider would overwrite with a number.
    CHECK(t.panel.addSlider("inertia1.J").startsWith("inertia1.J: its value is no number"));
    CHECK(t.panel.sliderCount() == 1);
    CHECK(t.panel.choices().contains("spring.c"));
    CHECK(t.panel.choices().contains("inertia1.w.start"));
}

TEST_CASE("a drag previews values off the undo stack and its release is one undo step", "[tune]")
{
    TuneCanvas t;
    REQUIRE(t.panel.addSlider("spring.c").isEmpty());
    QUndoStack& stack = *t.canvas.document.undoStack();
    const int steps = stack.count();
    QSignalSpy previewed(&t.panel, &TunePanel::valuePreviewed);
    QSignalSpy kept(&t.panel, &TunePanel::valueKept);
    QSignalSpy started(&t.panel, &TunePanel::dragStarted);

    QSlider* s = t.panel.slider(0);
    s->setSliderDown(true);
    CHECK(started.count() == 1);
    for (int position : {600, 700, 800}) {
        s->setValue(position);
        CHECK(springC(t.canvas.document) == Approx(1e3 * std::pow(100.0, position / 1000.0)).epsilon(1e-5));
    }
    CHECK(previewed.count() == 3);
    CHECK(kept.count() == 0);
    CHECK(stack.count() == steps);
    s->setSliderDown(false);
    CHECK(kept.count() == 1);
    REQUIRE(stack.count() == steps + 1);
    const double final = 1e3 * std::pow(100.0, 0.8);
    CHECK(springC(t.canvas.document) == Approx(final).epsilon(1e-5));

    stack.undo(); // the whole drag at once, and the slider follows
    CHECK(springC(t.canvas.document) == 10000);
    CHECK(s->value() == 500);
    stack.redo();
    CHECK(springC(t.canvas.document) == Approx(final).epsilon(1e-5));
    CHECK(s->value() == 800);
}

TEST_CASE("sliders are saved with the diagram and come back with it", "[tune]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("tuned.json");
    {
        TuneCanvas t;
        REQUIRE(t.panel.addSlider("spring.c").isEmpty());
        REQUIRE(t.panel.addSlider("inertia3.w.start").isEmpty());
        REQUIRE(t.panel.setRange(1, "-2", "3", false).isEmpty());
        CHECK(t.canvas.document.isModified());
        QString error;
        REQUIRE(t.canvas.document.saveAs(path, &error));
    }
    test::Canvas reopened;
    TunePanel panel(reopened.editor);
    QString error;
    REQUIRE(reopened.document.open(path, &error));
    REQUIRE(panel.sliderCount() == 2);
    CHECK(panel.sliderName(0) == "spring.c");
    CHECK(panel.range(0) == TuneRange{1e3, 1e5, true});
    CHECK(panel.sliderName(1) == "inertia3.w.start");
    CHECK(panel.range(1) == TuneRange{-2, 3, false});
    // The plot set-up is still the file's.
    CHECK(reopened.document.rootDiagram().plot.contains("tabs"));

    panel.removeSlider(0);
    CHECK(panel.sliderCount() == 1);
    CHECK(reopened.document.rootDiagram().plot["tune"].size() == 1);
}

TEST_CASE("a new slider value cancels the run in flight, and the run before the drag stays as the ghost", "[tune]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath(kFirst)));
    SimulationWorkspace& sim = *window.simulation();
    sim.simulate();
    REQUIRE(sim.controller()->waitForFinished());
    const auto beforeDrag = sim.controller()->current();

    // Long runs from here on, so that the first is still in flight when the next value comes.
    diagram::Experiment e = window.document()->rootDiagram().experiment;
    e.stopTime = 1e4;
    e.interval = 0.1;
    window.document()->setExperiment(e);
    TunePanel& panel = *window.exploration()->tune();
    REQUIRE(panel.addSlider("spring.c").isEmpty());
    QSignalSpy started(sim.controller(), &RunController::runStarted);
    QSlider* s = panel.slider(0);
    s->setSliderDown(true);
    s->setValue(600);
    REQUIRE(started.count() == 1);
    const auto first = sim.controller()->current();
    CHECK(first->status == RunResult::Status::Running);
    s->setValue(700);
    // Held while the first run is young (run_pacer.hpp), then started, cancelling it.
    for (int i = 0; i < 500 && started.count() < 2; ++i)
        QTest::qWait(10);
    REQUIRE(started.count() == 2);
    const auto second = sim.controller()->current();
    CHECK(second != first);
    CHECK(first->status == RunResult::Status::Cancelled);
    s->setSliderDown(false);
    CHECK(started.count() == 2); // the release keeps the value the last run has: no run again
    sim.stop();
    REQUIRE(sim.controller()->waitForFinished());
    CHECK(started.count() == 2);
    // Drawn: the last run, then the run before the drag as the ghost.
    REQUIRE(sim.plots()->runs().size() == 2);
    CHECK(sim.plots()->runs()[0] == second);
    CHECK(sim.plots()->runs()[1] == beforeDrag);
}

TEST_CASE("a drag's values are held while a young run goes on, and the newest runs when it ends", "[tune]")
{
    bool running = false;
    int starts = 0;
    RunPacer pacer([&] { return running; }, [&] {
        ++starts;
        running = true;
    }, 60000);
    pacer.request(); // nothing in flight: at once
    CHECK(starts == 1);
    pacer.request();
    pacer.request();
    CHECK(starts == 1);
    CHECK(pacer.holding());
    running = false;
    pacer.runEnded(); // the newest value runs, once
    CHECK(starts == 2);
    CHECK_FALSE(pacer.holding());
    pacer.runEnded();
    CHECK(starts == 2);
    pacer.request();
    CHECK(starts == 2);
    pacer.flush(); // released: the value held runs now
    CHECK(starts == 3);
    pacer.flush();
    CHECK(starts == 3);

    // A run that has gone on for the interval is cancelled for the newest value.
    int quickStarts = 0;
    RunPacer quick([] { return true; }, [&] { ++quickStarts; }, 0);
    quick.request();
    quick.request();
    CHECK(quickStarts == 2);
}

TEST_CASE("inside a subsystem a slider leaves the diagram as it is and says why", "[tune]")
{
    TuneCanvas t(QStringLiteral("models/gallery/TwoGearboxes.json"));
    REQUIRE(t.panel.addSlider("sine.amplitude").isEmpty());
    REQUIRE(t.canvas.document.showLevel({"gearbox1"}));
    QSlider* s = t.panel.slider(0);
    s->setValue(900);
    CHECK(t.canvas.document.rootDiagram().components.front().parameter("amplitude")->get<double>() == 2);
    CHECK(t.panel.message() == "Sliders set the top level's components: go back to the top level first");
    CHECK(s->value() == 500); // back where the value is
    REQUIRE(t.canvas.document.showLevel({}));
    s->setValue(750);
    CHECK(t.canvas.document.rootDiagram().components.front().parameter("amplitude")->get<double>() ==
          Approx(0.2 * std::pow(100.0, 0.75)).epsilon(1e-5));
}
