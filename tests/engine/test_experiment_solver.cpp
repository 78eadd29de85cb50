// The solver choice stored in the diagram's experiment (issue 34): "integrator" and
// "exactOutputs" are read, refused when unknown, written only when not the default, and
// honoured by a run unless its options say otherwise (flange-sim's --integrator).
#include "engine/error.hpp"

#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace flange;
using namespace flange::test;

namespace {

// A damped oscillator without events: not stiff, so "auto" starts it with Adams methods.
std::string oscillator(const std::string& experimentExtra)
{
    std::string json = diagramJson({component("fixed", "Rotational.Components.Fixed"),
                                    component("sd", "Rotational.Components.SpringDamper", R"({"c":100,"d":2})",
                                              R"({"phi_rel":{"start":1,"fixed":true},"w_rel":{"start":0,"fixed":true}})"),
                                    component("inertia", "Rotational.Components.Inertia", R"({"J":1})")},
                                   {{"fixed.flange", "sd.flange_a"}, {"sd.flange_b", "inertia.flange_a"}}, 1, 0.01);
    const std::string key = "\"experiment\": {";
    const size_t at = json.find(key);
    REQUIRE(at != std::string::npos);
    if (!experimentExtra.empty())
        json.insert(at + key.size(), experimentExtra + ", ");
    return json;
}

} // namespace

TEST_CASE("the experiment's integrator chooses IDA from the start, and a run's options override it")
{
    CHECK(simulateJson(oscillator("")).stats.adamsSteps > 0);
    const Simulated bdf = simulateJson(oscillator(R"("integrator": "bdf")"));
    CHECK(bdf.stats.adamsSteps == 0);
    CHECK(bdf.stats.steps > 0);
    SimulationOptions adams;
    adams.nonStiffStart = true; // flange-sim --integrator auto
    CHECK(simulateJson(oscillator(R"("integrator": "bdf")"), adams).stats.adamsSteps > 0);
    SimulationOptions ida;
    ida.nonStiffStart = false;
    CHECK(simulateJson(oscillator(R"("integrator": "auto")"), ida).stats.adamsSteps == 0);
}

TEST_CASE("the experiment's solver settings are read and written back, only where not the default")
{
    const diagram::Diagram set = diagramFromJson(oscillator(R"("integrator": "bdf", "exactOutputs": true)"));
    CHECK(set.experiment.integrator == diagram::Experiment::Integrator::Bdf);
    CHECK(set.experiment.exactOutputs);
    const diagram::Json written = diagram::toJson(set)["experiment"];
    CHECK(written["integrator"] == "bdf");
    CHECK(written["exactOutputs"] == true);
    const diagram::Json plain = diagram::toJson(diagramFromJson(oscillator("")))["experiment"];
    CHECK_FALSE(plain.contains("integrator"));
    CHECK_FALSE(plain.contains("exactOutputs"));
}

TEST_CASE("an unknown integrator in the experiment is refused, naming it")
{
    try {
        diagramFromJson(oscillator(R"("integrator": "rk4")"));
        FAIL("accepted");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(std::string(e.what()),
                   Catch::Contains("experiment: 'integrator' is \"rk4\", neither \"auto\" nor \"bdf\""));
    }
}
