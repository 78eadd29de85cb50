// What a discrete variable's values mean, as its definition says (valueNames,
// docs/component-format.md): read and checked with the library.
#include "engine/error.hpp"
#include "engine/library/library.hpp"
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
                   Catch::Contains("variable 'n': valueNames: 'stuck' is not a whole number"));
    CHECK_THAT(refusal(R"("type": "Integer", "valueNames": {"1.5": "half"})"),
               Catch::Contains("'1.5' is not a whole number"));
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
}
