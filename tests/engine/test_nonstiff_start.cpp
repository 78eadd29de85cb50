// The non-stiff start (SimulationOptions::nonStiffStart): models that are not stiff at
// the start run with CVODE's Adams methods, and go on with IDA where they turn stiff or
// where a stuck chain leaves unknowns undetermined. Both are checked against the closed-form solution of
// a damped rotational oscillator, J phi'' + d phi' + c phi = 0 from phi = 1 at rest.
#include "engine/error.hpp"
#include "tests/support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;

namespace {

std::string oscillator(double c, double d, double stop)
{
    return diagramJson({component("fixed", "Rotational.Components.Fixed"),
                        component("sd", "Rotational.Components.SpringDamper",
                                  R"({"c":)" + std::to_string(c) + R"(,"d":)" + std::to_string(d) + "}",
                                  R"({"phi_rel":{"start":1,"fixed":true},"w_rel":{"start":0,"fixed":true}})"),
                        component("inertia", "Rotational.Components.Inertia", R"({"J":1})")},
                       {{"fixed.flange", "sd.flange_a"}, {"sd.flange_b", "inertia.flange_a"}}, stop, stop / 100);
}

// phi(t) of phi'' + d phi' + c phi = 0, phi(0) = 1, phi'(0) = 0 (J = 1).
double exactAngle(double c, double d, double t)
{
    const double disc = d * d / 4 - c;
    if (disc < 0) { // underdamped
        const double wd = std::sqrt(-disc), s = d / 2;
        return std::exp(-s * t) * (std::cos(wd * t) + s / wd * std::sin(wd * t));
    }
    // Overdamped: modes l1 (slow) and l2 (fast); l1 = -c / (d/2 + root) avoids cancellation.
    const double root = std::sqrt(disc);
    const double l1 = -c / (d / 2 + root), l2 = -d / 2 - root;
    return (l2 * std::exp(l1 * t) - l1 * std::exp(l2 * t)) / (l2 - l1);
}

double worstError(const Simulated& s, double c, double d)
{
    const int col = s.sink.column("inertia.phi");
    double worst = 0;
    for (size_t i = 0; i < s.sink.rows.size(); ++i)
        worst = std::max(worst, std::fabs(s.sink.rows[i][static_cast<size_t>(col)] - exactAngle(c, d, s.sink.times[i])));
    return worst;
}

// The rows written by a run whose sink asks to stop once it holds `rows` of them; the run
// must end as cancelled.
size_t rowsWhenCancelledAfter(const std::string& json, size_t rows)
{
    struct StopAfter : MemorySink {
        size_t most = 0;
        bool cancelled() override { return rows.size() >= most; }
    } sink;
    sink.most = rows;
    auto model = compileModel(diagramFromJson(json), bundledLibrary());
    try {
        simulate(*model, {}, sink);
        FAIL("not cancelled");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
    return sink.rows.size();
}

} // namespace

TEST_CASE("a damped oscillator without events runs with Adams methods to the stop time, on the exact solution")
{
    const double c = 100, d = 2;
    const Simulated adams = simulateJson(oscillator(c, d, 3));
    CHECK(adams.stats.adamsSteps > 0);
    CHECK(adams.stats.adamsSteps == adams.stats.steps);
    CHECK(adams.stats.adamsUntil == 3);
    CHECK(adams.stats.jacobianEvaluations == 0);
    REQUIRE(adams.sink.rows.size() == 101);
    CHECK(adams.sink.times.back() == 3);
    CHECK(worstError(adams, c, d) <= 2e-5);

    SimulationOptions bdfOnly;
    bdfOnly.nonStiffStart = false;
    const Simulated bdf = simulateJson(oscillator(c, d, 3), bdfOnly);
    CHECK(bdf.stats.adamsSteps == 0);
    CHECK(bdf.stats.jacobianEvaluations > 0);
    CHECK(worstError(bdf, c, d) <= 2e-5);
}

TEST_CASE("a model that is stiff hands over from Adams methods to IDA and stays on the exact solution")
{
    // Overdamped: modes at -2e3 and -5e-4 per second, 2e3 over the span: not stiff enough
    // to start with IDA, but Adams methods would need steps below 1e-3 s for the whole
    // second, where IDA's BDF takes the slow mode in long steps.
    const double c = 1, d = 2e3;
    const Simulated s = simulateJson(oscillator(c, d, 1));
    CHECK(s.stats.adamsSteps > 0);
    CHECK(s.stats.adamsSteps < s.stats.steps);
    CHECK(s.stats.adamsUntil > 0);
    CHECK(s.stats.adamsUntil < 0.5);
    CHECK(s.stats.steps < 1000);
    REQUIRE(s.sink.rows.size() == 101);
    CHECK(worstError(s, c, d) <= 1e-5);
}

TEST_CASE("a time event does not end the Adams methods: the event iteration runs and they start again")
{
    // The oscillator with a torque step of 10 N.m at 0.5 s: after it, the free response plus
    // the step response 10/c * (1 - e^(-t') (cos(wd t') + sin(wd t') / wd)), t' = t - 0.5.
    const double c = 100, d = 2, T = 10, t1 = 0.5;
    const std::string json =
        diagramJson({component("fixed", "Rotational.Components.Fixed"),
                     component("sd", "Rotational.Components.SpringDamper", R"({"c":100,"d":2})",
                               R"({"phi_rel":{"start":1,"fixed":true},"w_rel":{"start":0,"fixed":true}})"),
                     component("inertia", "Rotational.Components.Inertia", R"({"J":1})"),
                     component("step", "Rotational.Sources.TorqueStep",
                               R"({"stepTorque":10,"offsetTorque":0,"startTime":0.5})")},
                    {{"fixed.flange", "sd.flange_a"}, {"sd.flange_b", "inertia.flange_a"},
                     {"step.flange", "inertia.flange_b"}, {"step.support", "fixed.flange"}},
                    2, 0.02);
    const Simulated s = simulateJson(json);
    CHECK(s.stats.adamsSteps == s.stats.steps);
    CHECK(s.stats.adamsUntil == 2);
    CHECK(s.stats.timeEvents == 1);
    REQUIRE(s.sink.events.size() == 1);
    CHECK(s.sink.events[0].time == t1);
    CHECK(s.sink.rows.size() == 102); // 101 grid rows, the one at 0.5 s as left and right limit
    const double wd = std::sqrt(c - d * d / 4);
    const int col = s.sink.column("inertia.phi");
    double worst = 0;
    for (size_t i = 0; i < s.sink.rows.size(); ++i) {
        const double t = s.sink.times[i], tr = t - t1;
        const double forced = t > t1 ? T / c * (1 - std::exp(-tr) * (std::cos(wd * tr) + std::sin(wd * tr) / wd)) : 0;
        worst = std::max(worst, std::fabs(s.sink.rows[i][static_cast<size_t>(col)] - exactAngle(c, d, t) - forced));
    }
    CHECK(worst <= 2e-5);
}

TEST_CASE("a model whose fastest mode over the span is above 1e4 integrates with IDA from the start")
{
    // Overdamped with modes at -1e5 and -1e-5 per second: the estimate at the start finds
    // the fast one, and no Adams step is taken.
    const double c = 1, d = 1e5;
    const Simulated s = simulateJson(oscillator(c, d, 1));
    CHECK(s.stats.adamsSteps == 0);
    CHECK(s.stats.adamsUntil == 0);
    CHECK(s.stats.fastestRate > 5e4);
    CHECK(s.stats.fastestRate < 2e5);
    REQUIRE(s.sink.rows.size() == 101);
    CHECK(worstError(s, c, d) <= 1e-5);
}

TEST_CASE("algebraic unknowns do not keep a model from the Adams methods: they are solved with the derivatives")
{
    // MSL First: an ideal gear's torques are algebraic unknowns left to the solver; its
    // curves are checked against Dymola's by the msl: tests.
    const Simulated first = simulateJson(bundledModel("Rotational/First.json"));
    CHECK(first.model->n > static_cast<int32_t>(first.model->stateSlots.size()));
    CHECK(first.stats.adamsSteps == first.stats.steps);
    CHECK(first.stats.jacobianEvaluations == 0);
}

// The undamped oscillator phi = cos(10 t), whose angle a threshold compares with zero:
// state events where phi crosses zero, at t = (k + 1/2) pi / 10.
std::string oscillatorWithThreshold()
{
    return diagramJson({component("fixed", "Rotational.Components.Fixed"),
                        component("spring", "Rotational.Components.SpringDamper", R"({"c":100,"d":0})",
                                  R"({"phi_rel":{"start":1,"fixed":true},"w_rel":{"start":0,"fixed":true}})"),
                        component("inertia", "Rotational.Components.Inertia", R"({"J":1})"),
                        component("angle", "Rotational.Sensors.AngleSensor"),
                        component("negative", "Blocks.Logical.LessThreshold", R"({"threshold":0})")},
                       {{"fixed.flange", "spring.flange_a"},
                        {"spring.flange_b", "inertia.flange_a"},
                        {"inertia.flange_b", "angle.flange"},
                        {"angle.phi", "negative.u"}},
                       1, 0.01);
}

TEST_CASE("a model with state events runs with Adams methods, its crossings found where the exact solution has them")
{
    const Simulated s = simulateJson(oscillatorWithThreshold());
    CHECK(s.stats.adamsSteps == s.stats.steps);
    CHECK(s.stats.adamsUntil == 1);
    CHECK(s.stats.jacobianEvaluations == 0);
    REQUIRE(s.stats.stateEvents == 3);
    REQUIRE(s.sink.events.size() == 3);
    const double pi = std::acos(-1.0);
    for (size_t k = 0; k < 3; ++k) {
        CHECK(std::fabs(s.sink.events[k].time - (static_cast<double>(k) + 0.5) * pi / 10) <= 1e-6);
        REQUIRE(s.sink.events[k].changes.size() == 1);
        const EventChange& c = s.sink.events[k].changes[0];
        CHECK(c.name() == "negative.y");
        CHECK(c.isBoolean);
        CHECK(c.before == (k % 2 == 0 ? 0 : 1));
        CHECK(c.after == (k % 2 == 0 ? 1 : 0));
    }
    CHECK(worstError(s, 100, 0) <= 2e-5);

    SimulationOptions bdfOnly;
    bdfOnly.nonStiffStart = false;
    const Simulated bdf = simulateJson(oscillatorWithThreshold(), bdfOnly);
    CHECK(bdf.stats.adamsSteps == 0);
    CHECK(bdf.stats.stateEvents == 3);
    CHECK(s.stats.steps < bdf.stats.steps);
}

TEST_CASE("friction examples run with Adams methods and keep Dymola's event counts")
{
    // Dymola's counts (msl-reference/*/experiment.json): CoupledClutches 9 state events and
    // 2 time events, OneWayClutchDisengaged 12 state events. The friction elements' relations
    // have hystereses of 1e-10 and less: their algebraic unknowns are solved far below that
    // (kExactSolve), else the crossings of relations no one reads turn into events.
    const Simulated clutches = simulateJson(bundledModel("Rotational/CoupledClutches.json"));
    CHECK(clutches.stats.adamsSteps == clutches.stats.steps);
    CHECK(clutches.stats.jacobianEvaluations == 0);
    CHECK(clutches.stats.stateEvents == 9);
    CHECK(clutches.stats.timeEvents == 2);
    const Simulated oneWay = simulateJson(bundledModel("Rotational/OneWayClutchDisengaged.json"));
    CHECK(oneWay.stats.adamsSteps == oneWay.stats.steps);
    CHECK(oneWay.stats.stateEvents == 12);
}

TEST_CASE("a stuck chain whose torques the equations leave undetermined hands over to IDA")
{
    // LossyGearDemo2: the gear and the bearing friction stuck in series share a torque the
    // equations do not fix; only IDA, integrating it, keeps it continuous.
    // The Adams methods go on at the events where the chain breaks loose. Dymola: 7 state events.
    const Simulated s = simulateJson(bundledModel("Rotational/LossyGearDemo2.json"));
    CHECK(s.stats.adamsSteps > 0);
    CHECK(s.stats.adamsUntil < 0.5);
    CHECK(s.stats.handedOverUndetermined);
    CHECK(s.stats.adamsResumes >= 1);
    CHECK(s.stats.steps > s.stats.adamsSteps);
    CHECK(s.stats.stateEvents == 7);
}

TEST_CASE("steps failed after restarts at events are not taken for stiffness")
{
    // ElastoGap fails steps at order 1 after its contact events, with the fastest mode times
    // the step at 0.03: the Adams methods keep going. Dymola: 6 state events.
    const Simulated s = simulateJson(bundledModel("Translational/ElastoGap.json"));
    CHECK(s.stats.adamsSteps == s.stats.steps);
    CHECK(s.stats.adamsUntil == 5);
    CHECK(s.stats.stateEvents == 6);
}

TEST_CASE("a model with state events whose consistent solve is not affine integrates with IDA")
{
    // Rotational HeatLosses: its crossing functions would need three or four Newton
    // iterations per solve (kExactSolve), more than IDA's whole run.
    const Simulated s = simulateJson(bundledModel("Rotational/HeatLosses.json"));
    CHECK(s.stats.adamsSteps == 0);
    CHECK(s.stats.stateEvents > 100);
}

TEST_CASE("a run cancelled during the non-stiff start stops with Cancelled")
{
    CHECK(rowsWhenCancelledAfter(oscillator(100, 2, 3), 10) == 10);
}

TEST_CASE("a run with state events under Adams methods keeps the budgets and stops when cancelled")
{
    SimulationOptions budget;
    budget.maxSteps = 20;
    try {
        simulateJson(bundledModel("Rotational/CoupledClutches.json"), budget);
        FAIL("the step budget did not stop the run");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::SimulationFailed);
        CHECK(std::string(e.what()).find("after 20 solver steps, the limit") != std::string::npos);
    }

