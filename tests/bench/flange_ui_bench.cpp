// flange-ui-bench: what Simulate costs in the window beyond the solver. For CoupledClutches
// and a 1,000-inertia chain it prints the wall time from Simulate to the final plot, the
// translation and solver time of that same run (the worker's own figures), and the
// difference as the live-plot overhead; then the same wall time for every MSL example (the
// goal: under 20 ms each), the redraw time of one subplot holding three 10^5-point curves,
// and how soon Stop ends a long run; for every MSL example a Tune slider dragged (redraws
// per second, release to the final plot: benchTune). Figures only (timing goals live here,
// not in tests).
// Runs offscreen.
#include "chain_model.hpp"
#include "app/allocator_tuning.hpp"
#include "ui/document/component_library.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/main_window.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/results/run_result.hpp"
#include "ui/results/variable_browser.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/exploration_docks.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/tune/tune_panel.hpp"
#include "ui/tune/tune_target.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QSlider>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Milliseconds from Simulate to the final plot drawn.
double simulateToPlot(flange::ui::SimulationWorkspace& sim)
{
    QElapsedTimer timer;
    timer.start();
    sim.simulate();
    sim.controller()->waitForFinished(600000);
    QApplication::processEvents(); // the final redraw
    return timer.nsecsElapsed() * 1e-6;
}

void benchSimulate(const flange::ui::ComponentLibrary& library, const QString& label, const QString& path,
                   const QStringList& extraSignals)
{
    flange::ui::MainWindow window(library);
    window.setQuiet(true);
    window.resize(1440, 900);
    window.show();
    if (!window.openFile(path)) {
        std::printf("%-22s cannot open %s\n", qPrintable(label), qPrintable(path));
        return;
    }
    flange::ui::SimulationWorkspace& sim = *window.simulation();
    for (const QString& s : extraSignals)
        sim.plots()->addSignal(s);
    QApplication::processEvents();
    std::vector<double> wall, translate, solver, overhead;
    double first = 0; // the first run also builds the variable browser's tree
    for (int r = 0; r < 5; ++r) {
        const double w = simulateToPlot(sim);
        const auto& st = sim.controller()->lastStats();
        const double tr = sim.controller()->lastTranslateSeconds() * 1e3;
        const double so = (st.initSeconds + st.integrateSeconds) * 1e3;
        if (r == 0)
            first = w;
        wall.push_back(w);
        translate.push_back(tr);
        solver.push_back(so);
        overhead.push_back(100.0 * (w - tr - so) / so);
    }
    // The crosshair moved once: the browser's Value column follows it.
    auto* browser = window.findChild<flange::ui::VariableBrowser*>();
    QElapsedTimer cursor;
    cursor.start();
    if (browser)
        browser->setCursorTime(0.5 * sim.controller()->current()->stopTime);
    QApplication::processEvents();
    const double cursorMs = cursor.nsecsElapsed() * 1e-6;
    std::printf("%-26s %8.1f %12.1f %12.1f %11.1f%% %8.1f %8.1f  (%zu rows, %zu variables)\n", qPrintable(label),
                median(wall), median(translate), median(solver), median(overhead), first, cursorMs,
                sim.controller()->current()->rowCount(), sim.controller()->current()->variableCount());
}

// The bundled MSL examples, Rotational then Translational, each in name order.
QStringList mslExamples(const QString& root)
{
    QStringList paths;
    for (const char* package : {"Rotational", "Translational"}) {
        const QDir dir(root + QStringLiteral("/models/msl/") + QLatin1String(package));
        for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            paths << dir.filePath(f);
    }
    return paths;
}

// Every MSL example through the window's Simulate (rows kept for the plots, no CSV): the
// wall time from Simulate to the final plot, median of 5, and the examples over 20 ms.
void benchExamples(const flange::ui::ComponentLibrary& library, const QString& root)
{
    const QStringList paths = mslExamples(root);
    std::printf("\nevery MSL example, Simulate in the window to the final plot, median of 5 (ms):\n");
    double slowest = 0;
    QString slowestName;
    QStringList over;
    for (const QString& path : paths) {
        flange::ui::MainWindow window(library);
        window.setQuiet(true);
        window.resize(1440, 900);
        window.show();
        const QString name = QFileInfo(QFileInfo(path).path()).fileName() + QLatin1Char('/') + QFileInfo(path).baseName();
        if (!window.openFile(path)) {
            std::printf("%-36s cannot open\n", qPrintable(name));
            continue;
        }
        flange::ui::SimulationWorkspace& sim = *window.simulation();
        QApplication::processEvents();
        std::vector<double> wall;
        for (int r = 0; r < 5; ++r)
            wall.push_back(simulateToPlot(sim));
        const double w = median(wall);
        std::printf("%-36s %8.1f\n", qPrintable(name), w);
        if (w > slowest) {
            slowest = w;
            slowestName = name;
        }
        if (w > 20)
            over << name;
    }
    std::printf("slowest: %.1f ms (%s); over 20 ms: %lld%s%s\n", slowest, qPrintable(slowestName),
                static_cast<long long>(over.size()), over.isEmpty() ? "" : ": ", qPrintable(over.join(QLatin1Char(' '))));
}

