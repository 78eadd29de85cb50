// The plot area drawing runs: curves hold the run's samples, grow with a streaming run,
// the previous run shows as a ghost, units decide axes and subplots, y fits the data.
#include "ui/plot/plot_area.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"
#include "test_plot_support.hpp"

#include <QApplication>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QXYSeries>
#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

namespace {

double sine(size_t, double t) { return std::sin(2 * M_PI * t); }

} // namespace

TEST_CASE("an undecimated curve holds exactly the run's samples", "[plot]")
{
    test::ShownArea w;
    auto run = test::makeRun({{"s.y", "m"}}, 101, 0, 1, sine);
    w.area.setResults(run, nullptr);
    QSignalSpy changed(&w.area, &PlotArea::plottedSignalsChanged);
    w.area.addSignal("s.y");
    CHECK(changed.count() == 1);
    CHECK(w.area.isPlotted("s.y"));
    Subplot* sp = w.area.subplot(0, 0);
    REQUIRE(sp->columns() > 101);
    const QList<QPointF> pts = sp->curvePoints("s.y");
    REQUIRE(pts.size() == 101);
    for (int i = 0; i < pts.size(); i += 10) {
        CHECK(pts[i].x() == Approx(i / 100.0));
        CHECK(pts[i].y() == Approx(std::sin(2 * M_PI * i / 100.0)).margin(1e-12));
    }
    CHECK(sp->axisRange(Subplot::Time) == std::make_pair(0.0, 1.0));
    const auto [lo, hi] = sp->axisRange(Subplot::Left);
    CHECK(lo < -1);
    CHECK(lo > -1.2);
    CHECK(hi > 1);
    CHECK(hi < 1.2);
    CHECK(sp->axisTitle(Subplot::Left) == "y [m]");
    CHECK(sp->axisTitle(Subplot::Time) == "time [s]");
    // The y axis through zero labels it "0", not the -2.77556e-17 Qt's axis added up to.
    const QStringList ticks = sp->yTickLabels(Subplot::Left);
    CHECK(ticks.contains("0"));
    CHECK(ticks.contains("1"));
    CHECK(ticks.filter("e").isEmpty());
}

TEST_CASE("refresh extends the curves of a growing run", "[plot]")
{
    test::ShownArea w;
    auto run = std::make_shared<RunResult>();
    run->begin({{"s.y", "m"}});
    run->stopTime = 1;
    test::appendSamples(*run, 0, 40, 0, 1, 101, sine);
    w.area.setResults(run, nullptr);
    w.area.addSignal("s.y");
    CHECK(w.area.subplot(0, 0)->curvePoints("s.y").size() == 40);
    test::appendSamples(*run, 40, 61, 0, 1, 101, sine);
    w.area.refresh();
    const QList<QPointF> pts = w.area.subplot(0, 0)->curvePoints("s.y");
    REQUIRE(pts.size() == 101);
    CHECK(pts.back().x() == Approx(1.0));
}

TEST_CASE("a run whose first rows barely move and then swing widely redraws its axis at once", "[plot]")
{
    // The gallery's BacklashContactLaws: the contact torques start at 23561.9 N.m and change
    // by 1e-7 over the first rows, then swing by 4e4. Qt lays out the ticks on every change;
    // with the old tick interval kept while the range grew it asked for 10^12 ticks and hung.
    test::ShownArea w;
    auto run = std::make_shared<RunResult>();
    run->begin({{"s.tau", "N.m"}});
    run->stopTime = 1;
    auto torque = [](size_t, double t) { return t < 0.0025 ? 23561.9 + 1e-4 * t : 23561.9 * std::cos(40 * t); };
    test::appendSamples(*run, 0, 3, 0, 1, 1001, torque);
    w.area.setResults(run, nullptr);
    w.area.addSignal("s.tau");
    Subplot* sp = w.area.subplot(0, 0);
    const auto [lo0, hi0] = sp->axisRange(Subplot::Left);
    CHECK(hi0 - lo0 < 1e-6);
    CHECK(lo0 > 23561);
    test::appendSamples(*run, 3, 998, 0, 1, 1001, torque);
    w.area.refresh();
    const auto [lo, hi] = sp->axisRange(Subplot::Left);
    CHECK(lo < -23561);
    CHECK(hi > 23561);
}

TEST_CASE("the previous run is drawn as a ghost only while there is one", "[plot]")
{
    test::ShownArea w;
    auto previous = test::makeRun({{"s.y", "m"}}, 51, 0, 1, [](size_t, double t) { return 2 * t; });
    auto current = test::makeRun({{"s.y", "m"}}, 101, 0, 1, sine);
    w.area.addSignal("s.y");
    w.area.setResults(current, previous);
    Subplot* sp = w.area.subplot(0, 0);
    CHECK(sp->hasGhost("s.y"));
    CHECK(sp->ghostPoints("s.y").size() == 51);
    CHECK(sp->curvePoints("s.y").size() == 101);
    CHECK(sp->axisRange(Subplot::Left).second > 2); // the ghost counts for the y range
    w.area.setResults(current, nullptr);
    CHECK_FALSE(sp->hasGhost("s.y"));
    CHECK(sp->ghostPoints("s.y").isEmpty());
    CHECK(w.area.plottedSignals() == QStringList{"s.y"}); // the selection stays
}

