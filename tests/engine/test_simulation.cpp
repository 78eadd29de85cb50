// End-to-end behaviour on small models with known answers: oscillation, time events,
// sources differentiated for index reduction, and bad input named by component.
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;

namespace {

// m = 1, c = 4, released from 0.1 m at rest; 3 s at 0.01 s.
std::string massSpring()
{
    return diagramJson(
        {component("fixed", "Translational.Components.Fixed"),
         component("spring", "Translational.Components.Spring", R"({"c": 4, "s_rel0": 0})"),
         component("mass", "Translational.Components.Mass", R"({"m": 1, "L": 0})", R"({"s": {"start": 0.1, "fixed": true}, "v": {"start": 0, "fixed": true}})")},
        {{"fixed.flange", "spring.flange_a"}, {"spring.flange_b", "mass.flange_a"}}, 3.0, 0.01);
}

} // namespace

TEST_CASE("an undamped mass-spring oscillates as x0 cos(omega t)")
{
    // omega = sqrt(c / m) = 2 rad/s
    auto s = simulateJson(massSpring());
    for (double t : {0.5, 1.0, 2.0, 3.0})
        CHECK(s.sink.at("mass.s", t) == Approx(0.1 * std::cos(2 * t)).margin(1e-6));
}

TEST_CASE("a sine torque from rest is followed over a long run whatever the output interval")
{
    // J = 1 at rest driven by sin(2 pi 5 t): w = (1 - cos(omega t)) / omega. At 0.1 s output
    // every output point is a zero of the sine; a first step of 0.1 s (the interval) saw
    // only those zeros, and IDA crossed 210 s in 13 steps with w = 0 throughout.
    const std::string json = diagramJson(
        {component("fixed", "Rotational.Components.Fixed"),
         component("torque", "Rotational.Sources.Torque", R"({"useSupport": true})"),
         component("sine", "Blocks.Sources.Sine", R"({"amplitude": 1, "f": 5})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 1})",
                   R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})")},
        {{"sine.y", "torque.tau"}, {"torque.support", "fixed.flange"}, {"torque.flange", "inertia.flange_a"}}, 210.0,
        0.1);
    auto s = simulateJson(json);
    const double omega = 2 * M_PI * 5;
    CHECK(s.stats.steps > 2 * 5 * 210); // at least two steps per period of the sine
    for (double t : {0.1, 0.2, 100.1, 200.0, 209.9})
        CHECK(s.sink.at("inertia.w", t) == Approx((1 - std::cos(omega * t)) / omega).margin(1e-4));
}

TEST_CASE("a run tells its sink the output grid's rows before the first row")
{
    // 3 s at 0.01 s: 301 grid points; the window sizes its storage from this.
    auto s = simulateJson(massSpring());
    CHECK(s.sink.expectedRows == 301);
    CHECK(s.sink.rowsWhenExpected == 0);
    CHECK_FALSE(s.sink.expectedEventRows); // no relation, so no event can add rows
    CHECK(s.sink.times.size() == 301);     // exactly the grid
    // A step source's start time is a time event: two rows more.
    auto stepped = simulateJson(diagramJson(
        {component("fixed", "Translational.Components.Fixed"),
         component("spring", "Translational.Components.Spring", R"({"c": 4, "s_rel0": 0})"),
         component("mass", "Translational.Components.Mass", R"({"m": 1, "L": 0})",
                   R"({"s": {"start": 0.1, "fixed": true}, "v": {"start": 0, "fixed": true}})"),
         component("step", "Blocks.Sources.Step", R"({"height": 1, "startTime": 0.505})"),
         component("force", "Translational.Sources.Force")},
        {{"fixed.flange", "spring.flange_a"}, {"spring.flange_b", "mass.flange_a"}, {"step.y", "force.f"},
         {"force.flange", "mass.flange_b"}},
        1.0, 0.01));
    CHECK(stepped.sink.expectedRows == 101);
    CHECK(stepped.sink.expectedEventRows);
    CHECK(stepped.sink.times.size() == 103);
}

