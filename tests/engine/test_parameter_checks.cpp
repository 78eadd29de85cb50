// The checks the editor runs as the user types, which are the flattener's own rules:
// expressions against the names in scope, conditions of conditional connectors, required
// parameters and connection compatibility.
#include "engine/error.hpp"
#include "engine/flatten/parameter_values.hpp"
#include "engine/library/connection_rules.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

std::string compileMessage(const std::string& json)
{
    try {
        compileModel(diagramFromJson(json), bundledLibrary());
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("a parameter expression naming nothing gets the flattener's message")
{
    const std::vector<std::string> names{"T2", "f"};
    CHECK_FALSE(flatten::checkParameterExpression("2*f + T2", names, "J"));
    CHECK_FALSE(flatten::checkParameterExpression("pi/2", names, "J"));
    CHECK(flatten::checkParameterExpression("abc", names, "J") == std::optional<std::string>("J: unknown name 'abc'"));
    CHECK(flatten::checkParameterExpression("f +", names, "J") ==
          std::optional<std::string>("J: expression ends too early at column 4 of \"f +\""));
    CHECK(flatten::checkParameterExpression("sin(time)", names, "J") ==
          std::optional<std::string>("J: 'time' is not allowed in a parameter expression"));
    // The simulator says the same about the same value.
    const std::string msg = compileMessage(diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": "abc"})")}, {}));
    CHECK(msg == "parameter 'inertia1.J': unknown name 'abc'");
}

TEST_CASE("a required parameter without a value is refused naming component and parameter")
{
    const std::string msg = compileMessage(diagramJson({component("inertia1", "Rotational.Components.Inertia", "{}")}, {}));
    CHECK(msg == "parameter 'inertia1.J' (Rotational.Components.Inertia) needs a value (its start value 1 is only a guess)");
    const library::ComponentDefinition* def = bundledLibrary().find("Rotational.Components.Inertia");
    REQUIRE(def);
    diagram::Component c;
    c.name = "inertia1";
    c.type = def->name;
    CHECK(flatten::missingRequiredParameters(*def, c) == std::vector<std::string>{"J"});
    c.setParameter("J", 2);
    CHECK(flatten::missingRequiredParameters(*def, c).empty());
}

TEST_CASE("conditions of conditional connectors are evaluated as the flattener does")
{
    const library::ComponentDefinition* def = bundledLibrary().find("Rotational.Sources.ConstantTorque");
    REQUIRE(def);
    const library::ConnectorDef* support = def->connector("support");
    REQUIRE(support);
    REQUIRE(support->condition);
    diagram::Diagram d;
    d.parameters.emplace_back("withSupport", "not false");
    diagram::Component c;
    c.name = "torque1";
    c.type = def->name;
    CHECK(flatten::evaluateCondition(d, *def, c, *support->condition) == std::optional<bool>(false));
    c.setParameter("useSupport", "withSupport");
    CHECK(flatten::evaluateCondition(d, *def, c, *support->condition) == std::optional<bool>(true));
    c.setParameter("useSupport", "nothing");
    CHECK_FALSE(flatten::evaluateCondition(d, *def, c, *support->condition));
}

TEST_CASE("connection compatibility gives the same reason to the editor and the simulator")
{
    using library::ConnectorType;
    CHECK(library::connectionRefusal(ConnectorType::RotationalFlangeA, ConnectorType::TranslationalFlangeB) ==
          std::optional<std::string>("a rotational flange does not connect to a translational flange"));
    CHECK(library::connectionRefusal(ConnectorType::RealOutput, ConnectorType::BooleanInput) ==
          std::optional<std::string>("a Real output does not connect to a Boolean input"));
    CHECK(library::connectionRefusal(ConnectorType::RealInput, ConnectorType::RealInput) ==
          std::optional<std::string>("both are inputs; an input must be driven by an output"));
    CHECK_FALSE(library::connectionRefusal(ConnectorType::RealOutput, ConnectorType::RealInput));
    CHECK_FALSE(library::connectionRefusal(ConnectorType::RotationalSupport, ConnectorType::RotationalFlangeA));
    const std::string msg = compileMessage(diagramJson(
        {component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"),
         component("mass1", "Translational.Components.Mass", R"({"m": 1, "L": 0})")},
        {{"inertia1.flange_b", "mass1.flange_a"}}));
    CHECK(msg == "connection inertia1.flange_b - mass1.flange_a: a rotational flange does not connect to a translational flange");
}

TEST_CASE("defaults that depend on each other are refused naming the parameter, and a chain of defaults is evaluated")
{
    namespace fs = std::filesystem;
    const test::TempFolder folder("flange-test-parameter-cycle");
    {
        std::ofstream out(folder.path() / "Defaults.json");
        out << R"json({
  "name": "Test.Defaults",
  "connectors": [{"name": "flange", "type": "Rotational.Flange_a"}],
  "parameters": [{"name": "a", "type": "Real", "default": "b + 1"},
                 {"name": "b", "type": "Real", "default": "2*c"},
                 {"name": "c", "type": "Real", "default": "a"}],
  "equations": ["flange.tau = a + b + c"]
})json";
    }
    library::Library lib;
    lib.loadFolder(std::string(FLANGE_SOURCE_DIR) + "/resources/components");
    lib.loadFolder(folder.path().string());
    lib.resolve();
    auto compile = [&](const std::string& parameters) {
        return compileModel(diagramFromJson(diagramJson({component("d", "Test.Defaults", parameters),
                                                         component("fixed", "Rotational.Components.Fixed")},
                                                        {{"d.flange", "fixed.flange"}})),
                            lib);
    };
    // a -> b -> c -> a: the cycle is met at a, the parameter being evaluated first
    std::string message;
    try {
        compile("{}");
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message == "parameter 'd.a' depends on itself");
    // c given: b = 2*c and a = b + 1 from the chain of defaults
    const auto model = compile(R"({"c": 3})");
    CHECK(model->parameterValues.at("d.c") == 3);
    CHECK(model->parameterValues.at("d.b") == 6);
    CHECK(model->parameterValues.at("d.a") == 7);
}
