// Metrics of sweep runs (run_metrics.hpp) against hand-computed values: a model with a
// closed-form solution, and hand-made rows and events.
#include "support/test_support.hpp"

#include "engine/error.hpp"
#include "engine/sweep/parameter_overrides.hpp"
#include "engine/sweep/run_executor.hpp"
#include "engine/sweep/sweep_runner.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::sweep;

namespace {

// An inertia J at rest, driven from t0 = 0.5 s by a torque step of 3 N.m, for 2 s:
// w = 0 before t0 and 3/J (t - t0) after, a time event at t0.
diagram::Diagram stepDriven()
{
    return test::diagramFromJson(test::diagramJson(
        {test::component("torque", "Rotational.Sources.TorqueStep", R"({"stepTorque": 3, "offsetTorque": 0, "startTime": 0.5})"),
         test::component("inertia", "Rotational.Components.Inertia", R"({"J": 2})",
                         R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})")},
        {{"torque.flange", "inertia.flange_a"}}, 2.0, 0.01));
}

struct Collected : SweepListener {
    std::vector<RunResult> results;
    void finished(const RunResult& r) override { results.push_back(r); }
};

std::string refusal(const std::vector<MetricDefinition>& m)
{
    try {
        MetricSet set(m);
    } catch (const Error& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST_CASE("metrics of a run equal their closed-form values")
{
    const library::Library& lib = test::bundledLibrary();
    const diagram::Diagram d = stepDriven();
    const MetricSet metrics({{"final", "final(inertia.w)"},
                             {"max", "max(inertia.w)"},
                             {"min", "min(inertia.w)"},
                             {"maxabs", "maxabs(inertia.w)"},
                             {"at", "at(inertia.w, 1.255)"},
                             {"atEvent", "at(inertia.w, 0.5)"},
                             {"cross", "cross(inertia.w, 1)"},
                             {"never", "cross(inertia.w, 100)"},
                             {"integral", "integral(inertia.w)"},
                             {"step", "event(\"torque\")"},
                             {"sum", "(final(inertia.w) - min(inertia.w)) / 2 * 4 + -1"}});
    DiagramRunExecutor executor(d, lib, {findOverrideTarget(d, lib, "inertia.J")}, SimulationOptions{});
    SweepPlan plan;
    plan.parameters = {"inertia.J"};
    plan.values = {{1}, {2}, {4}};
    Collected collected;
    const SweepSummary summary = runSweep(plan, metrics, executor, SweepSettings{2, {}, {}}, collected);
    CHECK(summary.finished == 3);
    CHECK(summary.failed == 0);
    REQUIRE(collected.results.size() == 3);
    for (const RunResult& r : collected.results) {
        const double J = plan.values[r.run][0], a = 3 / J; // w = a (t - 0.5) after the step
        CAPTURE(J);
        CHECK(r.status == "ok");
        const std::vector<double>& m = r.metrics;
        CHECK(m[0] == Approx(a * 1.5).epsilon(1e-6));
        CHECK(m[1] == Approx(a * 1.5).epsilon(1e-6));
        CHECK(m[2] == 0);
        CHECK(m[3] == Approx(a * 1.5).epsilon(1e-6));
        CHECK(m[4] == Approx(a * 0.755).epsilon(1e-6));
        CHECK(m[5] == 0); // the left limit at the event
        CHECK(m[6] == Approx(0.5 + 1 / a).epsilon(1e-6));
        CHECK(std::isnan(m[7]));
        CHECK(m[8] == Approx(a / 2 * 1.5 * 1.5).epsilon(1e-6)); // trapezoids are exact on straight lines
        CHECK(m[9] == 0.5);
        CHECK(m[10] == Approx(a * 1.5 * 2 - 1).epsilon(1e-6));
    }
}

TEST_CASE("event metrics take a value's change from false to true and the cause's instance")
{
    const MetricSet metrics({{"lock", "event(\"clutch1\", \"locked\")"},
                             {"other", "event(\"clutch2\", \"locked\")"},
                             {"cause", "event(\"clutch1\")"},
                             {"never", "event(\"clutch3\", \"locked\")"}});
    MetricSet::Evaluation e(metrics);
    e.begin({});
    auto change = [](const std::string& instance, const std::string& variable, double before, double after) {
        EventChange c;
        c.instance = instance;
        c.variable = variable;
        c.before = before;
        c.after = after;
        return c;
    };
    auto record = [](double t, const std::string& cause, std::vector<EventChange> changes) {
        EventRecord r;
        r.time = t;
        r.cause.instance = cause;
        r.changes = std::move(changes);
        return r;
    };
    // At 0.4 clutch1 engages but does not lock (the engine lists net changes only).
    e.event(record(0.4, "step1", {change("clutch1", "free", 1, 0)}));
    e.event(record(0.7, "clutch2", {change("clutch2", "mode", -1, 0), change("clutch2", "locked", 0, 1)}));
    e.event(record(0.79, "clutch1", {change("clutch1", "mode", -1, 0), change("clutch1", "locked", 0, 1)}));
    e.event(record(0.9, "clutch1", {change("clutch1", "locked", 1, 0)}));
    e.event(record(1.1, "clutch1", {change("clutch1", "locked", 0, 1)}));
    const std::vector<double> v = e.values();
    CHECK(v[0] == 0.79);
    CHECK(v[1] == 0.7);
    CHECK(v[2] == 0.79);
    CHECK(std::isnan(v[3]));
}

TEST_CASE("metrics of hand-made rows: at, cross and integral between rows and at events")
{
    const MetricSet metrics({{"at", "at(x, 1.5)"},
                             {"before", "at(x, -1)"},
                             {"after", "at(x, 10)"},
                             {"down", "cross(x, 0.5)"},
                             {"up", "cross(x, 2)"},
                             {"area", "integral(x)"},
                             {"ratio", "max(x) / min(y)"},
                             {"zero", "min(y) / min(y)"}});
    MetricSet::Evaluation e(metrics);
    e.begin({"y", "x"});
    // x: 0 -> 2 at t 0..1, jumps to 4 at t = 1 (an event: two rows), falls to 0 at t = 3.
    e.row(0, {0, 0});
    e.row(1, {0, 2});
    e.row(1, {0, 4});
    e.row(3, {0, 0});
    const std::vector<double> v = e.values();
    CHECK(v[0] == 3);            // 4 - 2 * 0.5
    CHECK(std::isnan(v[1]));     // before the first row
    CHECK(std::isnan(v[2]));     // after the last
    CHECK(v[3] == 0.25);         // first crossing of 0.5, on the way up
    CHECK(v[4] == 1);            // reaches 2 at the event's left row
    CHECK(v[5] == 1 + 4);        // 1 * 2 / 2 + 2 * 4 / 2
    CHECK(std::isinf(v[6]));     // 4 / 0
    CHECK(std::isnan(v[7]));     // 0 / 0: no value
}

TEST_CASE("bad metrics are refused naming the metric and the column")
{
    CHECK(refusal({{"m", "final(x"}}) == "--metric m: expected ')' at column 8 of 'final(x'");
    CHECK(refusal({{"m", "mean(x)"}}) ==
          "--metric m: 'mean' is no metric function (final, at, max, min, maxabs, cross, integral, event) at column 1 of "
          "'mean(x)'");
    CHECK(refusal({{"m", "at(x)"}}) == "--metric m: expected ', t' at column 5 of 'at(x)'");
    CHECK(refusal({{"m", "event(clutch1)"}}) ==
          "--metric m: expected an instance name in double quotes at column 7 of 'event(clutch1)'");
    CHECK(refusal({{"m", "final(x) final(y)"}}) == "--metric m: unexpected 'f' at column 10 of 'final(x) final(y)'");
    CHECK(refusal({{"m", "1"}, {"m", "2"}}) == "--metric m is given twice");
    CHECK(parseMetricAssignment("lock = event(\"c\", \"v\")").expression == "event(\"c\", \"v\")");
}