TEST_CASE("after a step in its force, a mass-spring's acceleration at output points follows a = F - c x")
{
    // m = 1, c = 4, F = 1 N from 0.5 s: x = 0.1 cos 2t before, then
    // x = 1/4 + A cos 2(t - 0.5) + B sin 2(t - 0.5) with A = 0.1 cos 1 - 1/4, B = -0.1 sin 1.
    // No relation reads a solved unknown, so the rows interpolate a = der(v); the solve at
    // the step has left a factorization behind that must not stand in for that.
    auto s = simulateJson(diagramJson(
        {component("fixed", "Translational.Components.Fixed"),
         component("spring", "Translational.Components.Spring", R"({"c": 4, "s_rel0": 0})"),
         component("mass", "Translational.Components.Mass", R"({"m": 1, "L": 0})", R"({"s": {"start": 0.1, "fixed": true}, "v": {"start": 0, "fixed": true}})"),
         component("step", "Blocks.Sources.Step", R"({"height": 1, "startTime": 0.5})"),
         component("force", "Translational.Sources.Force")},
        {{"fixed.flange", "spring.flange_a"}, {"spring.flange_b", "mass.flange_a"}, {"step.y", "force.f"},
         {"force.flange", "mass.flange_b"}}, 3.0, 0.01));
    const double A = 0.1 * std::cos(1.0) - 0.25, B = -0.1 * std::sin(1.0);
    for (double t : {0.8, 1.51, 2.5, 2.99}) {
        const double x = 0.25 + A * std::cos(2 * (t - 0.5)) + B * std::sin(2 * (t - 0.5));
        CHECK(s.sink.at("mass.s", t) == Approx(x).margin(1e-5));
        CHECK(s.sink.at("mass.a", t) == Approx(1 - 4 * x).margin(1e-4));
    }
}

TEST_CASE("a pulse's end is a time event at its exact instant, its period start a state event")
{
    // Pulse: 2 N.m from 0.1 s for 30% of the 1 s period. Its end, time < T_start + T_width
    // with T_start discrete, is known in advance (as in Dymola: OneWayClutch); the next
    // period's start comes from integer((time - startTime)/period), a crossing.
    auto s = simulateJson(diagramJson(
        {component("pulse", "Blocks.Sources.Pulse", R"({"amplitude": 2, "width": 30, "period": 1, "startTime": 0.1})"),
         component("torque", "Rotational.Sources.Torque"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 4})", R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})")},
        {{"pulse.y", "torque.tau"}, {"torque.flange", "inertia.flange_a"}}, 1.2, 0.1));
    double pulseEnd = -1;
    for (const auto& e : s.sink.events)
        if (e.cause.timeEvent && std::fabs(e.time - 0.4) <= 1e-12)
            pulseEnd = e.time;
    CHECK(pulseEnd == Approx(0.4).margin(1e-12));
    CHECK(s.stats.stateEvents == 1); // 1.1 s
    CHECK(s.sink.at("inertia.w", 0.9) == Approx(0.15).epsilon(1e-6)); // (2/4) * 0.3 s
}

TEST_CASE("a step is a time event with left and right rows at its instant")
{
    auto s = simulateJson(diagramJson(
        {component("step", "Blocks.Sources.Step", R"({"height": 2, "startTime": 0.5})"),
         component("torque", "Rotational.Sources.Torque"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 4})", R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})")},
        {{"step.y", "torque.tau"}, {"torque.flange", "inertia.flange_a"}}, 1.0, 0.1));
    CHECK(s.stats.timeEvents == 1);
    int rowsAtStep = 0;
    for (size_t i = 0; i < s.sink.times.size(); ++i)
        if (std::fabs(s.sink.times[i] - 0.5) < 1e-12)
            ++rowsAtStep;
    CHECK(rowsAtStep == 2);
    CHECK(s.sink.at("inertia.w", 0.4) == Approx(0.0).margin(1e-12));
    CHECK(s.sink.last("inertia.w") == Approx(0.25).epsilon(1e-6)); // (2/4) * 0.5 s
}