TEST_CASE("a plot given runs of another span reads only runs it still owns", "[plot]")
{
    // Issue 34's crash: the area let its runs go, then reset the zoom for the new span,
    // which redrew every subplot from the runs it had just let go (a read of freed memory
    // that the sanitizer build reports).
    test::ShownArea w;
    w.area.addSignal("s.y");
    std::weak_ptr<const RunResult> shownBefore;
    {
        auto older = test::makeRun({{"s.y", "m"}}, 31, 0, 3, sine);
        auto old = test::makeRun({{"s.y", "m"}}, 31, 0, 3, sine);
        shownBefore = old;
        w.area.setResults(old, older);
    }
    CHECK_FALSE(shownBefore.expired()); // the plot alone keeps what it shows
    auto longer = test::makeRun({{"s.y", "m"}}, 2001, 0, 2000, [](size_t, double t) { return 5 * t; });
    w.area.setResults(longer, nullptr);
    CHECK(shownBefore.expired());
    Subplot* sp = w.area.subplot(0, 0);
    CHECK(sp->axisRange(Subplot::Time) == std::make_pair(0.0, 2000.0));
    CHECK(sp->curvePoints("s.y").back() == QPointF(2000, 10000));
    CHECK_FALSE(sp->hasGhost("s.y"));
}

TEST_CASE("a plot draws every run it is given, the first in full and the others behind it", "[plot]")
{
    test::ShownArea w;
    auto scaled = [](double k) {
        return test::makeRun({{"s.y", "m"}}, 11, 0, 1, [k](size_t, double t) { return k * t; });
    };
    w.area.addSignal("s.y");
    w.area.setRuns({scaled(3), scaled(2), nullptr, scaled(1)});
    Subplot* sp = w.area.subplot(0, 0);
    CHECK(sp->runPoints("s.y", 0).back() == QPointF(1, 3));
    CHECK(sp->runPoints("s.y", 1).back() == QPointF(1, 2));
    CHECK(sp->runPoints("s.y", 2).isEmpty()); // a null run holds its place
    CHECK(sp->runPoints("s.y", 3).back() == QPointF(1, 1));
    QChart* chart = sp->findChild<QChartView*>()->chart();
    REQUIRE(chart->series().size() == 3);
    // The oldest is drawn first (underneath), the first run last (on top).
    CHECK(static_cast<QXYSeries*>(chart->series().front())->points().back() == QPointF(1, 1));
    CHECK(static_cast<QXYSeries*>(chart->series().back())->points().back() == QPointF(1, 3));
    CHECK(chart->series().back()->opacity() == 1.0);
    CHECK(static_cast<QXYSeries*>(chart->series().back())->pen().color().alpha() >
          static_cast<QXYSeries*>(chart->series().front())->pen().color().alpha());
    // The legend names the curve once, for the run drawn in full.
    int markers = 0;
    for (QLegendMarker* m : chart->legend()->markers())
        markers += m->isVisible() ? 1 : 0;
    CHECK(markers == 1);
}

TEST_CASE("curves of one unit share an axis and a second unit gets the right axis but a third a new subplot", "[plot]")
{
    test::ShownArea w;
    auto run = test::makeRun({{"a.w", "rad/s"}, {"b.w", "rad/s"}, {"a.tau", "N.m"}, {"c.f", "N"}, {"c.locked", "", false, true}},
                             101, 0, 2, [](size_t v, double t) { return v == 4 ? (t > 1 ? 1 : 0) : t * (1.0 + static_cast<double>(v)); });
    w.area.setResults(run, nullptr);
    w.area.addSignal("a.w");
    w.area.addSignal("b.w");
    REQUIRE(w.area.page(0)->subplotCount() == 1);
    Subplot* sp = w.area.subplot(0, 0);
    CHECK(sp->axisOf("a.w") == Subplot::Left);
    CHECK(sp->axisOf("b.w") == Subplot::Left);
    CHECK(sp->axisTitle(Subplot::Left) == "w [rad/s]");
    CHECK_FALSE(sp->axisVisible(Subplot::Right));

    w.area.addSignal("a.tau", 0, 0); // asked for this subplot: a second axis
    CHECK(sp->axisOf("a.tau") == Subplot::Right);
    CHECK(sp->axisVisible(Subplot::Right));
    CHECK(sp->axisTitle(Subplot::Right) == "tau [N.m]");
    CHECK(sp->axisRange(Subplot::Right).second > 6);
    CHECK(sp->axisRange(Subplot::Left).second < 5);

    w.area.addSignal("c.f", 0, 0); // a third unit never goes on a subplot's axes
    REQUIRE(w.area.page(0)->subplotCount() == 2);
    CHECK(w.area.subplot(0, 1)->signalNames() == QStringList{"c.f"});

    // Discrete signals are drawn as steps: one extra corner point at the switch.
    w.area.addSignal("c.locked");
    REQUIRE(w.area.page(0)->subplotCount() == 3);
    const QList<QPointF> steps = w.area.subplot(0, 2)->curvePoints("c.locked");
    CHECK(steps.size() == 102);

    w.area.removeSignal("c.f");
    CHECK(w.area.page(0)->subplotCount() == 2); // emptied by removing its signal: gone
    CHECK_FALSE(w.area.isPlotted("c.f"));
}

