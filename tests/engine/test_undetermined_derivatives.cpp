// A state's derivative that no equation determines (issue 34, defect 3): an Inertia with
// J = 0 (allowed by min = 0) between two clutches that open. Before, the run integrated an
// acceleration out of nothing and then failed in the solver's words, naming nothing.
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::test;

namespace {

std::string coupledClutchesWithMassless(const std::string& inertia)
{
    std::string json = bundledModel("Rotational/CoupledClutches.json");
    std::string from = "\"name\": \"";
    from += inertia;
    from += "\",\n      \"type\": \"Rotational.Components.Inertia\",\n      \"parameters\": {\"J\": 1}";
    const size_t at = json.find(from);
    REQUIRE(at != std::string::npos);
    json[at + from.size() - 2] = '0';
    return json;
}

} // namespace

TEST_CASE("a massless inertia between open clutches stops the run, naming J and selecting the inertia")
{
    for (const std::string inertia : {"J3", "J4"}) {
        INFO(inertia);
        try {
            simulateJson(coupledClutchesWithMassless(inertia));
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadInput);
            const std::string what = e.what();
            CHECK_THAT(what, Catch::Contains(inertia + ".J = 0 makes der(") && Catch::Contains("undetermined"));
            CHECK_THAT(what, !Catch::Contains("KIN_"));
            REQUIRE_FALSE(e.instances.empty());
            CHECK(e.instances.front() == inertia);
        }
    }
}

TEST_CASE("stuck friction chains, singular only in their torques, still run")
{
    // HeatLosses locks a clutch, a one-way clutch and a brake behind a lossy gear: the
    // matrix is singular, but no state's derivative is left free.
    auto s = simulateJson(bundledModel("Rotational/HeatLosses.json"));
    CHECK(s.sink.times.back() == Approx(s.model->experiment.stopTime));
}

TEST_CASE("a failed initialization says why in words, with no solver return code (issue 34, defect 6)")
{
    // J1 = 0 leaves the initial system singular: "initialization failed (KIN_LSETUP_FAIL)" before.
    try {
        simulateJson(coupledClutchesWithMassless("J1"));
        FAIL("no error");
    } catch (const Error& e) {
        const std::string what = e.what();
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(what, Catch::StartsWith("initialization failed: J1.J = 0 leaves the initial equations singular"));
        REQUIRE_FALSE(e.instances.empty());
        CHECK(e.instances.front() == "J1");
        for (const char* code : {"KIN_", "IDA_", "CV_", "SUN"})
            CHECK_THAT(what, !Catch::Contains(code));
    }
}
