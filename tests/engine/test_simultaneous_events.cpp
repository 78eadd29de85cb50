// Which crossings are events, and how many: crossings at one instant are one event, and
// a crossing of a relation no evaluation reads is none. The expected counts are worked
// out by hand from the equations below, with the run's tolerance 1e-6, so a relation's
// hysteresis is 1e-4 * 1e-6 * nominal 1 = 1e-10.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

struct Run {
    SimulationStats stats;
    MemorySink sink;
};

// The component `Test.<name>` with `equations` and Real states x1, x2 from 0, alone in
// a diagram, run for 0.01 s with the tolerance 1e-6.
Run runComponent(const std::string& name, const std::string& variables, const std::string& equations)
{
    const TempFolder folder("flange-test-events");
    {
        std::ofstream out(folder.path() / (name + ".json"));
        out << R"({"name": "Test.)" << name << R"(", "description": "events test", "variables": [)" << variables
            << R"(], "equations": [)" << equations << "]}";
    }
    library::Library lib;
    lib.loadFolder(std::string(FLANGE_SOURCE_DIR) + "/resources/components");
    lib.loadFolder(folder.path().string());
    lib.resolve();
    auto model = compileModel(
        diagramFromJson(diagramJson({component("c", "Test." + name, "{}",
                                               R"({"x1": {"start": 0, "fixed": true}, "x2": {"start": 0, "fixed": true}})")},
                                    {}, 0.01, 0.001)),
        lib);
    SimulationOptions options;
    options.tolerance = 1e-6;
    Run r;
    r.stats = simulate(*model, options, r.sink);
    return r;
}

} // namespace

TEST_CASE("relations crossing within their hysteresis of each other are one event")
{
    // x1 = t and x2 = (1 + 1e-9) t cross 0.001 1e-12 s apart: apart by more than a
    // round-off of t (1e-4 * rtol * t = 1e-13 s) but by far less than the hysteresis
    // (1e-10 s at unit speed), as the contacts of a symmetric spool computed from
    // different states. When x2 switches, x1 is 1e-10 - 1e-12 past its boundary and
    // moving on: one event that switches both, where Dymola has one.
    auto r = runComponent("TwoCrossings",
                          R"({"name": "x1", "type": "Real", "initialization": true},
                             {"name": "x2", "type": "Real", "initialization": true},
                             {"name": "b1", "type": "Boolean"}, {"name": "b2", "type": "Boolean"})",
                          R"eq("der(x1) = 1", "der(x2) = 1 + 1e-9", "b1 = x1 > 0.001", "b2 = x2 > 0.001")eq");
    CHECK(r.stats.stateEvents == 1);
    REQUIRE(r.sink.events.size() == 1);
    CHECK(r.sink.events[0].time == Approx(0.001).margin(2e-10));
    CHECK(r.sink.events[0].changes.size() == 2); // c.b1 0 -> 1; c.b2 0 -> 1
}

TEST_CASE("relations crossing further apart than their hysteresis are events of their own")
{
    // x2 = (1 + 1e-6) t crosses 0.001 1e-9 s before x1: 10 hysteresis widths apart.
    auto r = runComponent("TwoCrossingsApart",
                          R"({"name": "x1", "type": "Real", "initialization": true},
                             {"name": "x2", "type": "Real", "initialization": true},
                             {"name": "b1", "type": "Boolean"}, {"name": "b2", "type": "Boolean"})",
                          R"eq("der(x1) = 1", "der(x2) = 1 + 1e-6", "b1 = x1 > 0.001", "b2 = x2 > 0.001")eq");
    CHECK(r.stats.stateEvents == 2);
}

TEST_CASE("a crossing is an event when its relation is read, whether or not a value changes")
{
    // b = pre(b) or (x1 > 0.002 and x1 < 0.001): b stays false throughout. x1 < 0.001
    // turns false at t = 0.001 while x1 > 0.002 is false, so `and` does not read it: no
    // event (Dymola computes no crossing there). x1 > 0.002, read because pre(b) is
    // false, turns true at t = 0.002: an event although b does not change (Dymola's
    // stuck mass at its stop in Translational HeatLosses, 0.744 s). One state event.
    auto r = runComponent("ReadRelations",
                          R"({"name": "x1", "type": "Real", "initialization": true},
                             {"name": "x2", "type": "Real", "initialization": true},
                             {"name": "b", "type": "Boolean"})",
                          R"eq("der(x1) = 1", "der(x2) = 0", "b = pre(b) or (x1 > 0.002 and x1 < 0.001)")eq");
    CHECK(r.stats.stateEvents == 1);
    REQUIRE(r.sink.events.size() == 1);
    CHECK(r.sink.events[0].time == Approx(0.002).margin(2e-10));
    CHECK(r.stats.silentCrossings == 1);
}
