// Heat ports: a lumped body cooling through a conductor follows the exponential of its
// time constant C/G, a brake's losses heat its capacitor, and a heat port cannot be
// connected to a flange.
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;

TEST_CASE("a heat capacitor cools through a conductor with time constant C/G")
{
    auto s = simulateJson(diagramJson(
        {component("ambient", "Thermal.HeatTransfer.Sources.FixedTemperature", R"({"T": 300})"),
         component("wall", "Thermal.HeatTransfer.Components.ThermalConductor", R"({"G": 2})"),
         component("body", "Thermal.HeatTransfer.Components.HeatCapacitor", R"({"C": 1})",
                   R"({"T": {"start": 350, "fixed": true}})")},
        {{"ambient.port", "wall.port_a"}, {"wall.port_b", "body.port"}}, 1.0, 0.01));
    for (double t : {0.25, 0.5, 1.0})
        CHECK(s.sink.at("body.T", t) == Approx(300 + 50 * std::exp(-2 * t)).epsilon(1e-6));
    CHECK(s.sink.at("wall.Q_flow", 0.5) == Approx(-2 * 50 * std::exp(-1.0)).epsilon(1e-6));
}

TEST_CASE("the losses of an eddy-current brake flow into its heat port")
{
    // The capacitor gains exactly the kinetic energy the brake takes from the inertia.
    auto s = simulateJson(diagramJson(
        {component("brake", "Rotational.Sources.EddyCurrentTorque",
                   R"({"tau_nominal": 100, "w_nominal": 10, "useHeatPort": true, "TRef": 293.15, "alpha20": 0})"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 1})",
                   R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 20, "fixed": true}})"),
         component("capacitor", "Thermal.HeatTransfer.Components.HeatCapacitor", R"({"C": 10})",
                   R"({"T": {"start": 293.15, "fixed": true}})")},
        {{"brake.flange", "inertia.flange_a"}, {"brake.heatPort", "capacitor.port"}}, 1.0, 0.01));
    double w1 = s.sink.last("inertia.w");
    double heat = 10 * (s.sink.last("capacitor.T") - 293.15);
    CHECK(w1 < 20);
    CHECK(heat == Approx(0.5 * (20 * 20 - w1 * w1)).epsilon(1e-5));
}

TEST_CASE("a heat port cannot be connected to a flange")
{
    std::string message;
    try {
        compileModel(diagramFromJson(diagramJson(
                         {component("body", "Thermal.HeatTransfer.Components.HeatCapacitor", R"({"C": 1})"),
                          component("inertia", "Rotational.Components.Inertia", R"({"J": 1})")},
                         {{"body.port", "inertia.flange_a"}})),
                     bundledLibrary());
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message.find("thermal") != std::string::npos);
    CHECK(message.find("rotational") != std::string::npos);
    CHECK(message.find("body.port") != std::string::npos);
}
