// Check (issue 34): what translation chose, reported without a run: states, dummy
// derivatives, eliminated aliases, algebraic loops, the start values assumed, and fixed
// starts the others already determine, named together when they disagree.
#include "engine/api/model.hpp"
#include "engine/error.hpp"

#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

CheckReport check(const std::string& json)
{
    return Model::compile(diagramFromJson(json), sharedBundledLibrary())->check();
}

bool has(const std::vector<std::string>& list, const std::string& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

} // namespace

TEST_CASE("Check: a free inertia has two states, no dummy derivatives, no loops, and its starts assumed")
{
    const CheckReport r = check(diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": 2})",
                                                       R"({"phi": {"start": 0.5}, "w": {"start": 3}})")},
                                            {}));
    CHECK(r.states == std::vector<std::string>{"inertia1.phi", "inertia1.w"});
    CHECK(r.dummyDerivatives.empty());
    CHECK(r.algebraicLoops.empty());
    // nothing fixes the starts: the ones given are assumed, in their words
    CHECK(r.assumedStarts == std::vector<std::string>{"inertia1.phi = 0.5", "inertia1.w = 3"});
    CHECK(r.redundantStarts.empty());
    // the flange's angle is the inertia's, eliminated as an alias
    CHECK(has(r.aliases, "inertia1.flange_a.phi = inertia1.phi"));
    const std::string text = r.text();
    CHECK_THAT(text, Catch::Contains("2 states:\n  inertia1.phi\n  inertia1.w\n"));
    CHECK_THAT(text, Catch::Contains("no algebraic loops"));
    CHECK_THAT(text, Catch::Contains("2 start values assumed because nothing fixes them"));
}

TEST_CASE("Check: a gear between two inertias leaves one degree of freedom and the other speeds as dummy derivatives")
{
    const CheckReport r = check(gearTrainJson("{}", "{}"));
    // one rigid degree of freedom: the gear's angle and its derivative
    CHECK(r.states == std::vector<std::string>{"gear.phi_b", "der(gear.phi_b)"});
    // the inertias' speeds and accelerations follow from them: derivatives made algebraic
    for (const char* name : {"inertia1.w", "inertia1.a", "inertia2.w", "inertia2.a"})
        CHECK(has(r.dummyDerivatives, name));
    CHECK_FALSE(has(r.dummyDerivatives, "gear.phi_b"));
    // the torque of the gear's second flange is the second inertia's, negated
    CHECK(has(r.aliases, "inertia2.flange_a.tau = -gear.flange_b.tau"));
    CHECK(r.assumedStarts == std::vector<std::string>{"gear.phi_b = 0", "der(gear.phi_b) = 0"});
    // a long list cut for the window: its first items and how many more
    REQUIRE(r.aliases.size() > 2);
    const std::string cut = r.text(2);
    CHECK_THAT(cut, Catch::Contains("eliminated:\n  " + r.aliases[0] + "\n  " + r.aliases[1] + "\n  ... and " +
                                    std::to_string(r.aliases.size() - 2) + " more\n"));
}

TEST_CASE("Check: MSL's First solves the gear's accelerations and torques as one loop of six")
{
    const CheckReport r = check(bundledModel("Rotational/First.json"));
    REQUIRE(r.algebraicLoops.size() == 1);
    // both inertias' accelerations, both gear flanges' second derivatives and the two torques
    // between them: what Dymola reports as a linear system of size 6 before manipulation
    CHECK(r.algebraicLoops.front() ==
          std::vector<std::string>{"der(der(idealGear.phi_a))", "der(der(idealGear.phi_b))", "inertia1.a",
                                   "inertia1.flange_b.tau", "inertia2.a", "inertia2.flange_a.tau"});
    CHECK(r.assumedStarts.empty()); // First fixes its starts
    CHECK_THAT(r.text(), Catch::Contains("1 algebraic loop:\n  6 unknowns: der(der(idealGear.phi_a)), "));
}

TEST_CASE("Check: fixed starts on both sides of a gear name the redundant one with the one it repeats")
{
    const CheckReport r = check(gearTrainJson(R"({"w": {"start": 6, "fixed": true}})",
                                          R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 3, "fixed": true}})"));
    CHECK(r.assumedStarts.empty());
    CHECK(r.redundantStarts == std::vector<std::string>{"fixed start inertia2.w = 3 (with fixed start inertia1.w = 6)"});
    CHECK_THAT(r.text(), Catch::Contains("no start values assumed"));
}

TEST_CASE("Fixed starts that cannot all hold are named together, before a step is taken")
{
    try {
        simulateJson(gearTrainJson(R"({"w": {"start": 5, "fixed": true}})",
                               R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 3, "fixed": true}})"));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(std::string(e.what()),
                   Catch::Contains("over-determined initial conditions: fixed start inertia2.w = 3, fixed start "
                                   "inertia1.w = 5 cannot all hold together with the equations (off by ") &&
                       Catch::Contains("release one of them (fixed = false)"));
        CHECK(e.instances == std::vector<std::string>{"inertia2", "inertia1"});
    }
}
