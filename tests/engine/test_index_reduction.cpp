// Alias elimination, Pantelides and dummy derivatives on the textbook drive trains of
// engine.md (T1-T4). Expected values are derived by hand in the comments.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::test;

namespace {

const std::string kTorque = component("torque", "Rotational.Sources.Torque");
const std::string kConst = component("const", "Blocks.Sources.Constant", R"({"k": 3})");

} // namespace

TEST_CASE("T1: rigidly connected inertias share one state pair and need no differentiation")
{
    auto s = simulateJson(diagramJson(
        {kConst, kTorque, component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})", R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})"),
         component("inertia2", "Rotational.Components.Inertia", R"({"J": 2})")},
        {{"const.y", "torque.tau"}, {"torque.flange", "inertia1.flange_a"}, {"inertia1.flange_b", "inertia2.flange_a"}}));
    CHECK(s.model->stats.states == 2);
    CHECK(s.model->stats.differentiatedEquations == 0);
    // a = tau / (J1 + J2) = 1 rad/s^2
    CHECK(s.sink.last("inertia1.w") == Approx(1.0).epsilon(1e-6));
    CHECK(s.sink.last("inertia2.w") == Approx(1.0).epsilon(1e-6));
    CHECK(s.sink.last("inertia2.phi") == Approx(0.5).epsilon(1e-6));
}

TEST_CASE("T2: a gear between inertias is index 3, and two states remain")
{
    auto s = simulateJson(diagramJson(
        {kConst, kTorque, component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})", R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})"),
         component("gear", "Rotational.Components.IdealGear", R"({"ratio": 2})"),
         component("inertia2", "Rotational.Components.Inertia", R"({"J": 4})")},
        {{"const.y", "torque.tau"}, {"torque.flange", "inertia1.flange_a"}, {"inertia1.flange_b", "gear.flange_a"},
         {"gear.flange_b", "inertia2.flange_a"}}));
    CHECK(s.model->stats.states == 2);
    CHECK(s.model->stats.differentiatedEquations >= 2);
    // a1 = tau / (J1 + J2/ratio^2) = 3 / (1 + 1) = 1.5; w2 = w1 / ratio
    CHECK(s.sink.last("inertia1.w") == Approx(1.5).epsilon(1e-6));
    CHECK(s.sink.last("inertia2.w") == Approx(0.75).epsilon(1e-6));
}

TEST_CASE("T3: a rod keeps two masses a fixed distance apart")
{
    auto s = simulateJson(diagramJson(
        {component("const", "Blocks.Sources.Constant", R"({"k": 6})"), component("force", "Translational.Sources.Force"),
         component("mass1", "Translational.Components.Mass", R"({"m": 1, "L": 0.2})", R"({"s": {"start": 0, "fixed": true}, "v": {"start": 0, "fixed": true}})"),
         component("rod", "Translational.Components.Rod", R"({"L": 1.5})"),
         component("mass2", "Translational.Components.Mass", R"({"m": 2, "L": 0.4})")},
        {{"const.y", "force.f"}, {"force.flange", "mass1.flange_a"}, {"mass1.flange_b", "rod.flange_a"},
         {"rod.flange_b", "mass2.flange_a"}}));
    CHECK(s.model->stats.states == 2);
    // a = F/(m1+m2) = 2; centres 0.1 + 1.5 + 0.2 = 1.8 m apart
    CHECK(s.sink.last("mass1.v") == Approx(2.0).epsilon(1e-6));
    CHECK(s.sink.last("mass2.s") - s.sink.last("mass1.s") == Approx(1.8).epsilon(1e-9));
}

TEST_CASE("T4: compliant elements keep their relative states (MSL stateSelect=prefer)")
{
    auto json = diagramJson(
        {component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})", R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 1, "fixed": true}})"),
         component("sd", "Rotational.Components.SpringDamper", R"({"c": 100, "d": 1})"),
         component("inertia2", "Rotational.Components.Inertia", R"({"J": 1})", R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})")},
        {{"inertia1.flange_b", "sd.flange_a"}, {"sd.flange_b", "inertia2.flange_a"}});
    auto s = simulateJson(json);
    CHECK(s.model->stats.states == 4);
    CHECK(hasState(*s.model, "sd.phi_rel"));
    CHECK(hasState(*s.model, "sd.w_rel"));
    // momentum is conserved: w1 + w2 = 1 at all times
    CHECK(s.sink.last("inertia1.w") + s.sink.last("inertia2.w") == Approx(1.0).epsilon(1e-6));
}