void benchRedraw()
{
    constexpr int kPoints = 100000;
    auto result = std::make_shared<flange::ui::RunResult>();
    result->begin({{"a.f", "N", false, false}, {"b.f", "N", false, false}, {"c.f", "N", false, false}});
    std::vector<double> times(kPoints), values(3 * static_cast<size_t>(kPoints));
    for (int i = 0; i < kPoints; ++i) {
        const double t = 10.0 * i / (kPoints - 1);
        times[static_cast<size_t>(i)] = t;
        for (int c = 0; c < 3; ++c)
            values[3 * static_cast<size_t>(i) + static_cast<size_t>(c)] = std::sin(t * (3 + c)) + 0.01 * std::sin(t * 997);
    }
    result->appendRows(times, values);
    result->startTime = 0;
    result->stopTime = 10;
    result->status = flange::ui::RunResult::Status::Finished;

    flange::ui::plot::PlotArea plots;
    plots.resize(900, 360);
    plots.show();
    plots.setResults(result, nullptr);
    for (const char* s : {"a.f", "b.f", "c.f"})
        plots.addSignal(s);
    QApplication::processEvents();
    std::vector<double> ms;
    for (int r = 0; r < 20; ++r) {
        QElapsedTimer timer;
        timer.start();
        plots.refresh();
        plots.repaint();
        QApplication::processEvents();
        ms.push_back(timer.nsecsElapsed() * 1e-6);
    }
    std::printf("\nredraw of one subplot with three 10^5-point curves: median %.2f ms (min %.2f)\n", median(ms),
                *std::min_element(ms.begin(), ms.end()));
}

// Stop pressed during a long run (First over 10^5 s, 10^5 rows) once 100 rows have
// arrived: milliseconds until the run has ended in the window, rows kept (goal: under 200).
void benchStop(const flange::ui::ComponentLibrary& library, const QString& root)
{
    QFile f(root + QStringLiteral("/models/msl/Rotational/First.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        std::printf("cannot open %s\n", qPrintable(f.fileName()));
        return;
    }
    flange::diagram::Diagram d = flange::diagram::parseDiagram(f.readAll().toStdString(), "First.json");
    d.experiment.stopTime = 1e5;
    d.experiment.interval = 1;
    std::vector<double> ms;
    for (int r = 0; r < 5; ++r) {
        flange::ui::RunController controller;
        controller.start(d, library.library);
        while (controller.isRunning() && controller.current()->rowCount() < 100)
            QApplication::processEvents(QEventLoop::WaitForMoreEvents);
        QElapsedTimer timer;
        timer.start();
        controller.cancel();
        controller.waitForFinished(600000);
        ms.push_back(timer.nsecsElapsed() * 1e-6);
    }
    std::printf("\nStop during a long run, to the run ended in the window: median %.1f ms (max %.1f)\n", median(ms),
                *std::max_element(ms.begin(), ms.end()));
}

// Opening a large diagram: the 10,000-inertia chain placed in rows of 100 components,
// from openFile to the canvas drawn. A drive-line model this size is what the engine
// integrates in about a second; the editor should not take longer to show it.
void benchOpen(const flange::ui::ComponentLibrary& library, const QString& folder)
{
    auto d = flange::bench::chainDiagramJson(10000, 1.0);
    int i = 0;
    for (auto& c : d["components"]) {
        c["placement"] = {{"x", (i % 100) * 40}, {"y", (i / 100) * 40}};
        ++i;
    }
    const QString path = folder + QStringLiteral("/chain10000.json");
    {
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(QByteArray::fromStdString(d.dump()));
    }
    std::vector<double> open, selectAll, remove, undo;
    for (int run = 0; run < 3; ++run) {
        flange::ui::MainWindow window(library);
        window.setQuiet(true);
        window.resize(1440, 900);
        window.show();
        QApplication::processEvents();
        QElapsedTimer timer;
        timer.start();
        if (!window.openFile(path)) {
            std::printf("cannot open %s\n", qPrintable(path));
            return;
        }
        window.grab(); // the canvas drawn at the fitted zoom
        open.push_back(timer.nsecsElapsed() * 1e-6);
        // Then as a user clearing the canvas: Select All, Delete, Undo, each drawn.
        auto timed = [&](std::vector<double>& into, const std::function<void()>& step) {
            timer.restart();
            step();
            window.grab();
            into.push_back(timer.nsecsElapsed() * 1e-6);
        };
        timed(selectAll, [&] { window.scene()->selectAll(); });
        timed(remove, [&] { window.scene()->deleteSelection(); });
        timed(undo, [&] { window.editor().document().undoStack()->undo(); });
        if (run > 0)
            continue;
        // Its 90,000 variables in the browser: typing a filter, one key at a time.
        flange::ui::SimulationWorkspace& sim = *window.simulation();
        sim.simulate();
        sim.controller()->waitForFinished(600000);
        QApplication::processEvents();
        QLineEdit* filter = sim.variables()->filterEdit();
        for (const QString& text : {QStringLiteral("i"), QStringLiteral("inertia9"), QStringLiteral("inertia9999"),
                                    QString()}) {
            bool applied = false;
            auto once = QObject::connect(sim.variables(), &flange::ui::VariableBrowser::filterApplied,
                                         [&] { applied = true; });
            timer.restart();
            filter->setText(text); // applied once typing pauses (VariableBrowser::kFilterPauseMs)
            while (!applied)
                QApplication::processEvents(QEventLoop::WaitForMoreEvents);
            QObject::disconnect(once);
            window.grab();
            std::printf("filter \"%s\": %.0f ms after the pause in typing\n", qPrintable(text),
                        timer.nsecsElapsed() * 1e-6 - flange::ui::VariableBrowser::kFilterPauseMs);
        }
    }
    std::printf("\nthe 10,000-inertia chain (20,001 components, 20,000 connections), median of 3, each step drawn (ms):\n"
                "open %.0f, select all %.0f, delete %.0f, undo %.0f\n",
                median(open), median(selectAll), median(remove), median(undo));
}

} // namespace