    CHECK(rowsWhenCancelledAfter(bundledModel("Rotational/CoupledClutches.json"), 50) == 50);
}

TEST_CASE("a large model with gear loops and a contact runs with Adams methods, its solves reaching their tolerance")
{
    // 20 sections of inertia, ideal gear, inertia and spring-damper, ending in an elastic
    // backlash against a wall: 162 unknowns (KLU), each gear a simultaneous block, so the
    // solve is affine but not one substitution. A crossing solve asked for 1e-13 there (below
    // the round-off of 1e4 N m torques) did not converge, was taken for a singular stuck
    // chain, and handed the run to IDA.
    std::vector<std::string> components = {component("k", "Blocks.Sources.Constant", R"({"k":1e4})"),
                                           component("torque", "Rotational.Sources.Torque"),
                                           component("jEnd", "Rotational.Components.Inertia", R"({"J":1})"),
                                           component("gap", "Rotational.Components.ElastoBacklash",
                                                     R"({"c":1e7,"d":100,"b":0.01})"),
                                           component("wall", "Rotational.Components.Fixed")};
    std::vector<std::pair<std::string, std::string>> connections = {{"k.y", "torque.tau"}};
    std::string previous = "torque.flange";
    for (int i = 1; i <= 20; ++i) {
        const std::string s = std::to_string(i);
        components.push_back(component("ja" + s, "Rotational.Components.Inertia", R"({"J":1})"));
        components.push_back(component("g" + s, "Rotational.Components.IdealGear", R"({"ratio":2})"));
        components.push_back(component("jb" + s, "Rotational.Components.Inertia", R"({"J":0.5})"));
        components.push_back(component("sd" + s, "Rotational.Components.SpringDamper", R"({"c":1e5,"d":10})",
                                       R"({"phi_rel":{"start":0,"fixed":true},"w_rel":{"start":0,"fixed":true}})"));
        connections.insert(connections.end(), {{previous, "ja" + s + ".flange_a"},
                                               {"ja" + s + ".flange_b", "g" + s + ".flange_a"},
                                               {"g" + s + ".flange_b", "jb" + s + ".flange_a"},
                                               {"jb" + s + ".flange_b", "sd" + s + ".flange_a"}});
        previous = "sd" + s + ".flange_b";
    }
    connections.insert(connections.end(),
                       {{previous, "jEnd.flange_a"}, {"jEnd.flange_b", "gap.flange_a"}, {"gap.flange_b", "wall.flange"}});
    const Simulated s = simulateJson(diagramJson(components, connections, 1, 0.001));
    CHECK_FALSE(s.stats.handedOverUndetermined);
    CHECK(s.stats.adamsSteps == s.stats.steps);
    CHECK(s.stats.adamsUntil == 1);
    CHECK(s.stats.stateEvents > 10); // the backlash's contacts

    SimulationOptions bdfOnly;
    bdfOnly.nonStiffStart = false;
    const Simulated bdf = simulateJson(diagramJson(components, connections, 1, 0.001), bdfOnly);
    CHECK(s.stats.stateEvents == bdf.stats.stateEvents);
    const int col = s.sink.column("jEnd.phi");
    CHECK(std::fabs(s.sink.rows.back()[static_cast<size_t>(col)] - bdf.sink.rows.back()[static_cast<size_t>(col)]) <= 1e-4);
}
