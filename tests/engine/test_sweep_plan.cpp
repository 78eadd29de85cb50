// Sweep plans (sweep_plan.hpp) and values set by name (parameter_overrides.hpp).
#include "support/test_support.hpp"

#include "engine/error.hpp"
#include "engine/sweep/parameter_overrides.hpp"
#include "engine/sweep/random_draws.hpp"
#include "engine/sweep/sweep_plan.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::sweep;

namespace {

// Plain numbers, as the tests write them.
double plainNumber(size_t, const std::string& text) { return std::stod(text); }

SweepPlan plan(const std::vector<std::string>& varies, PlanSettings settings = {})
{
    std::vector<Variation> v;
    for (const std::string& s : varies)
        v.push_back(parseVariation(s));
    return makePlan(v, settings, plainNumber);
}

std::string refusal(const std::function<void()>& f)
{
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(accepted)";
}

} // namespace

TEST_CASE("sweep specs are lists, ranges, log ranges and draws")
{
    const Variation list = parseVariation("clutch1.fn_max=10, 20,30");
    CHECK(list.name == "clutch1.fn_max");
    CHECK(list.kind == Variation::Kind::List);
    CHECK(list.items == std::vector<std::string>{"10", "20", "30"});
    const Variation range = parseVariation("J1.J=0.5:2:4");
    CHECK(range.kind == Variation::Kind::Range);
    CHECK(range.count == 4);
    CHECK(parseVariation("J1.J=1:100:3:log").kind == Variation::Kind::LogRange);
    const Variation u = parseVariation("J1.J=uniform(1, 2)");
    CHECK(u.kind == Variation::Kind::Uniform);
    CHECK(u.items == std::vector<std::string>{"1", "2"});
    CHECK(parseVariation("J1.J=normal(1,0.1)").kind == Variation::Kind::Normal);
    CHECK(parseVariation("J1.w.start=100 rpm,200 rpm").items == std::vector<std::string>{"100 rpm", "200 rpm"});
}

TEST_CASE("bad sweep specs are refused naming the parameter and the part")
{
    CHECK(refusal([] { parseVariation("J1.J"); }) == "--vary: 'J1.J' is not NAME=SPEC");
    CHECK(refusal([] { parseVariation("J1.J=1:2"); }) == "--vary J1.J: '1:2' is no range: start:stop:n or start:stop:n:log");
    CHECK(refusal([] { parseVariation("J1.J=1:2:x"); }) ==
          "--vary J1.J: the number of values in '1:2:x' must be a whole number of at least 2 (it is 'x')");
    CHECK(refusal([] { parseVariation("J1.J=1,,2"); }) == "--vary J1.J: '1,,2' has an empty value");
    CHECK(refusal([] { parseVariation("J1.J=uniform(1)"); }) == "--vary J1.J: 'uniform(1)' needs two values: uniform(lo,hi)");
    CHECK(refusal([] { parseVariation("J1.J=gauss(1,2)"); }) ==
          "--vary J1.J: 'gauss(1,2)' is no draw: uniform(lo,hi) or normal(mean,sd)");
    CHECK(refusal([] { plan({"a=1:0:3:log"}); }) == "--vary a: a log range needs positive ends ('1:0:3:log')");
    CHECK(refusal([] { plan({"a=1,2", "a=3"}); }) == "--vary a is given twice");
    CHECK(refusal([] { plan({"a=uniform(0,1)"}); }) == "--vary a: draws need --samples N (and --seed S)");
    CHECK(refusal([] { plan({"a=1,2"}, PlanSettings{false, 5, 0}); }) ==
          "--samples is for draws (uniform(lo,hi), normal(mean,sd)), and no --vary draws");
    CHECK(refusal([] { plan({"a=1,2", "b=1,2,3"}, PlanSettings{true, {}, 0}); }) ==
          "--paired: b has 3 values and a 2; paired lists need equal lengths");
    CHECK(refusal([] { plan({"a=0:1:1001", "b=0:1:1000"}); }) == "the sweep's grid has more than 1000000 runs");
}

TEST_CASE("ranges include both ends, evenly or logarithmically spaced")
{
    const SweepPlan linear = plan({"a=0:1:5"});
    REQUIRE(linear.runs() == 5);
    const double expected[] = {0, 0.25, 0.5, 0.75, 1};
    for (size_t i = 0; i < 5; ++i)
        CHECK(linear.values[i][0] == expected[i]);
    const SweepPlan log = plan({"a=1:1000:4:log"});
    REQUIRE(log.runs() == 4);
    CHECK(log.values[0][0] == 1);
    CHECK(log.values[1][0] == Approx(10).epsilon(1e-14));
    CHECK(log.values[2][0] == Approx(100).epsilon(1e-14));
    CHECK(log.values[3][0] == 1000);
}

