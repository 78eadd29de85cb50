// Consistent initialization: fixed starts on variables that become dummy derivatives,
// balancing of under-determined systems with a warning, and contradictions (T5, T7).
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::test;

TEST_CASE("T5: a fixed start on a variable that becomes a dummy derivative is honoured")
{
    // Only inertia2 (behind the gear) is given fixed starts; whichever inertia keeps the
    // states, w1 must start at ratio * w2 = 2 * 3.
    auto s = simulateJson(gearTrainJson("{}", R"({"phi": {"start": 0.5, "fixed": true}, "w": {"start": 3, "fixed": true}})"));
    CHECK(s.sink.at("inertia1.w", 0.0) == Approx(6.0));
    CHECK(s.sink.at("inertia2.w", 0.0) == Approx(3.0));
    CHECK(s.sink.at("inertia1.phi", 0.0) == Approx(1.0));
    CHECK(s.stats.warnings.empty());
}

TEST_CASE("T5: consistent over-specification warns, inconsistent fails naming the conditions")
{
    auto ok = simulateJson(gearTrainJson(R"({"w": {"start": 6, "fixed": true}})",
                                     R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 3, "fixed": true}})"));
    REQUIRE_FALSE(ok.stats.warnings.empty());
    CHECK_THAT(ok.stats.warnings.front(), Catch::Contains("redundant initial condition"));
    try {
        simulateJson(gearTrainJson(R"({"w": {"start": 5, "fixed": true}})",
                               R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 3, "fixed": true}})"));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        // Fixed starts are taken in diagram order: inertia2's is the one that contradicts.
        CHECK_THAT(std::string(e.what()), Catch::Contains("over-determined initial conditions") &&
                                              Catch::Contains("fixed start inertia2.w = 3"));
    }
}

TEST_CASE("T7: without fixed starts the states are fixed at their start values, with a warning")
{
    auto s = simulateJson(gearTrainJson(R"({"phi": {"start": 0.25}, "w": {"start": 2}})", "{}"));
    REQUIRE_FALSE(s.stats.warnings.empty());
    CHECK_THAT(s.stats.warnings.front(), Catch::Contains("assuming fixed start values"));
    // The states chosen are the gear's (phi_b and its derivative), whose starts are 0: the
    // warning says so, and with no torque acting the train stays at rest as it says.
    CHECK_THAT(s.stats.warnings.front(), Catch::Contains("der(gear.phi_b) = 0"));
    CHECK(s.sink.last("inertia1.w") == Approx(0.0).margin(1e-12));
    CHECK(s.sink.last("inertia2.w") == Approx(0.0).margin(1e-12));
}
