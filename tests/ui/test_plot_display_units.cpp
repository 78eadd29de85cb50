// A display unit per y axis (issue 34): curves, ticks, read-outs and cursor statistics in
// rpm, deg, mm or kN, converted by the engine's unit table; a unit of another kind refused
// with the reason; the choice saved with the plot set-up.
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"
#include "test_plot_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

TEST_CASE("a y axis in rpm shows rad/s curves, read-outs and statistics converted", "[plot]")
{
    test::ShownArea w;
    // w = 2 pi t rad/s: t * 60 rpm.
    auto run = test::makeRun({{"s.w", "rad/s"}}, 11, 0, 1, [](size_t, double t) { return 2 * M_PI * t; });
    w.area.setResults(run, nullptr);
    w.area.addSignal("s.w");
    Subplot* sp = w.area.subplot(0, 0);
    CHECK(sp->axisTitle(Subplot::Left) == "w [rad/s]");
    CHECK(sp->setDisplayUnit(Subplot::Left, "rpm").isEmpty());
    CHECK(sp->axisTitle(Subplot::Left) == "w [rpm]");
    const QList<QPointF> pts = sp->curvePoints("s.w");
    REQUIRE(pts.size() == 11);
    for (int i = 0; i < pts.size(); ++i)
        CHECK(pts[i].y() == Approx(60.0 * i / 10).margin(1e-9));
    CHECK(sp->axisRange(Subplot::Left).second > 60);
    w.area.setCrosshairTime(0.5);
    CHECK(sp->crosshairText().contains("s.w = 30 rpm"));
    w.area.page(0)->setCursor(0, 0);
    w.area.page(0)->setCursor(1, 1);
    const auto s = sp->cursorStatistics("s.w");
    REQUIRE(s);
    CHECK(s->mean == Approx(30));
    CHECK(s->dy == Approx(60));

    // Another kind of unit is refused, naming the signal; the axis stays in rpm.
    CHECK(sp->setDisplayUnit(Subplot::Left, "kg") == "s.w: 'kg' is a mass, s.w needs rad/s");
    CHECK(sp->displayUnit(Subplot::Left) == "rpm");
    CHECK_FALSE(sp->setDisplayUnit(Subplot::Left, "furlong").isEmpty());
    // Back to the signal's own unit.
    CHECK(sp->setDisplayUnit(Subplot::Left, "").isEmpty());
    CHECK(sp->curvePoints("s.w")[10].y() == Approx(2 * M_PI));
}

TEST_CASE("a display unit with an offset converts through it", "[plot]")
{
    test::ShownArea w;
    auto run = test::makeRun({{"s.T", "K"}}, 3, 0, 1, [](size_t, double t) { return 273.15 + 100 * t; });
    w.area.setResults(run, nullptr);
    w.area.addSignal("s.T");
    Subplot* sp = w.area.subplot(0, 0);
    REQUIRE(sp->setDisplayUnit(Subplot::Left, "degC").isEmpty());
    CHECK(sp->curvePoints("s.T")[0].y() == Approx(0).margin(1e-9));
    CHECK(sp->curvePoints("s.T")[2].y() == Approx(100));
}

TEST_CASE("display units are saved with the plot set-up and restored", "[plot]")
{
    test::ShownArea w;
    auto run = test::makeRun({{"s.w", "rad/s"}, {"s.phi", "rad"}}, 3, 0, 1, [](size_t, double t) { return t; });
    w.area.setResults(run, nullptr);
    w.area.addSignal("s.w");
    w.area.addSignal("s.phi", 0, 0); // a second unit in the same subplot: the right axis
    Subplot* sp = w.area.subplot(0, 0);
    REQUIRE(sp->axisOf("s.phi") == Subplot::Right);
    REQUIRE(sp->setDisplayUnit(Subplot::Right, "deg").isEmpty());
    const diagram::Json setup = w.area.setupToJson();
    INFO(setup.dump());
    CHECK(setup.at("tabs").at(0).at("subplots").at(0).value("displayUnits", diagram::Json()) == diagram::Json{{"right", "deg"}});

    test::ShownArea other;
    other.area.setResults(run, nullptr);
    CHECK(other.area.setupFromJson(setup).isEmpty());
    Subplot* restored = other.area.subplot(0, 0);
    CHECK(restored->displayUnit(Subplot::Right) == "deg");
    CHECK(restored->displayUnit(Subplot::Left).isEmpty());
    REQUIRE(restored->curvePoints("s.phi").size() == 3);
    CHECK(restored->curvePoints("s.phi")[2].y() == Approx(180 / M_PI));
}
