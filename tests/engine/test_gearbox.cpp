// Issue 16: Rotational.Components.Gearbox, the bundled subsystem of a LossyGear followed by
// an ElastoBacklash (MSL v4.0.0), checked against hand-worked steady states and the free
// travel of its backlash.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

// flange_a turned at 10 rad/s through a torque sensor; flange_b drives a small inertia
// (0.05 kg.m2, starting at the output speed 2.5 rad/s) loaded by a constant torque.
Simulated drivenGearbox(double loadTorque, bool heatPort = false)
{
    std::vector<std::string> parts = {
        component("speed", "Rotational.Sources.ConstantSpeed", R"({"w_fixed": 10})"),
        component("sensor", "Rotational.Sensors.TorqueSensor"),
        component("gearbox", "Rotational.Components.Gearbox",
                  R"({"ratio": 4, "lossTable": [[0, 0.8, 0.5, 0, 0]], "c": 1e4, "d": 10})"),
        component("inertia", "Rotational.Components.Inertia", R"({"J": 0.05})", R"({"w": {"start": 2.5, "fixed": true}})"),
        component("load", "Rotational.Sources.Torque"),
        component("loadTorque", "Blocks.Sources.Constant", "{\"k\": " + std::to_string(loadTorque) + "}")};
    std::vector<std::pair<std::string, std::string>> connections = {
        {"speed.flange", "sensor.flange_a"}, {"sensor.flange_b", "gearbox.flange_a"},
        {"gearbox.flange_b", "inertia.flange_a"}, {"inertia.flange_b", "load.flange"}, {"loadTorque.y", "load.tau"}};
    if (heatPort) {
        parts[2] = component("gearbox", "Rotational.Components.Gearbox",
                             R"({"ratio": 4, "lossTable": [[0, 0.8, 0.5, 0, 0]], "c": 1e4, "d": 10, "useHeatPort": true})");
        parts.push_back(component("ambient", "Thermal.HeatTransfer.Sources.FixedTemperature", R"({"T": 300})"));
        connections.push_back({"gearbox.heatPort", "ambient.port"});
    }
    return simulateJson(diagramJson(parts, connections, 1.0, 0.01));
}

} // namespace

TEST_CASE("Gearbox turns the output at 1/ratio of the input speed and loses 1 - eta_mf1 when flange_a drives")
{
    // Output held at 10 N.m against the motion: ideally 10/4 = 2.5 N.m at the input; with
    // eta_mf1 = 0.8 the input torque is 2.5/0.8 = 3.125 N.m.
    auto s = drivenGearbox(-10);
    CHECK(s.sink.at("inertia.w", 1.0) == Approx(2.5).epsilon(1e-6));
    CHECK(s.sink.at("sensor.tau", 1.0) == Approx(3.125).epsilon(1e-5));
    // The elastic mesh carries the output torque: phi_rel = 10/c.
    CHECK(s.sink.at("gearbox.phi_rel", 1.0) == Approx(-1e-3).epsilon(1e-5));
}

TEST_CASE("Gearbox passes eta_mf2 of the power back when flange_b drives")
{
    // The load now pushes with 10 N.m: flange_a receives 10/4*eta_mf2 = 1.25 N.m, so the
    // speed source has to hold back -1.25 N.m.
    auto s = drivenGearbox(10);
    CHECK(s.sink.at("inertia.w", 1.0) == Approx(2.5).epsilon(1e-6));
    CHECK(s.sink.at("sensor.tau", 1.0) == Approx(-1.25).epsilon(1e-5));
}

TEST_CASE("Gearbox with useHeatPort sends its loss power to the heat port")
{
    // In 10 rad/s * 3.125 N.m = 31.25 W, out 2.5 rad/s * 10 N.m = 25 W: 6.25 W of heat.
    auto s = drivenGearbox(-10, true);
    CHECK(s.sink.at("ambient.port.Q_flow", 1.0) == Approx(6.25).epsilon(1e-5));
}

TEST_CASE("Gearbox lets the output turn freely through its backlash, then stops it on the elastic mesh")
{
    // Input fixed, ratio 1, total backlash b = 0.2 rad: an inertia J = 1 pushed by 1 N.m
    // moves as phi = t^2/2 until it meets the mesh at b/2 = 0.1 rad (t = sqrt(0.2)). There
    // it has 0.1 J of kinetic energy, which with the torque still pushing compresses the
    // mesh (c = 1e4, no damping) by x: c*x^2/2 = 0.1 + 1*x, x = (1 + sqrt(1 + 2000))/1e4.
    auto s = simulateJson(diagramJson(
        {component("fixed", "Rotational.Components.Fixed"),
         component("gearbox", "Rotational.Components.Gearbox", R"({"ratio": 1, "b": 0.2, "c": 1e4, "d": 0})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 1})",
                   R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})"),
         component("push", "Rotational.Sources.Torque"), component("one", "Blocks.Sources.Constant", R"({"k": 1})")},
        {{"fixed.flange", "gearbox.flange_a"}, {"gearbox.flange_b", "inertia.flange_a"},
         {"inertia.flange_b", "push.flange"}, {"one.y", "push.tau"}},
        0.6, 0.0005));
    CHECK(s.sink.at("inertia.phi", 0.4) == Approx(0.08).epsilon(1e-6));
    CHECK(s.sink.at("gearbox.elastoBacklash.tau", 0.4) == Approx(0.0).margin(1e-9));
    const int col = s.sink.column("inertia.phi");
    double phiMax = 0;
    for (const auto& row : s.sink.rows)
        phiMax = std::max(phiMax, row[static_cast<size_t>(col)]);
    const double x = (1 + std::sqrt(1 + 2000.0)) / 1e4;
    CHECK(phiMax == Approx(0.1 + x).epsilon(1e-4));
}

TEST_CASE("Gearbox with useSupport turns with its support")
{
    // Support and input both turned at 1 rad/s relative to ground: with ratio 4 the gear's
    // relative motion is zero, so the output turns with the housing at 1 rad/s.
    auto s = simulateJson(diagramJson(
        {component("speedIn", "Rotational.Sources.ConstantSpeed", R"({"w_fixed": 1})"),
         component("speedHousing", "Rotational.Sources.ConstantSpeed", R"({"w_fixed": 1})"),
         component("gearbox", "Rotational.Components.Gearbox", R"({"ratio": 4, "useSupport": true, "c": 1e4, "d": 10})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 0.01})",
                   R"({"w": {"start": 1, "fixed": true}})")},
        {{"speedIn.flange", "gearbox.flange_a"}, {"speedHousing.flange", "gearbox.support"},
         {"gearbox.flange_b", "inertia.flange_a"}},
        1.0, 0.1));
    CHECK(s.sink.at("inertia.w", 1.0) == Approx(1.0).epsilon(1e-6));
}