TEST_CASE("a refresh replaces only the curves whose points changed, and a new run's empty curve keeps its pen", "[plot]")
{
    // Each replace and each pen change makes Qt Charts stroke the curve or lay out the legend
    // and axes again: most of what a Simulate cost in the window for the small examples.
    test::ShownArea w;
    auto ramp = [](size_t v, double t) { return (1.0 + static_cast<double>(v)) * t; };
    auto first = test::makeRun({{"a.f", "N"}, {"b.f", "N"}}, 20000, 0, 1, ramp);
    auto second = test::makeRun({{"a.f", "N"}, {"b.f", "N"}}, 20000, 0, 1, ramp);
    w.area.setResults(second, first);
    w.area.addSignal("a.f");
    w.area.addSignal("b.f");
    Subplot* sp = w.area.subplot(0, 0);
    QChart* chart = sp->findChild<QChartView*>()->chart();
    REQUIRE(chart->series().size() == 4); // two ghosts and two curves
    std::vector<std::unique_ptr<QSignalSpy>> replaced;
    for (QAbstractSeries* s : chart->series())
        replaced.push_back(std::make_unique<QSignalSpy>(static_cast<QXYSeries*>(s), &QXYSeries::pointsReplaced));
    auto curveNamed = [&](const QString& name, bool ghost) {
        // The ghosts were added first (drawn underneath).
        const QList<QAbstractSeries*> all = chart->series();
        const int index = (ghost ? 0 : 2) + (name == "b.f" ? 1 : 0);
        REQUIRE(index < all.size());
        auto* s = static_cast<QXYSeries*>(all[index]);
        REQUIRE(s->name() == name);
        return s;
    };
    QXYSeries* curveA = curveNamed("a.f", false);
    const double densePen = curveA->pen().widthF();
    REQUIRE(curveA->count() < 20000); // decimated: drawn with the thin pen

    w.area.refresh(); // nothing new
    for (auto& spy : replaced)
        CHECK(spy->count() == 0);

    // The third run: its variables are known before its rows. Its curves are empty and
    // keep the thin pen of the dense curves they will be again.
    auto third = std::make_shared<RunResult>();
    third->begin({{"a.f", "N"}, {"b.f", "N"}});
    third->stopTime = 1;
    w.area.setResults(third, second);
    REQUIRE(chart->series().size() == 4); // the same series, reading the new runs
    CHECK(curveNamed("a.f", false) == curveA);
    CHECK(curveA->count() == 0);
    CHECK(curveA->pen().widthF() == densePen);
    const int before = static_cast<int>(replaced[2]->count());
    test::appendSamples(*third, 0, 20000, 0, 1, 20000, ramp);
    w.area.refresh();
    CHECK(replaced[2]->count() == before + 1);
    CHECK(curveA->count() > 2);
    CHECK(curveA->pen().widthF() == densePen);
    w.area.refresh();
    CHECK(replaced[2]->count() == before + 1); // and not again while nothing changes
}

TEST_CASE("three 10^5-point curves are drawn with at most two points per pixel column, extremes kept", "[plot]")
{
    // What keeps their redraw to a few milliseconds; the time itself is flange-ui-bench's
    // figure ("redraw of one subplot with three 10^5-point curves").
    test::ShownArea w;
    auto f = [](size_t v, double t) { return std::sin(t * (3.0 + static_cast<double>(v))) + 0.01 * std::sin(1000 * t); };
    auto run = test::makeRun({{"a.f", "N"}, {"b.f", "N"}, {"c.f", "N"}}, 100000, 0, 10, f);
    w.area.setResults(run, nullptr);
    for (const char* n : {"a.f", "b.f", "c.f"})
        w.area.addSignal(n);
    QApplication::processEvents(); // laid out at the shown size,
    w.area.refresh();              // and drawn for it
    Subplot* sp = w.area.subplot(0, 0);
    REQUIRE(sp->columns() < 2000);
    for (const char* n : {"a.f", "b.f", "c.f"}) {
        const QList<QPointF> pts = sp->curvePoints(n);
        CHECK(pts.size() <= 2 * sp->columns() + 2);
        CHECK(pts.front().x() == 0);
        CHECK(pts.back().x() == 10);
        const auto column = run->values(run->column(n));
        double lo = 1e300, hi = -1e300;
        for (const QPointF& p : pts) {
            lo = std::min(lo, p.y());
            hi = std::max(hi, p.y());
        }
        CHECK(lo == *std::min_element(column.begin(), column.end()));
        CHECK(hi == *std::max_element(column.begin(), column.end()));
    }
}