// A Tune slider dragged for a second on every MSL example, the mouse moving at 60 Hz, each
// position a new run that cancels the one in flight: the redraws per second (runs that
// reached their final plot while dragging; goal: 20 where a lone run takes under 40 ms) and
// the time from a release with a last move to that value's final plot (goal: the lone
// run's time + 50 ms). The slider is on a spring's stiffness where the example has one,
// else on its first numeric parameter.
void benchTune(const flange::ui::ComponentLibrary& library, const QString& root)
{
    const QStringList paths = mslExamples(root);
    std::printf("\nTune slider dragged 1 s at 60 moves/s on every MSL example (ms, runs/s):\n");
    std::printf("%-36s %-22s %8s %10s %10s %8s\n", "example", "slider", "lone", "redraws/s", "release", "goals");
    int met = 0, total = 0;
    for (const QString& path : paths) {
        flange::ui::MainWindow window(library);
        window.setQuiet(true);
        window.resize(1440, 900);
        window.show();
        const QString name = QFileInfo(QFileInfo(path).path()).fileName() + QLatin1Char('/') + QFileInfo(path).baseName();
        if (!window.openFile(path))
            continue;
        flange::ui::SimulationWorkspace& sim = *window.simulation();
        flange::ui::tune::TunePanel& tune = *window.exploration()->tune();
        QStringList candidates = flange::ui::tune::tunableNames(*window.document());
        std::stable_partition(candidates.begin(), candidates.end(), [](const QString& n) {
            return n.startsWith(QStringLiteral("spring")) && n.endsWith(QStringLiteral(".c"));
        });
        QString target;
        for (const QString& c : candidates)
            if (!c.endsWith(QStringLiteral(".start")) && tune.addSlider(c).isEmpty()) {
                target = c;
                break;
            }
        if (target.isEmpty()) {
            std::printf("%-36s no numeric parameter\n", qPrintable(name));
            continue;
        }
        QApplication::processEvents();
        std::vector<double> lone;
        for (int r = 0; r < 3; ++r)
            lone.push_back(simulateToPlot(sim));
        const double loneMs = median(lone);

        QSlider* slider = tune.slider(0);
        int finished = 0;
        const auto counter = QObject::connect(sim.controller(), &flange::ui::RunController::runEnded, [&finished](auto status) {
            finished += status == flange::ui::RunResult::Status::Finished ? 1 : 0;
        });
        slider->setSliderDown(true);
        QElapsedTimer drag;
        drag.start();
        int position = slider->value(), step = 7;
        const qint64 dragNs = 1000000000;
        for (int move = 0; drag.nsecsElapsed() < dragNs; ++move) {
            if (position + step > flange::ui::tune::TunePanel::kSteps || position + step < 0)
                step = -step;
            position += step;
            slider->setValue(position);
            const qint64 next = (move + 1) * dragNs / 60;
            while (drag.nsecsElapsed() < next)
                QApplication::processEvents(QEventLoop::AllEvents, 2);
        }
        const double redraws = finished / (drag.nsecsElapsed() * 1e-9);
        QObject::disconnect(counter);
        QElapsedTimer release;
        release.start();
        slider->setValue(position + (position + step > flange::ui::tune::TunePanel::kSteps ? -step : step));
        slider->setSliderDown(false);
        sim.controller()->waitForFinished(600000);
        QApplication::processEvents(); // the final redraw
        const double releaseMs = release.nsecsElapsed() * 1e-6;
        const bool redrawGoal = loneMs >= 40 || redraws >= 20;
        const bool releaseGoal = releaseMs <= loneMs + 50;
        ++total;
        met += redrawGoal && releaseGoal ? 1 : 0;
        std::printf("%-36s %-22s %8.1f %10.1f %10.1f %8s\n", qPrintable(name), qPrintable(target), loneMs, redraws,
                    releaseMs, redrawGoal && releaseGoal ? "met" : (!redrawGoal ? "redraws" : "release"));
    }
    std::printf("both goals met on %d of %d examples\n", met, total);
}