TEST_CASE("several --vary make a full grid with the last varying fastest, --paired pairs them")
{
    const SweepPlan grid = plan({"a=1,2", "b=10,20,30"});
    CHECK(grid.parameters == std::vector<std::string>{"a", "b"});
    const std::vector<std::vector<double>> expected = {{1, 10}, {1, 20}, {1, 30}, {2, 10}, {2, 20}, {2, 30}};
    CHECK(grid.values == expected);
    const SweepPlan paired = plan({"a=1,2,3", "b=0:1:3"}, PlanSettings{true, {}, 0});
    const std::vector<std::vector<double>> pairs = {{1, 0}, {2, 0.5}, {3, 1}};
    CHECK(paired.values == pairs);
}

TEST_CASE("draws of several parameters share one run index and form one axis of the grid")
{
    const SweepPlan p = plan({"a=1,2", "b=uniform(0,1)", "c=normal(5,0)"}, PlanSettings{false, 3, 9});
    REQUIRE(p.runs() == 6);
    // Run order: a slowest, then the three samples; each sample draws b, then c.
    RandomDraws draws(9);
    std::vector<double> b;
    for (int s = 0; s < 3; ++s) {
        b.push_back(draws.uniform01());
        draws.standardNormal(); // c's draw: sd 0 keeps it at 5
    }
    for (size_t r = 0; r < 6; ++r) {
        CHECK(p.values[r][0] == (r < 3 ? 1 : 2));
        CHECK(p.values[r][1] == b[r % 3]);
        CHECK(p.values[r][2] == 5);
    }
}

TEST_CASE("the same seed gives the same draws, another seed others")
{
    const PlanSettings seed1{false, 50, 1}, seed2{false, 50, 2};
    CHECK(plan({"a=normal(0,1)", "b=uniform(-1,1)"}, seed1).values ==
          plan({"a=normal(0,1)", "b=uniform(-1,1)"}, seed1).values);
    CHECK(plan({"a=normal(0,1)"}, seed1).values != plan({"a=normal(0,1)"}, seed2).values);
}

namespace {

const char* kOverrideModel = R"({"format": "flange-diagram", "version": 1, "name": "m",
  "parameters": {"T3": {"value": 2, "unit": "s"}, "flag": {"value": true, "type": "Boolean"}},
  "components": [
    {"name": "inertia1", "type": "Rotational.Components.Inertia", "parameters": {"J": "T3/2"}},
    {"name": "sine", "type": "Blocks.Sources.Sine", "parameters": {"f": 1}}],
  "connections": []})";

} // namespace

TEST_CASE("values are set by name with units converted into the declared unit")
{
    diagram::Diagram d = test::diagramFromJson(kOverrideModel);
    const library::Library& lib = test::bundledLibrary();
    applyAssignments(d, lib, {"inertia1.J=300 g.m2", "inertia1.w.start=60 rpm", "T3=500 ms", "sine.f = 2"});
    CHECK(d.component("inertia1")->parameter("J")->get<double>() == Approx(0.3).epsilon(1e-15));
    CHECK(d.component("inertia1")->variable("w")->start->get<double>() == Approx(2 * M_PI).epsilon(1e-15));
    CHECK(d.component("sine")->parameter("f")->get<double>() == 2);
    bool found = false;
    for (const auto& [name, value] : d.parameters)
        if (name == "T3") {
            found = true;
            CHECK(value["value"].get<double>() == Approx(0.5).epsilon(1e-15));
            CHECK(value["unit"] == "s");
        }
    CHECK(found);
}

TEST_CASE("unknown names and bad values are refused with a message naming them")
{
    const diagram::Diagram d = test::diagramFromJson(kOverrideModel);
    const library::Library& lib = test::bundledLibrary();
    auto set = [&](const std::string& a) {
        return refusal([&] {
            diagram::Diagram copy = d;
            applyAssignments(copy, lib, {a});
        });
    };
    CHECK(set("inertia2.J=1") == "--set 'inertia2.J': the model has no instance 'inertia2'");
    CHECK(set("inertia1.K=1") ==
          "--set 'inertia1.K': Rotational.Components.Inertia has no parameter 'K' (a start value is written "
          "inertia1.variable.start)");
    CHECK(set("inertia1.v.start=1") == "--set 'inertia1.v.start': Rotational.Components.Inertia has no variable 'v'");
    CHECK(set("T4=1") == "--set 'T4': the model has no parameter of this name (an instance's is written instance.parameter)");
    CHECK(set("flag=1") == "--set 'flag': the model parameter is a Boolean, not a number");
    CHECK(set("inertia1.J=heavy") == "--set inertia1.J: 'heavy' is not a number (with or without a unit)");
    CHECK(set("inertia1.J=3 m") == "--set inertia1.J: 'm' is a length, inertia1.J needs kg.m2 (in '3 m')");
    CHECK(set("inertia1.J") == "--set: 'inertia1.J' is not NAME=VALUE");
}
