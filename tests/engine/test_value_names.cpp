// What a discrete variable's values mean, as its definition says (valueNames,
// docs/component-format.md): read and checked with the library, and given to a run's
// readers through the model (Model::variableDefinition) for an event's changes.
#include "engine/api/model.hpp"
#include "engine/api/simulation.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;

namespace {

// A definition with one discrete variable, declared as `variable` (JSON members).
std::string definitionWith(const std::string& variable)
{
    return "{\n  \"name\": \"Counter\",\n  \"variables\": [\n    {\"name\": \"n\", " + variable +
           "}\n  ],\n  \"equations\": []\n}\n";
}

std::string refusal(const std::string& variable)
{
    try {
        library::parseDefinition(definitionWith(variable), "lib/Counter.json");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        return e.what();
    }
    return "accepted";
}

} // namespace

TEST_CASE("a definition names the values of its discrete variables")
{
    const library::ComponentDefinition d = library::parseDefinition(
        definitionWith(R"("type": "Integer", "valueNames": {"-1": "backward", "0": "stuck"}, "statePriority": 2)"),
        "lib/Counter.json");
    const library::VariableDef& n = d.variables.at(0);
    REQUIRE(n.valueName(-1) != nullptr);
    CHECK(*n.valueName(-1) == "backward");
    CHECK(*n.valueName(0) == "stuck");
    CHECK(n.valueName(1) == nullptr);
    CHECK(n.statePriority == 2);

    const library::ComponentDefinition b =
        library::parseDefinition(definitionWith(R"("type": "Boolean", "valueNames": {"true": "in contact"})"), "B.json");
    CHECK(*b.variables.at(0).valueName(1) == "in contact");
    CHECK(b.variables.at(0).valueName(0) == nullptr);
    CHECK(b.variables.at(0).statePriority == 0);
}

TEST_CASE("bad value names are refused naming the file, line and variable")
{
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"stuck": "0"})"),
               Catch::StartsWith("lib/Counter.json:4:") &&
                   Catch::Contains("variable 'n': valueNames: 'stuck' is not an Integer value (a whole number)"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"1.5": "half"})"),
               Catch::Contains("'1.5' is not an Integer value"));
    CHECK_THAT(refusal(R"("type": "Boolean", "valueNames": {"1": "on"})"),
               Catch::StartsWith("lib/Counter.json:4:") && Catch::Contains("'1' is not a Boolean value (true or false)"));
    CHECK_THAT(refusal(R"("type": "Real", "valueNames": {"0": "zero"})"),
               Catch::Contains("variable 'n': valueNames are for Integer and Boolean variables"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": ["stuck"])"),
               Catch::Contains("valueNames must be an object from values to names"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"0": ""})"),
               Catch::Contains("variable 'n': valueNames: the name of 0 must be a non-empty string"));
    CHECK_THAT(refusal(R"("type": "Integer", "statePriority": 1)"),
               Catch::Contains("variable 'n': a statePriority needs valueNames"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"0": "stuck"}, "statePriority": "high")"),
               Catch::Contains("variable 'n': statePriority must be a whole number"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"0": "stuck"}, "statePriority": 1e30)"),
               Catch::Contains("variable 'n': statePriority must be a whole number"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"0": "stuck"}, "statePriority": 99999999999)"),
               Catch::Contains("from -1000000 to 1000000"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"99999999999": "far"})"),
               Catch::Contains("'99999999999' is not an Integer value"));
}

TEST_CASE("an event's changes are named by the definitions of their instances")
{
    static const std::shared_ptr<const library::Library> library(&test::bundledLibrary(),
                                                                 [](const library::Library*) {});
    const auto model = Model::compile(
        diagram::loadDiagram(std::string(FLANGE_SOURCE_DIR) + "/models/msl/Rotational/CoupledClutches.json"), library);
    Run run(model);
    run.runToEnd();
    const EventRecord& step = run.events().front(); // step1 engages clutch2: mode 2 -> -1
    REQUIRE(step.changes.size() == 2);
    const EventChange& mode = step.changes[1];
    const library::VariableDef* definition = model->variableDefinition(mode.instance, mode.variable);
    REQUIRE(definition != nullptr);
    CHECK(*definition->valueName(mode.before) == "free");
    CHECK(*definition->valueName(mode.after) == "slipping backward");
    CHECK(definition->statePriority == 1); // the mode tells the clutch's state, not its flags
    CHECK(model->variableDefinition("clutch2", "locked")->statePriority == 0);
    CHECK(model->variableDefinition("clutch9", "mode") == nullptr);
    CHECK(model->variableDefinition("clutch2", "w_rel")->valueNames.empty());
}
