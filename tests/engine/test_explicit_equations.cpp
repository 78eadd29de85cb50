// Algebraic unknowns computed explicitly at translation (structure/explicit_equations.hpp):
// the solver integrates the states and the algebraic loops only, and the computed values
// reach the results, the initial conditions and the messages as before.
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::test;

namespace {

std::string inertia(const std::string& name, double j, const std::string& variables = "{}")
{
    return component(name, "Rotational.Components.Inertia", R"({"J": )" + std::to_string(j) + "}", variables);
}

std::string torqueOf(double tau)
{
    return component("k", "Blocks.Sources.Constant", R"({"k": )" + std::to_string(tau) + "}") + "," +
           component("torque", "Rotational.Sources.Torque");
}

} // namespace

TEST_CASE("two inertias joined rigidly: the solver sees one angle and speed, the joint torque is computed")
{
    // tau = 10 on J1 = 1 and J2 = 4 joined rigidly: a = 10/5 = 2, the joint carries J2*a = 8.
    auto s = simulateJson(diagramJson({torqueOf(10), inertia("inertia1", 1, R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})"),
                                       inertia("inertia2", 4)},
                                      {{"k.y", "torque.tau"}, {"torque.flange", "inertia1.flange_a"},
                                       {"inertia1.flange_b", "inertia2.flange_a"}}));
    CHECK(s.model->n == 2);
    CHECK(s.model->stats.computed > 0);
    CHECK(s.sink.at("inertia2.flange_a.tau", 0.5) == Approx(8.0).epsilon(1e-9));
    CHECK(s.sink.at("inertia1.a", 0.5) == Approx(2.0).epsilon(1e-9));
    CHECK(s.sink.last("inertia2.w") == Approx(2.0).epsilon(1e-6));
}

TEST_CASE("a drive line of spring-dampers integrates two states per inertia and keeps its momentum balance")
{
    // Ten inertias (J = 1) joined by spring-dampers, 10 N.m on the first, the far end free:
    // the momentum sum(J*w) grows as 10*t whatever the springs do.
    std::vector<std::string> comps{torqueOf(10)};
    std::vector<std::pair<std::string, std::string>> cons{{"k.y", "torque.tau"}, {"torque.flange", "inertia1.flange_a"}};
    const int n = 10;
    for (int i = 1; i <= n; ++i) {
        const std::string in = "inertia" + std::to_string(i);
        comps.push_back(inertia(in, 1, i == 1 ? R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})" : "{}"));
        if (i < n) {
            const std::string sd = "springDamper" + std::to_string(i);
            comps.push_back(component(sd, "Rotational.Components.SpringDamper", R"({"c": 1e4, "d": 10})",
                                      R"({"phi_rel": {"start": 0, "fixed": true}, "w_rel": {"start": 0, "fixed": true}})"));
            cons.push_back({in + ".flange_b", sd + ".flange_a"});
            cons.push_back({sd + ".flange_b", "inertia" + std::to_string(i + 1) + ".flange_a"});
        }
    }
    auto s = simulateJson(diagramJson(comps, cons));
    CHECK(s.model->n == 2 * n);
    double momentum = 0;
    for (int i = 1; i <= n; ++i)
        momentum += s.sink.last("inertia" + std::to_string(i) + ".w");
    CHECK(momentum == Approx(10.0).epsilon(1e-5));
    // The last inertia is driven by the last spring-damper alone, whose flange_b carries tau:
    // J*a = flange_a.tau = -tau.
    CHECK(s.sink.at("inertia10.a", 0.5) == Approx(-s.sink.at("springDamper9.tau", 0.5)).epsilon(1e-9));
}

namespace {

// The run stops at t = 0 naming d's division as the equation that gave no finite number.
void checkStopsAtDivision(const std::string& json)
{
    try {
        simulateJson(json);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(std::string(e.what()), Catch::Contains("equation d: y = u1/u2") &&
                                              Catch::Contains("not a finite number") && Catch::Contains("at t = 0 s"));
    }
}

} // namespace

TEST_CASE("a computed unknown that is not a finite number stops the run naming its equation")
{
    // Nothing here has a state: the division's output is computed from the constants alone.
    const std::string json = diagramJson(
        {component("zero", "Blocks.Sources.Constant", R"({"k": 0})"), component("d", "Blocks.Math.Division")},
        {{"zero.y", "d.u1"}, {"zero.y", "d.u2"}});
    checkStopsAtDivision(json);
}

TEST_CASE("an infinite computed unknown, after finite ones, stops the run as a NaN does")
{
    // one / zero is +infinity; the gains before it compute finite values
    const std::string json = diagramJson(
        {component("one", "Blocks.Sources.Constant", R"({"k": 1})"), component("zero", "Blocks.Sources.Constant", R"({"k": 0})"),
         component("g1", "Blocks.Math.Gain", R"({"k": 2})"), component("g2", "Blocks.Math.Gain", R"({"k": 3})"),
         component("d", "Blocks.Math.Division")},
        {{"one.y", "g1.u"}, {"g1.y", "g2.u"}, {"one.y", "d.u1"}, {"zero.y", "d.u2"}});
    checkStopsAtDivision(json);
}

TEST_CASE("a fixed start on a computed unknown holds at the start")
{
    // inertia2.w is computed from the spring-damper's states and inertia1's speed; its fixed
    // start of 3 must hold at t = 0 all the same.
    auto s = simulateJson(diagramJson({inertia("inertia1", 1, R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 1, "fixed": true}})"),
                                       component("sd", "Rotational.Components.SpringDamper", R"({"c": 100, "d": 1})",
                                                 R"({"phi_rel": {"start": 0, "fixed": true}})"),
                                       inertia("inertia2", 1, R"({"w": {"start": 3, "fixed": true}})")},
                                      {{"inertia1.flange_b", "sd.flange_a"}, {"sd.flange_b", "inertia2.flange_a"}}));
    CHECK(s.sink.at("inertia2.w", 0.0) == Approx(3.0).epsilon(1e-9));
    CHECK(s.sink.at("sd.w_rel", 0.0) == Approx(2.0).epsilon(1e-9));
}
