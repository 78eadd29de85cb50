// Runs compared (issue 36): pinned runs shown, hidden, renamed and deleted, each in the
// legend; the ghost switched off; the difference of a signal between two runs; the
// selected runs' signals in one CSV file.
#include "ui/plot/compared_runs.hpp"
#include "ui/plot/runs_panel.hpp"
#include "ui/plot/subplot.hpp"
#include "ui/results/run_difference.hpp"
#include "ui/results/runs_csv_export.hpp"
#include "test_plot_support.hpp"

#include <QApplication>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

namespace {

std::shared_ptr<RunResult> run(int number, int rows, const std::function<double(size_t, double)>& f)
{
    auto r = test::makeRun({{"s.x", "m"}}, rows, 0, 1, f);
    r->number = number;
    return r;
}

QString readText(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return QString::fromUtf8(f.readAll());
}

} // namespace

TEST_CASE("pinned runs are drawn after the current run and the ghost, until hidden or deleted", "[runs]")
{
    ComparedRuns runs;
    auto r1 = run(1, 11, [](size_t, double t) { return t; });
    auto r2 = run(2, 11, [](size_t, double t) { return 2 * t; });
    auto r3 = run(3, 11, [](size_t, double t) { return 3 * t; });
    auto r4 = run(4, 11, [](size_t, double t) { return 4 * t; });
    CHECK(runs.pin(r1) == 0);
    CHECK(runs.pin(r2, "stiff") == 1);
    CHECK(runs.pin(r1) == 0); // once
    CHECK(runs.pinned()[0].name == "Run 1");
    CHECK(runs.pinned()[1].name == "stiff");
    CHECK(runs.pinned()[0].color != runs.pinned()[1].color);

    RunsToShow shown = runs.shown(r4, r3);
    CHECK(shown.runs == ShownRuns{r4, r3, r1, r2});
    CHECK(shown.looks[1].label == "previous run");
    CHECK_FALSE(shown.looks[1].inLegend); // the Runs dock is the ghost's legend on screen
    CHECK(shown.looks[2] == RunLook{"Run 1", runs.pinned()[0].color, true});

    runs.setVisible(0, false);
    runs.rename(1, "soft");
    CHECK(runs.shown(r4, r3).runs == ShownRuns{r4, r3, r2});
    CHECK(runs.shown(r4, r3).looks[2].label == "soft");
    runs.setGhostShown(false);
    CHECK(runs.shown(r4, r3).runs == ShownRuns{r4, r2});
    runs.setGhostShown(true);
    // A pinned run that is also the ghost is drawn once, as pinned.
    CHECK(runs.shown(r4, r2).runs == ShownRuns{r4, r2});
    CHECK(runs.shown(r4, r2).looks[1].label == "soft");
    // A drag's ghost: the run before the drag, whatever ran since.
    runs.holdGhost(r3);
    CHECK(runs.shown(r4, r1).runs == ShownRuns{r4, r3, r2});
    CHECK(runs.shown(r4, r1).looks[1].label == "before the drag");
    runs.releaseGhost();
    runs.remove(1);
    CHECK(runs.count() == 1);
    CHECK(runs.shown(r4, r3).runs == ShownRuns{r4, r3});
}

TEST_CASE("each pinned run has a legend entry in its colour, the ghost none on screen", "[runs]")
{
    test::ShownArea w;
    ComparedRuns runs;
    auto r1 = run(1, 11, [](size_t, double t) { return t; });
    auto r2 = run(2, 11, [](size_t, double t) { return 2 * t; });
    auto r3 = run(3, 11, [](size_t, double t) { return 3 * t; });
    runs.pin(r1, "baseline");
    RunsToShow shown = runs.shown(r3, r2);
    w.area.setRuns(shown.runs, shown.looks);
    w.area.addSignal("s.x");
    Subplot* sp = w.area.subplot(0, 0);
    QApplication::processEvents(); // the legend lays out its markers
    QStringList legend = sp->legendTexts();
    legend.sort();
    CHECK(legend == QStringList{"s.x", "s.x (baseline)"});
    CHECK(sp->runPoints("s.x", 2).size() == 11);
    CHECK(sp->runPoints("s.x", 2)[10].y() == 1.0);
    CHECK(sp->hasGhost("s.x"));
}