TEST_CASE("T18: an exact position source differentiates its sine input twice")
{
    auto s = simulateJson(diagramJson(
        {component("sine", "Blocks.Sources.Sine", R"({"amplitude": 1, "f": 1})"),
         component("position", "Rotational.Sources.Position", R"({"exact": true})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 2})")},
        {{"sine.y", "position.phi_ref"}, {"position.flange", "inertia.flange_a"}}, 1.0, 0.01));
    CHECK(s.model->stats.states == 0);
    // phi = sin(2 pi t): w = 2 pi cos(2 pi t), torque = J a = -2 (2 pi)^2 sin(2 pi t)
    const double w = 2 * M_PI;
    CHECK(s.sink.at("inertia.w", 0.3) == Approx(w * std::cos(w * 0.3)).epsilon(1e-6));
    CHECK(s.sink.at("inertia.a", 0.3) == Approx(-w * w * std::sin(w * 0.3)).epsilon(1e-6));
}

TEST_CASE("bad input is reported by component and connection")
{
    auto fails = [](const std::string& json) {
        try {
            compileModel(diagramFromJson(json), bundledLibrary());
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadInput);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string inertia = component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})");
    CHECK_THAT(fails(diagramJson({component("x", "Rotational.Components.Flywheel")}, {})),
               Catch::Contains("'x'") && Catch::Contains("unknown component type 'Rotational.Components.Flywheel'"));
    CHECK_THAT(fails(diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"Jx": 1})")}, {})),
               Catch::Contains("'inertia1'") && Catch::Contains("no parameter 'Jx'"));
    CHECK_THAT(fails(diagramJson({inertia, component("inertia2", "Rotational.Components.Inertia", R"({"J": 1})")},
                                 {{"inertia1.flange_c", "inertia2.flange_a"}})),
               Catch::Contains("inertia1.flange_c") && Catch::Contains("no connector 'flange_c'"));
    CHECK_THAT(fails(diagramJson({inertia, component("mass", "Translational.Components.Mass", R"({"m": 1, "L": 0})")},
                                 {{"inertia1.flange_b", "mass.flange_a"}})),
               Catch::Contains("rotational") && Catch::Contains("translational") && Catch::Contains("mass.flange_a"));
    CHECK_THAT(fails(diagramJson({inertia, component("torque", "Rotational.Sources.Torque")},
                                 {{"torque.flange", "inertia1.flange_a"}})),
               Catch::Contains("torque.tau") && Catch::Contains("not connected"));
    // Two position sources drive one inertia: an equation too many, naming both sources, and
    // the torque it leaves free in the same message.
    CHECK_THAT(fails(diagramJson({inertia, component("c1", "Blocks.Sources.Constant", R"({"k": 1})"), component("c2", "Blocks.Sources.Constant", R"({"k": 1})"),
                                  component("p1", "Rotational.Sources.Position", R"({"exact": true})"),
                                  component("p2", "Rotational.Sources.Position", R"({"exact": true})")},
                                 {{"c1.y", "p1.phi_ref"}, {"c2.y", "p2.phi_ref"}, {"p1.flange", "inertia1.flange_a"},
                                  {"p2.flange", "inertia1.flange_b"}})),
               Catch::Contains("1 equation too many among components inertia1, p1, p2") &&
                   Catch::Contains("so nothing determines p2.flange.tau"));
}

TEST_CASE("a connection to a disabled conditional connector is removed with a warning, as in Modelica")
{
    auto model = compileModel(
        diagramFromJson(diagramJson({component("c", "Blocks.Sources.Constant", R"({"k": 1})"), component("fixed", "Rotational.Components.Fixed"),
                                     component("torque", "Rotational.Sources.Torque", R"({"useSupport": false})"),
                                     component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})")},
                                    {{"c.y", "torque.tau"}, {"torque.flange", "inertia1.flange_a"}, {"fixed.flange", "torque.support"}})),
        bundledLibrary());
    REQUIRE(model->warnings.size() == 1);
    CHECK_THAT(model->warnings[0], Catch::Contains("torque.support") && Catch::Contains("ignored") && Catch::Contains("useSupport"));
}
