// The library parts MSL's Translational.Components.Vehicle is built of: rolling resistance,
// the translational ideal rolling wheel, atan/sin blocks, the multi-column time table, and the
// Vehicle subsystem itself; each checked against a hand-computed answer.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;

TEST_CASE("rolling resistance decelerates a mass by Cr*fWeight*cos(atan(inclination))")
{
    // m = 10 kg, v(0) = 2 m/s, Cr = 0.1, fWeight = 100 N: 10 N against the motion, a = -1 m/s2.
    auto flat = simulateJson(diagramJson(
        {component("mass", "Translational.Components.Mass", R"({"m": 10})",
                   R"({"s": {"start": 0, "fixed": true}, "v": {"start": 2, "fixed": true}})"),
         component("roll", "Translational.Components.RollingResistance",
                   R"({"fWeight": 100, "CrConstant": 0.1, "reg": 3, "v0": 0.001})")},
        {{"roll.flange", "mass.flange_a"}}, 1.0, 0.1));
    CHECK(flat.sink.at("mass.v", 1.0) == Approx(1.0).epsilon(1e-6));
    CHECK(flat.sink.at("roll.f_nominal", 0.5) == Approx(-10.0).epsilon(1e-9));

    // Inclination from the input: tan(angle) = 0.75, cos(angle) = 0.8, a = -0.8 m/s2.
    auto inclined = simulateJson(diagramJson(
        {component("mass", "Translational.Components.Mass", R"({"m": 10})",
                   R"({"s": {"start": 0, "fixed": true}, "v": {"start": 2, "fixed": true}})"),
         component("grade", "Blocks.Sources.Constant", R"({"k": 0.75})"),
         component("roll", "Translational.Components.RollingResistance",
                   R"({"fWeight": 100, "CrConstant": 0.1, "reg": 3, "v0": 0.001, "useInclinationInput": true})")},
        {{"roll.flange", "mass.flange_a"}, {"grade.y", "roll.inclination"}}, 1.0, 0.1));
    CHECK(inclined.sink.at("mass.v", 1.0) == Approx(1.2).epsilon(1e-6));
}

TEST_CASE("the translational ideal rolling wheel turns a torque into force/radius")
{
    // 1 N.m on a wheel of radius 0.5 m pushes a 2 kg mass with 2 N: a = 1 m/s2, w = v/radius.
    auto s = simulateJson(diagramJson(
        {component("one", "Blocks.Sources.Constant", R"({"k": 1})"),
         component("torque", "Rotational.Sources.Torque"),
         component("wheel", "Translational.Components.IdealRollingWheel", R"({"radius": 0.5})"),
         component("mass", "Translational.Components.Mass", R"({"m": 2})",
                   R"({"s": {"start": 0, "fixed": true}, "v": {"start": 0, "fixed": true}})")},
        {{"one.y", "torque.tau"}, {"torque.flange", "wheel.flangeR"}, {"wheel.flangeT", "mass.flange_a"}}, 1.0,
        0.1));
    CHECK(s.sink.at("mass.v", 1.0) == Approx(1.0).epsilon(1e-6));
    CHECK(s.sink.at("mass.a", 0.5) == Approx(1.0).epsilon(1e-6));
}

TEST_CASE("atan and sin blocks: sin(atan(0.75)) = 0.6")
{
    auto s = simulateJson(diagramJson(
        {component("x", "Blocks.Sources.Constant", R"({"k": 0.75})"), component("atan", "Blocks.Math.Atan"),
         component("sin", "Blocks.Math.Sin")},
        {{"x.y", "atan.u"}, {"atan.y", "sin.u"}}, 0.1, 0.05));
    CHECK(s.sink.at("atan.y", 0.05) == Approx(std::atan(0.75)).epsilon(1e-12));
    CHECK(s.sink.at("sin.y", 0.05) == Approx(0.6).epsilon(1e-12));
}

TEST_CASE("a time table gives one output per value column, jumping at a repeated time")
{
    auto s = simulateJson(diagramJson(
        {component("table", "Blocks.Sources.CombiTimeTable",
                   R"({"table": [[0, 0, 1], [1, 2, 1], [1, 5, 3], [2, 5, 3]], "offset": 0.5})")},
        {}, 2.0, 0.25));
    CHECK(s.sink.at("table.y[1]", 0.5) == Approx(1.5).epsilon(1e-12));
    CHECK(s.sink.at("table.y[1]", 1.5) == Approx(5.5).epsilon(1e-12));
    CHECK(s.sink.at("table.y[2]", 0.5) == Approx(1.5).epsilon(1e-12));
    CHECK(s.sink.at("table.y[2]", 1.5) == Approx(3.5).epsilon(1e-12));
}

TEST_CASE("the Vehicle subsystem coasts down by its rolling resistance alone when drag is off")
{
    // Cd = 0, Cr = 0.1, level road: a = -0.1*g_n; the free rotational flange carries no torque.
    auto s = simulateJson(diagramJson(
        {component("vehicle", "Translational.Components.Vehicle",
                   R"({"m": 100, "J": 0, "R": 0.25, "A": 1, "Cd": 0, "CrConstant": 0.1})",
                   R"({"s": {"start": 0, "fixed": true}, "v": {"start": 5, "fixed": true}})")},
        {}, 1.0, 0.1));
    CHECK(s.sink.at("vehicle.v", 1.0) == Approx(5 - 0.1 * 9.80665).epsilon(1e-6));
    CHECK(s.sink.at("vehicle.inertia.w", 1.0) == Approx((5 - 0.1 * 9.80665) / 0.25).epsilon(1e-6));
}
