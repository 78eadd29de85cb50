// Issue 16: the Mechanics classes of MSL v4.0.0 added to complete the library
// (Torque2, Force2, Translational.Components.IdealGearR2T, the general rotational
// adaptors, InitializeFlange in both domains, Gearbox), each checked against an answer
// worked out by hand from MSL's equations.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace flange;
using namespace flange::test;

namespace {
const char* kAtRest = R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})";
const char* kMassAtRest = R"({"s": {"start": 0, "fixed": true}, "v": {"start": 0, "fixed": true}})";
} // namespace

TEST_CASE("Torque2 drives its two flanges with opposite torques")
{
    // tau = 2 N.m between J1 = 1 and J2 = 2: flange_a.tau = tau pushes inertia 1 backwards
    // (a1 = -2 rad/s2), flange_b.tau = -tau drives inertia 2 forwards (a2 = 1 rad/s2).
    auto s = simulateJson(diagramJson(
        {component("two", "Blocks.Sources.Constant", R"({"k": 2})"),
         component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})", kAtRest),
         component("torque", "Rotational.Sources.Torque2"),
         component("inertia2", "Rotational.Components.Inertia", R"({"J": 2})", kAtRest)},
        {{"two.y", "torque.tau"}, {"inertia1.flange_b", "torque.flange_a"}, {"torque.flange_b", "inertia2.flange_a"}},
        1.0, 0.1));
    CHECK(s.sink.at("inertia1.w", 1.0) == Approx(-2.0).epsilon(1e-6));
    CHECK(s.sink.at("inertia2.w", 1.0) == Approx(1.0).epsilon(1e-6));
    CHECK(s.sink.at("inertia2.phi", 1.0) == Approx(0.5).epsilon(1e-6));
}

TEST_CASE("Force2 pushes its two flanges apart with the same force")
{
    // f = 4 N between m1 = 1 kg and m2 = 4 kg: a1 = -4 m/s2, a2 = 1 m/s2.
    auto s = simulateJson(diagramJson(
        {component("four", "Blocks.Sources.Constant", R"({"k": 4})"),
         component("mass1", "Translational.Components.Mass", R"({"m": 1})", kMassAtRest),
         component("force", "Translational.Sources.Force2"),
         component("mass2", "Translational.Components.Mass", R"({"m": 4})", kMassAtRest)},
        {{"four.y", "force.f"}, {"mass1.flange_b", "force.flange_a"}, {"force.flange_b", "mass2.flange_a"}}, 1.0,
        0.1));
    CHECK(s.sink.at("mass1.v", 1.0) == Approx(-4.0).epsilon(1e-6));
    CHECK(s.sink.at("mass2.v", 1.0) == Approx(1.0).epsilon(1e-6));
    CHECK(s.sink.at("mass2.s", 1.0) == Approx(0.5).epsilon(1e-6));
}

TEST_CASE("the translational IdealGearR2T turns a torque into ratio times the force")
{
    // 1 N.m through ratio 2 rad/m pushes a 2 kg mass with 2 N: a = 1 m/s2, w = ratio*v.
    auto s = simulateJson(diagramJson(
        {component("one", "Blocks.Sources.Constant", R"({"k": 1})"),
         component("torque", "Rotational.Sources.Torque"),
         component("gear", "Translational.Components.IdealGearR2T", R"({"ratio": 2})"),
         component("mass", "Translational.Components.Mass", R"({"m": 2})", kMassAtRest)},
        {{"one.y", "torque.tau"}, {"torque.flange", "gear.flangeR"}, {"gear.flangeT", "mass.flange_a"}}, 1.0, 0.1));
    CHECK(s.sink.at("mass.v", 1.0) == Approx(1.0).epsilon(1e-6));
    CHECK(s.sink.at("mass.a", 0.5) == Approx(1.0).epsilon(1e-6));
}

TEST_CASE("GeneralAngleToTorqueAdaptor gives the torque that moves an inertia along the angle input")
{
    // p = sin(2*pi*t) on J = 2: the torque needed is f = J*der(der(p)) = -2*(2*pi)^2*sin(2*pi*t).
    auto s = simulateJson(diagramJson(
        {component("angle", "Blocks.Sources.Sine", R"({"amplitude": 1, "f": 1})"),
         component("adaptor", "Rotational.Components.GeneralAngleToTorqueAdaptor",
                   R"({"use_pder": false, "use_pder2": false})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 2})")},
        {{"angle.y", "adaptor.p"}, {"adaptor.flange", "inertia.flange_a"}}, 0.5, 0.125));
    const double w2 = 4 * M_PI * M_PI;
    CHECK(s.sink.at("inertia.phi", 0.125) == Approx(std::sin(M_PI / 4)).epsilon(1e-9));
    CHECK(s.sink.at("adaptor.f", 0.125) == Approx(-2 * w2 * std::sin(M_PI / 4)).epsilon(1e-4));
    CHECK(s.sink.at("adaptor.f", 0.375) == Approx(-2 * w2 * std::sin(3 * M_PI / 4)).epsilon(1e-4));
}

TEST_CASE("GeneralTorqueToAngleAdaptor puts out the angle, speed and acceleration of the flange it drives")
{
    // flange.tau = f = 2 N.m on the adaptor's side: the inertia at the other side of the
    // connection feels -2 N.m, so with J = 1: a = -2, w = -2t, phi = -t^2.
    auto s = simulateJson(diagramJson(
        {component("two", "Blocks.Sources.Constant", R"({"k": 2})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 1})", kAtRest),
         component("adaptor", "Rotational.Components.GeneralTorqueToAngleAdaptor")},
        {{"two.y", "adaptor.f"}, {"inertia.flange_b", "adaptor.flange"}}, 1.0, 0.1));
    CHECK(s.sink.at("adaptor.p", 1.0) == Approx(-1.0).epsilon(1e-6));
    CHECK(s.sink.at("adaptor.pder", 1.0) == Approx(-2.0).epsilon(1e-6));
    CHECK(s.sink.at("adaptor.pder2", 0.5) == Approx(-2.0).epsilon(1e-6));
}