TEST_CASE("the Runs dock pins, hides, renames and deletes runs and switches the ghost", "[runs]")
{
    ComparedRuns runs;
    std::shared_ptr<const RunResult> current = run(1, 11, [](size_t, double t) { return t; });
    RunsPanel panel(runs, [&] { return current; }, [] { return QStringList{"s.x"}; });
    CHECK(panel.pinCurrent() == 0);
    current = run(2, 11, [](size_t, double t) { return 2 * t; });
    CHECK(panel.pinCurrent() == 1);
    QTreeWidget* list = panel.list();
    REQUIRE(list->topLevelItemCount() == 3); // the ghost, then the two pinned runs
    CHECK(list->topLevelItem(0)->text(0) == "Ghost: previous run");
    CHECK(list->topLevelItem(1)->text(0) == "Run 1");
    list->topLevelItem(0)->setCheckState(0, Qt::Unchecked);
    CHECK_FALSE(runs.ghostShown());
    list->topLevelItem(2)->setCheckState(0, Qt::Unchecked);
    CHECK_FALSE(runs.pinned()[1].visible);
    list->topLevelItem(1)->setText(0, "baseline");
    CHECK(runs.pinned()[0].name == "baseline");
    list->topLevelItem(1)->setSelected(true);
    CHECK(panel.selectedIndices() == std::vector<int>{0});
    REQUIRE(runs.count() == 2);
    runs.remove(0);
    REQUIRE(list->topLevelItemCount() == 2);
    CHECK(list->topLevelItem(1)->text(0) == "Run 2");
}

TEST_CASE("the difference of two runs is the first minus the second at the first's times", "[runs]")
{
    // x = t^2 on 101 rows against x = 2t on 5 rows: 2t is linear, so read between its rows
    // it is exact, and the difference is t^2 - 2t.
    auto a = run(1, 101, [](size_t, double t) { return t * t; });
    auto b = run(2, 5, [](size_t, double t) { return 2 * t; });
    const auto d = runDifference(*a, *b, "s.x", "s.x (Run 1 − Run 2)");
    REQUIRE(d);
    REQUIRE(d->rowCount() == 101);
    CHECK(d->variables()[0].name == "s.x (Run 1 − Run 2)");
    CHECK(d->variables()[0].unit == "m");
    for (size_t i = 0; i < d->rowCount(); ++i) {
        const double t = d->time()[i];
        CHECK(t == a->time()[i]);
        CHECK(d->values(0)[i] == Approx(t * t - 2 * t).margin(1e-14));
    }
    QString reason;
    auto other = test::makeRun({{"s.y", "m"}}, 3, 0, 1, [](size_t, double t) { return t; });
    other->number = 3;
    CHECK(runDifference(*a, *other, "s.x", "d", &reason) == nullptr);
    CHECK(reason == "Run 3 has no variable s.x");

    // From the Runs dock: pinned as a run of its own, its variable to plot.
    ComparedRuns runs;
    std::shared_ptr<const RunResult> current = a;
    RunsPanel panel(runs, [&] { return current; }, [] { return QStringList{"s.x"}; });
    runs.pin(b, "coarse");
    QSignalSpy pinned(&panel, &RunsPanel::differencePinned);
    CHECK(panel.difference(-1, 0, "s.x") == "Δ s.x");
    REQUIRE(runs.count() == 2);
    CHECK(runs.pinned()[1].name == "Run 1 − coarse"); // the current run by its number
    CHECK(runs.pinned()[1].run->variables()[0].name == "Δ s.x");
    CHECK(runs.pinned()[1].run->values(0)[100] == Approx(1 - 2).margin(1e-14));
    CHECK(pinned.count() == 1);
    CHECK(panel.difference(0, 0, "s.x", &reason).isEmpty());
    CHECK(reason == "Choose two different runs.");
}

TEST_CASE("the selected runs' signals go to one CSV file on the first run's times", "[runs]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("runs.csv");
    auto a = run(1, 3, [](size_t, double t) { return 10 * t; });     // t = 0, 0.5, 1
    auto b = run(2, 5, [](size_t, double t) { return 1 + 4 * t; });  // linear: exact between rows
    auto shortRun = test::makeRun({{"s.x", "m"}}, 2, 0, 0.5, [](size_t, double t) { return -t; });
    QString error;
    REQUIRE(exportRunsCsv({{a, "Run 1"}, {b, "stiff"}, {shortRun, "short"}}, {"s.x"}, path, &error));
    CHECK(readText(path) == "\"time\",\"s.x (Run 1)\",\"s.x (stiff)\",\"s.x (short)\"\n"
                            "0,0,1,-0\n"
                            "0.5,5,3,-0.5\n"
                            "1,10,5,\n");
    CHECK_FALSE(exportRunsCsv({}, {"s.x"}, path, &error));
    CHECK(error == "Select the runs to export.");
    CHECK_FALSE(exportRunsCsv({{a, "Run 1"}}, {}, path, &error));
    CHECK(error == "Plot the signals to export first.");

    // From the Runs dock: pinned runs by index, -1 for the current run.
    ComparedRuns runs;
    std::shared_ptr<const RunResult> current = a;
    RunsPanel panel(runs, [&] { return current; }, [] { return QStringList{"s.x"}; });
    runs.pin(b, "stiff");
    REQUIRE(panel.exportRuns({0, -1}, path, &error));
    CHECK(readText(path).startsWith("\"time\",\"s.x (stiff)\",\"s.x (Run 1)\"\n0,1,0\n0.25,2,2.5\n"));
}
