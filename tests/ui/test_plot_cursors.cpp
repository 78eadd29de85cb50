// Two cursors on a plot (issue 34): Δt, Δy and the minimum, maximum, mean and RMS of each
// curve between them, against closed forms of the sampled functions.
#include "ui/plot/interval_statistics.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"
#include "test_plot_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

TEST_CASE("between two cursors a straight line reads its exact mean and RMS", "[plot]")
{
    std::vector<double> t, v;
    for (int i = 0; i <= 10; ++i) {
        t.push_back(i / 10.0);
        v.push_back(i / 10.0); // v = t
    }
    // Cursors between samples: the curve is read as drawn, linear between them.
    const auto s = intervalStatistics(t, v, 0.25, 0.85, false);
    REQUIRE(s);
    CHECK(s->dt == Approx(0.6));
    CHECK(s->dy == Approx(0.6));
    CHECK(s->min == Approx(0.25));
    CHECK(s->max == Approx(0.85));
    CHECK(s->mean == Approx(0.55));
    // RMS of t over [a, b]: sqrt((b^3 - a^3) / (3 (b - a))).
    CHECK(s->rms == Approx(std::sqrt((std::pow(0.85, 3) - std::pow(0.25, 3)) / (3 * 0.6))));
    // The cursors in either order; none beyond the samples or on one time.
    const auto reversed = intervalStatistics(t, v, 0.85, 0.25, false);
    REQUIRE(reversed);
    CHECK(reversed->mean == Approx(s->mean));
    CHECK(reversed->dy == Approx(s->dy));
    CHECK_FALSE(intervalStatistics(t, v, 0.5, 1.5, false));
    CHECK_FALSE(intervalStatistics(t, v, 0.5, 0.5, false));
}

TEST_CASE("over a whole period a sine has mean 0 and RMS 1/sqrt 2", "[plot]")
{
    std::vector<double> t, v;
    for (int i = 0; i <= 2000; ++i) {
        t.push_back(i / 2000.0);
        v.push_back(3 * std::sin(2 * M_PI * t.back()));
    }
    const auto s = intervalStatistics(t, v, 0, 1, false);
    REQUIRE(s);
    CHECK(s->mean == Approx(0).margin(1e-12));
    CHECK(s->rms == Approx(3 / std::sqrt(2.0)).epsilon(1e-5)); // the chords' error, O(h^2)
    CHECK(s->max == Approx(3));
    CHECK(s->min == Approx(-3));
}

TEST_CASE("a discrete signal holds its value between samples, through an event's two rows", "[plot]")
{
    // 0 until the event at 0.5, then 2: the event's time appears twice.
    const std::vector<double> t{0, 0.25, 0.5, 0.5, 0.75, 1}, v{0, 0, 0, 2, 2, 2};
    const auto s = intervalStatistics(t, v, 0.3, 0.9, true);
    REQUIRE(s);
    CHECK(s->dy == 2);
    CHECK(s->min == 0);
    CHECK(s->max == 2);
    CHECK(s->mean == Approx(2 * 0.4 / 0.6));
    CHECK(s->rms == Approx(std::sqrt(4 * 0.4 / 0.6)));
}

TEST_CASE("cursors placed on a page read every curve of its subplots", "[plot]")
{
    test::ShownArea w;
    auto run = test::makeRun({{"s.y", "m"}}, 11, 0, 1, [](size_t, double t) { return t; });
    w.area.setResults(run, nullptr);
    w.area.addSignal("s.y");
    PlotPage* page = w.area.page(0);
    Subplot* sp = w.area.subplot(0, 0);
    page->setCursor(0, 0.2);
    CHECK(sp->cursorText().isEmpty()); // one cursor reads nothing yet
    page->setCursor(1, 0.8);
    const auto s = sp->cursorStatistics("s.y");
    REQUIRE(s);
    CHECK(s->mean == Approx(0.5));
    CHECK(sp->cursorText() == QStringList{"A = 0.2 s, B = 0.8 s, Δt = 0.6 s", "s.y: Δy 0.6, mean 0.5, RMS 0.5292 m",
                                          "    min 0.2, max 0.8 m"});
    page->clearCursors();
    CHECK(sp->cursorText().isEmpty());
    CHECK_FALSE(sp->cursorStatistics("s.y"));
}

TEST_CASE("a curve the current run lacks, a difference of two runs, reads its statistics from the run that has it", "[plot]")
{
    test::ShownArea w;
    auto current = test::makeRun({{"s.y", "m"}}, 11, 0, 1, [](size_t, double t) { return 5 * t; });
    auto difference = test::makeRun({{"Δ s.y", "m"}}, 11, 0, 1, [](size_t, double t) { return t; });
    w.area.setRuns({current, difference}, {RunLook{}, RunLook{"Run 2 − Run 1", QColor(Qt::red), true}});
    w.area.addSignal("Δ s.y");
    w.area.page(0)->setCursor(0, 0.2);
    w.area.page(0)->setCursor(1, 0.8);
    const auto s = w.area.subplot(0, 0)->cursorStatistics("Δ s.y");
    REQUIRE(s);
    CHECK(s->mean == Approx(0.5));
    CHECK(s->dy == Approx(0.6));
}