TEST_CASE("rotational InitializeFlange sets angle, speed and acceleration from its inputs at t = 0")
{
    // Inertia 1 (J = 1) coupled by a spring-damper (c = 100, d = 10) to inertia 2 (J = 1,
    // phi2(0) = 0). phi1(0) = 0.1, w1(0) = 2 and a1(0) = -20 come from the inputs; the
    // acceleration fixes w2(0): -20 = 100*(0 - 0.1) + 10*(w2 - 2), so w2(0) = 1. No external
    // torque afterwards: J1*w1 + J2*w2 = 3 stays constant.
    auto s = simulateJson(diagramJson(
        {component("phi0", "Blocks.Sources.Constant", R"({"k": 0.1})"),
         component("w0", "Blocks.Sources.Constant", R"({"k": 2})"),
         component("a0", "Blocks.Sources.Constant", R"({"k": -20})"),
         component("init", "Rotational.Components.InitializeFlange"),
         component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"),
         component("coupling", "Rotational.Components.SpringDamper", R"({"c": 100, "d": 10})"),
         component("inertia2", "Rotational.Components.Inertia", R"({"J": 1})",
                   R"({"phi": {"start": 0, "fixed": true}})")},
        {{"phi0.y", "init.phi_start"}, {"w0.y", "init.w_start"}, {"a0.y", "init.a_start"},
         {"init.flange", "inertia1.flange_a"}, {"inertia1.flange_b", "coupling.flange_a"},
         {"coupling.flange_b", "inertia2.flange_a"}},
        1.0, 0.1));
    CHECK(s.sink.at("inertia1.phi", 0.0) == Approx(0.1).epsilon(1e-9));
    CHECK(s.sink.at("inertia1.w", 0.0) == Approx(2.0).epsilon(1e-9));
    CHECK(s.sink.at("inertia1.a", 0.0) == Approx(-20.0).epsilon(1e-7));
    CHECK(s.sink.at("inertia2.w", 0.0) == Approx(1.0).epsilon(1e-7));
    CHECK(s.sink.at("init.w_flange", 0.0) == Approx(2.0).epsilon(1e-9));
    for (double t : {0.3, 1.0})
        CHECK(s.sink.at("inertia1.w", t) + s.sink.at("inertia2.w", t) == Approx(3.0).epsilon(1e-5));
}

TEST_CASE("rotational InitializeFlange without its acceleration input sets angle and speed only")
{
    // J = 2 driven by 4 N.m: a = 2, so phi(1) = 0.1 + 2*1 + 1 = 3.1 and w(1) = 4.
    auto s = simulateJson(diagramJson(
        {component("phi0", "Blocks.Sources.Constant", R"({"k": 0.1})"),
         component("w0", "Blocks.Sources.Constant", R"({"k": 2})"),
         component("four", "Blocks.Sources.Constant", R"({"k": 4})"),
         component("init", "Rotational.Components.InitializeFlange", R"({"use_a_start": false})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 2})"),
         component("torque", "Rotational.Sources.Torque")},
        {{"phi0.y", "init.phi_start"}, {"w0.y", "init.w_start"}, {"init.flange", "inertia.flange_a"},
         {"four.y", "torque.tau"}, {"torque.flange", "inertia.flange_b"}},
        1.0, 0.1));
    CHECK(s.sink.at("inertia.phi", 1.0) == Approx(3.1).epsilon(1e-6));
    CHECK(s.sink.at("inertia.w", 1.0) == Approx(4.0).epsilon(1e-6));
}

TEST_CASE("translational InitializeFlange sets position, speed and acceleration from its inputs at t = 0")
{
    // As the rotational case: s1(0) = 0.1, v1(0) = 2, a1(0) = -20 give v2(0) = 1, and the
    // momentum m1*v1 + m2*v2 = 3 stays constant.
    auto s = simulateJson(diagramJson(
        {component("s0", "Blocks.Sources.Constant", R"({"k": 0.1})"),
         component("v0", "Blocks.Sources.Constant", R"({"k": 2})"),
         component("a0", "Blocks.Sources.Constant", R"({"k": -20})"),
         component("init", "Translational.Components.InitializeFlange"),
         component("mass1", "Translational.Components.Mass", R"({"m": 1})"),
         component("coupling", "Translational.Components.SpringDamper", R"({"c": 100, "d": 10})"),
         component("mass2", "Translational.Components.Mass", R"({"m": 1})", R"({"s": {"start": 0, "fixed": true}})")},
        {{"s0.y", "init.s_start"}, {"v0.y", "init.v_start"}, {"a0.y", "init.a_start"},
         {"init.flange", "mass1.flange_a"}, {"mass1.flange_b", "coupling.flange_a"},
         {"coupling.flange_b", "mass2.flange_a"}},
        1.0, 0.1));
    CHECK(s.sink.at("mass1.s", 0.0) == Approx(0.1).epsilon(1e-9));
    CHECK(s.sink.at("mass1.v", 0.0) == Approx(2.0).epsilon(1e-9));
    CHECK(s.sink.at("mass1.a", 0.0) == Approx(-20.0).epsilon(1e-7));
    CHECK(s.sink.at("mass2.v", 0.0) == Approx(1.0).epsilon(1e-7));
    for (double t : {0.3, 1.0})
        CHECK(s.sink.at("mass1.v", t) + s.sink.at("mass2.v", t) == Approx(3.0).epsilon(1e-5));
}