int main(int argc, char** argv)
{
    flange::app::tuneAllocator(); // as the window's executable does, so the figures are its
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("FlangeBench"));
    const flange::ui::ComponentLibrary library = flange::ui::loadComponentLibrary();
    const QString root = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral(FLANGE_SOURCE_DIR);
    // A second argument times only the examples whose package/name contains it (for
    // profiling), with "open" only the opening of a large diagram, with "stop" only Stop,
    // with "tune" only the Tune slider.
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    if (only == QLatin1String("open")) { // the large diagram alone
        QTemporaryDir folder;
        benchOpen(library, folder.path());
        return 0;
    }
    if (only == QLatin1String("stop")) { // Stop alone
        benchStop(library, root);
        return 0;
    }
    if (only == QLatin1String("tune")) { // the Tune slider alone
        benchTune(library, root);
        return 0;
    }
    if (!only.isEmpty()) {
        std::printf("%-26s %8s %12s %12s %12s %8s %8s\n", "model", "wall", "translate", "solver", "overhead", "first", "cursor");
        for (const char* package : {"Rotational", "Translational"}) {
            const QDir dir(root + QStringLiteral("/models/msl/") + QLatin1String(package));
            for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
                if ((QLatin1String(package) + QLatin1Char('/') + f).contains(only))
                    benchSimulate(library, QLatin1String(package) + QLatin1Char('/') + QFileInfo(f).baseName(),
                                  dir.filePath(f), {});
        }
        return 0;
    }

    QTemporaryDir dir;
    const QString chain = dir.filePath(QStringLiteral("chain1000.json"));
    {
        auto d = flange::bench::chainDiagramJson(1000, 1.0);
        d["experiment"]["interval"] = 0.002;
        QFile f(chain);
        f.open(QIODevice::WriteOnly);
        f.write(QByteArray::fromStdString(d.dump()));
    }
    std::printf("Simulate in the window, median of 5 (ms): wall = Simulate pressed to final plot drawn;\n"
                "overhead = wall - translate - solver, against solver (goal: under 10%%);\n"
                "first = the first run's wall (it also builds the variable tree); cursor = one crosshair move\n");
    std::printf("%-26s %8s %12s %12s %12s %8s %8s\n", "model", "wall", "translate", "solver", "overhead", "first", "cursor");
    benchSimulate(library, QStringLiteral("CoupledClutches"), root + QStringLiteral("/models/msl/Rotational/CoupledClutches.json"),
                  {});
    benchSimulate(library, QStringLiteral("chain of 1000"), chain,
                  {QStringLiteral("inertia1.w"), QStringLiteral("inertia500.w"), QStringLiteral("inertia1000.w")});
    benchExamples(library, root);
    benchRedraw();
    benchStop(library, root);
    benchTune(library, root);
    benchOpen(library, dir.path());
    return 0;
}
