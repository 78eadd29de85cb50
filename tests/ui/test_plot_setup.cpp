// The plot set-up as the diagram stores it: tabs, subplots and signals round-trip; the
// legacy {"signals": [...]} form is grouped by unit; bad input gives the default.
#include "ui/plot/plot_area.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/plot_setup.hpp"
#include "ui/plot/subplot.hpp"
#include "test_plot_support.hpp"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;
using Json = diagram::Json;

TEST_CASE("plot set-up JSON round-trips tabs and subplots and signals", "[plot]")
{
    const Json in = Json::parse(R"({"tabs": [
        {"title": "Speeds", "subplots": [{"signals": ["a.w", "b.w"]}, {"signals": ["c.tau"]}]},
        {"title": "Clutch", "subplots": [{"signals": ["clutch1.locked"]}]}]})");
    QString warning;
    const PlotSetup setup = setupFromJson(in, {}, &warning);
    CHECK(warning.isEmpty());
    REQUIRE(setup.tabs.size() == 2);
    CHECK(setup.tabs[0].subplots[1].names == QStringList{"c.tau"});
    CHECK(toJson(setup) == in);

    PlotArea area;
    CHECK(area.setupFromJson(in).isEmpty());
    REQUIRE(area.tabCount() == 2);
    CHECK(area.tabTitle(1) == "Clutch");
    REQUIRE(area.page(0)->subplotCount() == 2);
    CHECK(area.subplot(0, 0)->signalNames() == QStringList{"a.w", "b.w"});
    CHECK(area.plottedSignals() == QStringList{"a.w", "b.w", "c.tau", "clutch1.locked"});
    // No results at all: the signals stay in the set-up, nothing is drawn.
    CHECK(area.subplot(0, 0)->drawnCurves().isEmpty());
    CHECK(area.setupToJson() == in);
}

TEST_CASE("the legacy signal list is grouped by unit when the results are known", "[plot]")
{
    const Json legacy = Json::parse(R"({"signals": ["a.w", "a.tau", "b.w", "gone.x"]})");
    PlotArea area;
    area.setupFromJson(legacy);
    REQUIRE(area.tabCount() == 1);
    REQUIRE(area.page(0)->subplotCount() == 1); // units unknown: all in one subplot
    CHECK(area.subplot(0, 0)->signalNames() == QStringList{"a.w", "a.tau", "b.w", "gone.x"});

    auto run = test::makeRun({{"a.w", "rad/s"}, {"a.tau", "N.m"}, {"b.w", "rad/s"}}, 11, 0, 1,
                             [](size_t v, double t) { return t * static_cast<double>(v); });
    area.setResults(run, nullptr);
    area.setupFromJson(legacy);
    REQUIRE(area.page(0)->subplotCount() == 2);
    CHECK(area.subplot(0, 0)->signalNames() == QStringList{"a.w", "b.w", "gone.x"});
    CHECK(area.subplot(0, 1)->signalNames() == QStringList{"a.tau"});
    CHECK(area.subplot(0, 0)->drawnCurves() == QStringList{"a.w", "b.w"}); // gone.x kept, not drawn
    CHECK(area.setupToJson()["tabs"][0]["subplots"][0]["signals"].size() == 3);
}

TEST_CASE("malformed plot set-ups give the default set-up and a warning without throwing", "[plot]")
{
    const char* bad[] = {R"([1, 2])", R"("plot")", R"({"tabs": 3})", R"({"tabs": [{"subplots": [{"signals": [1]}]}]})",
                         R"({"tabs": [{"title": 5, "subplots": []}]})", R"({"signals": "a.w"})", R"({"zoom": 2})"};
    for (const char* text : bad) {
        INFO(text);
        PlotArea area;
        area.addSignal("x.y");
        QSignalSpy changed(&area, &PlotArea::plottedSignalsChanged);
        QString warning;
        REQUIRE_NOTHROW(warning = area.setupFromJson(Json::parse(text)));
        CHECK(!warning.isEmpty());
        CHECK(area.tabCount() == 1);
        CHECK(area.tabTitle(0) == "Plot 1");
        CHECK(area.page(0)->subplotCount() == 1);
        CHECK(area.plottedSignals().isEmpty());
        CHECK(changed.count() == 1);
    }
    // An empty object is what a new diagram has: the default, quietly.
    PlotArea area;
    CHECK(area.setupFromJson(Json::object()).isEmpty());
    CHECK(area.setupToJson() == Json::parse(R"({"tabs": [{"title": "Plot 1", "subplots": [{"signals": []}]}]})"));
}
