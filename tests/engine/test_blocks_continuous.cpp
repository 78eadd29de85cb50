// Modelica.Blocks.Continuous as data: each block's response against a value worked out by
// hand from its equations (MSL v4.0.0), and a PI and a LimPID closing loops.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;

namespace {

std::string constant(const std::string& name, double k)
{
    return component(name, "Blocks.Sources.Constant", R"({"k": )" + std::to_string(k) + "}");
}

} // namespace

TEST_CASE("FirstOrder: a unit step reaches k*(1 - 1/e) after one time constant")
{
    auto s = simulateJson(diagramJson(
        {constant("one", 1),
         component("f", "Blocks.Continuous.FirstOrder", R"({"k": 2, "T": 0.5, "initType": "Init.InitialState"})")},
        {{"one.y", "f.u"}}, 1.0, 0.05));
    CHECK(s.sink.at("f.y", 0.0) == Approx(0.0).margin(1e-12));
    CHECK(s.sink.at("f.y", 0.5) == Approx(2 * (1 - std::exp(-1.0))).epsilon(1e-6));

    // Steady-state initialization starts at the end value k*u and stays there.
    auto steady = simulateJson(diagramJson(
        {constant("one", 1),
         component("f", "Blocks.Continuous.FirstOrder", R"({"k": 2, "T": 0.5, "initType": "Blocks.Types.Init.SteadyState"})")},
        {{"one.y", "f.u"}}, 1.0, 0.25));
    CHECK(steady.sink.at("f.y", 0.0) == Approx(2.0).epsilon(1e-9));
    CHECK(steady.sink.at("f.y", 1.0) == Approx(2.0).epsilon(1e-9));
}

TEST_CASE("SecondOrder, critically damped: y = 1 - (1 + w t) exp(-w t)")
{
    auto s = simulateJson(diagramJson(
        {constant("one", 1),
         component("g", "Blocks.Continuous.SecondOrder", R"({"w": 10, "D": 1, "initType": "Init.InitialState"})")},
        {{"one.y", "g.u"}}, 0.5, 0.05));
    CHECK(s.sink.at("g.y", 0.2) == Approx(1 - 3 * std::exp(-2.0)).epsilon(1e-6));
    CHECK(s.sink.at("g.yd", 0.2) == Approx(100 * 0.2 * std::exp(-2.0)).epsilon(1e-6)); // w^2 t exp(-w t)
}

TEST_CASE("Integrator: y = y_start + k*u*t, and a reset sets it to the set input")
{
    auto s = simulateJson(diagramJson(
        {constant("three", 3), component("i", "Blocks.Continuous.Integrator", R"({"k": 2, "y_start": 1})")},
        {{"three.y", "i.u"}}, 1.0, 0.1));
    CHECK(s.sink.at("i.y", 0.5) == Approx(4.0).epsilon(1e-8));

    // At t = 0.5 the reset input rises: y jumps to set = 10 and goes on rising by 6/s.
    auto r = simulateJson(diagramJson(
        {constant("three", 3), constant("ten", 10),
         component("resetAt", "Blocks.Sources.BooleanStep", R"({"startTime": 0.5})"),
         component("i", "Blocks.Continuous.Integrator",
                   R"({"k": 2, "y_start": 1, "use_reset": true, "use_set": true})")},
        {{"three.y", "i.u"}, {"ten.y", "i.set"}, {"resetAt.y", "i.reset"}}, 1.0, 0.1));
    CHECK(r.sink.at("i.y", 0.4) == Approx(3.4).epsilon(1e-8));
    CHECK(r.sink.at("i.y", 1.0) == Approx(13.0).epsilon(1e-8));

    // Without a set input the reset goes back to y_start.
    auto back = simulateJson(diagramJson(
        {constant("three", 3), component("resetAt", "Blocks.Sources.BooleanStep", R"({"startTime": 0.5})"),
         component("i", "Blocks.Continuous.Integrator", R"({"k": 2, "y_start": 1, "use_reset": true})")},
        {{"three.y", "i.u"}, {"resetAt.y", "i.reset"}}, 1.0, 0.1));
    CHECK(back.sink.at("i.y", 1.0) == Approx(4.0).epsilon(1e-8));
}

TEST_CASE("Derivative of a ramp of slope 2 approaches 2 as 2*(1 - exp(-t/T))")
{
    auto s = simulateJson(diagramJson(
        {component("ramp", "Blocks.Sources.Ramp", R"({"height": 2, "duration": 1})"),
         component("d", "Blocks.Continuous.Derivative", R"({"T": 0.01, "initType": "Init.InitialState"})")},
        {{"ramp.y", "d.u"}}, 0.5, 0.01));
    CHECK(s.sink.at("d.y", 0.01) == Approx(2 * (1 - std::exp(-1.0))).epsilon(1e-5));
    CHECK(s.sink.at("d.y", 0.3) == Approx(2.0).epsilon(1e-6));
}

TEST_CASE("PI: y = k*(u + u*t/T) for a constant input")
{
    auto s = simulateJson(diagramJson(
        {constant("one", 1), component("pi", "Blocks.Continuous.PI", R"({"k": 2, "T": 0.5, "initType": "Init.InitialState"})")},
        {{"one.y", "pi.u"}}, 1.0, 0.1));
    CHECK(s.sink.at("pi.y", 0.5) == Approx(4.0).epsilon(1e-8));
    CHECK(s.sink.at("pi.x", 1.0) == Approx(2.0).epsilon(1e-8));
}

TEST_CASE("PID: proportional, integral and a derivative kick of Td/(Td/Nd) decaying with Td/Nd")
{
    // u = 1: y = k*(1 + t/Ti + Nd*exp(-t*Nd/Td)); Ti = 0.5, Td = 0.1, Nd = 10.
    auto s = simulateJson(diagramJson(
        {constant("one", 1), component("pid", "Blocks.Continuous.PID", R"({"Ti": 0.5, "Td": 0.1})")},
        {{"one.y", "pid.u"}}, 0.5, 0.01));
    CHECK(s.sink.at("pid.y", 0.01) == Approx(1 + 0.02 + 10 * std::exp(-1.0)).epsilon(1e-5));
    CHECK(s.sink.at("pid.y", 0.5) == Approx(2.0).epsilon(1e-6));
}

TEST_CASE("a PI speed controller holds an inertia's speed against a load step")
{
    // J = 2, PI k = 10, T = 0.1: closed loop 2 s^2 + 10 s + 100, poles -2.5 +- 6.6i, settled
    // to exp(-7.5) by t = 3 s. A load of 5 N.m from then on first pulls the speed down (by
    // about 0.2 rad/s after 0.2 s); the integral action brings it back to the set 10 rad/s,
    // and the controller then delivers the load: k*x = 5, so x = 0.5.
    auto s = simulateJson(diagramJson(
        {constant("wRef", 10), component("error", "Blocks.Math.Feedback"),
         component("pi", "Blocks.Continuous.PI", R"({"k": 10, "T": 0.1, "initType": "Init.InitialState"})"),
         component("drive", "Rotational.Sources.Torque"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 2})",
                   R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})"),
         component("speed", "Rotational.Sensors.SpeedSensor"),
         component("load", "Rotational.Sources.TorqueStep", R"({"stepTorque": -5, "offsetTorque": 0, "startTime": 3})")},
        {{"wRef.y", "error.u1"}, {"speed.w", "error.u2"}, {"error.y", "pi.u"}, {"pi.y", "drive.tau"},
         {"drive.flange", "inertia.flange_a"}, {"inertia.flange_b", "speed.flange"}, {"load.flange", "inertia.flange_b"}},
        10.0, 0.1));
    CHECK(s.sink.at("inertia.w", 2.9) == Approx(10.0).margin(0.01)); // settled before the load
    CHECK(s.sink.at("inertia.w", 3.2) < 9.9);                         // the load pulls it down
    CHECK(s.sink.last("inertia.w") == Approx(10.0).epsilon(1e-6));
    CHECK(s.sink.last("pi.x") == Approx(0.5).epsilon(1e-5));
    CHECK(s.sink.last("pi.y") == Approx(5.0).epsilon(1e-5));
}

TEST_CASE("LimPID saturates with its integrator held by anti-windup and recovers at once")
{
    // PI, k = 2, Ti = 0.5, yMax = 1, Ni = 0.9; u_s = 1 until t = 2, then 0; u_m = 0.
    // Saturated: der(xi) = (e + (yMax - k*(e + xi))/(k*Ni))/Ti, so xi tends to
    // yMax/k + Ni*e - e = 0.4 with time constant Ti*Ni = 0.45 s (without anti-windup xi
    // would reach e*t/Ti = 4 by t = 2). After the set point drops the output is k*xi(2),
    // inside the limits, and stays: the error is zero.
    auto s = simulateJson(diagramJson(
        {component("setPoint", "Blocks.Sources.Step", R"({"offset": 1, "height": -1, "startTime": 2})"),
         constant("measured", 0),
         component("pid", "Blocks.Continuous.LimPID",
                   R"({"controllerType": "SimpleController.PI", "k": 2, "Ti": 0.5, "yMax": 1, "Ni": 0.9})")},
        {{"setPoint.y", "pid.u_s"}, {"measured.y", "pid.u_m"}}, 3.0, 0.05));
    const double xi2 = 0.4 * (1 - std::exp(-2 / 0.45));
    CHECK(s.sink.at("pid.y", 1.0) == Approx(1.0).epsilon(1e-9));
    CHECK(s.sink.at("pid.xi", 1.0) == Approx(0.4 * (1 - std::exp(-1 / 0.45))).epsilon(1e-5));
    CHECK(s.sink.at("pid.xi", 1.95) < 0.4);
    CHECK(s.sink.at("pid.y", 2.5) == Approx(2 * xi2).epsilon(1e-4));
    CHECK(s.sink.last("pid.y") == Approx(2 * xi2).epsilon(1e-4));
}

TEST_CASE("LimPID as a P controller is the limited weighted error")
{
    auto s = simulateJson(diagramJson(
        {constant("setPoint", 0.4), constant("measured", 0.1),
         component("pid", "Blocks.Continuous.LimPID",
                   R"({"controllerType": "SimpleController.P", "k": 3, "yMax": 1, "wp": 0.5})")},
        {{"setPoint.y", "pid.u_s"}, {"measured.y", "pid.u_m"}}, 0.2, 0.1));
    CHECK(s.sink.last("pid.y") == Approx(3 * (0.5 * 0.4 - 0.1)).epsilon(1e-12));
    CHECK(s.sink.last("pid.controlError") == Approx(0.3).epsilon(1e-12));
}
