// Enumeration types as data: definition files, literals as ordinals in parameters and
// equations, the three accepted spellings, and messages for bad literals and types.
#include "engine/error.hpp"
#include "engine/library/enumeration.hpp"
#include "engine/library/library.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

const char* kMode = R"({
  "name": "Test.Types.Mode",
  "description": "How the test source behaves",
  "enumeration": [
    {"name": "Low", "description": "Output 1"},
    {"name": "Middle", "description": "Output 2"},
    "High"
  ]
})";

// A source whose output depends on an enumeration parameter, both through an
// if-equation resolved at translation and through the ordinal as a number.
const char* kModeSource = R"({
  "name": "Test.ModeSource",
  "connectors": [{"name": "y", "type": "RealOutput", "position": [100, 0]}],
  "parameters": [{"name": "mode", "type": "Test.Types.Mode", "default": "Mode.Middle"}],
  "variables": [{"name": "ordinal"}],
  "equations": [
    "ordinal = mode",
    {"if": "mode == Mode.High", "then": ["y = 30"],
     "elseif": [["mode == Modelica.Test.Types.Mode.Middle", ["y = 20"]]], "else": ["y = 10"]}
  ]
})";

struct TestLibrary {
    TempFolder folder{"flange-test-enumerations"};
    library::Library lib;
    void write(const std::string& name, const std::string& text) { std::ofstream(folder.path() / name) << text; }
    void load()
    {
        lib.loadFolder(folder.path().string());
        lib.resolve();
    }
};

// y and ordinal of a ModeSource with the given parameters ("{}" for the default).
std::pair<double, double> modeSourceOutputs(const std::string& params)
{
    TestLibrary t;
    t.write("Mode.json", kMode);
    t.write("ModeSource.json", kModeSource);
    t.load();
    auto model = compileModel(diagramFromJson(diagramJson({component("src", "Test.ModeSource", params)}, {}, 0.1)), t.lib);
    MemorySink sink;
    simulate(*model, {}, sink);
    return {sink.last("src.y"), sink.last("src.ordinal")};
}

std::string compileMessage(const std::string& params)
{
    try {
        modeSourceOutputs(params);
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("the bundled Blocks.Types enumerations number their literals from 1 in MSL's order")
{
    bundledLibrary();
    CHECK(library::enumerationLiteral("Init.NoInit") == 1);
    CHECK(library::enumerationLiteral("Init.InitialOutput") == 4);
    CHECK(library::enumerationLiteral("Blocks.Types.Init.SteadyState") == 2);
    CHECK(library::enumerationLiteral("Modelica.Blocks.Types.Init.InitialState") == 3);
    CHECK(library::enumerationLiteral("SimpleController.PID") == 4);
    CHECK(library::enumerationLiteral("Smoothness.ConstantSegments") == 3);
    CHECK(library::enumerationLiteral("Smoothness.ModifiedContinuousDerivative") == 6);
    CHECK(library::enumerationLiteral("Extrapolation.NoExtrapolation") == 4);
    CHECK(library::enumerationLiteral("TimeEvents.NoTimeEvents") == 3);
    CHECK(library::enumerationLiteral("StateSelect.prefer") == 4);
    CHECK_FALSE(library::enumerationLiteral("Init.Nothing"));
    const library::EnumerationDef* init = library::findEnumeration("Modelica.Blocks.Types.Init");
    REQUIRE(init);
    CHECK(init->literals.at(2).description == "Initialization with initial states");
}

TEST_CASE("an enumeration parameter selects equations and counts as its ordinal")
{
    CHECK(modeSourceOutputs("{}") == std::pair<double, double>(20, 2));
    CHECK(modeSourceOutputs(R"({"mode": "Mode.High"})") == std::pair<double, double>(30, 3));
    CHECK(modeSourceOutputs(R"({"mode": "Test.Types.Mode.Low"})") == std::pair<double, double>(10, 1));
    CHECK(modeSourceOutputs(R"({"mode": "Modelica.Test.Types.Mode.High"})") == std::pair<double, double>(30, 3));
}

TEST_CASE("a misspelt literal in a diagram names the parameter and lists the literals")
{
    CHECK(compileMessage(R"({"mode": "Mode.Hihg"})") ==
          "parameter 'src.mode': 'Hihg' is not a literal of Test.Types.Mode (Mode.Low, Mode.Middle, Mode.High)");
}

TEST_CASE("a misspelt default literal or an unknown type is refused at load naming file and line")
{
    TestLibrary t;
    t.write("Mode.json", kMode);
    SECTION("default")
    {
        t.write("Bad.json", R"({
  "name": "Test.Bad",
  "parameters": [
    {"name": "mode", "type": "Test.Types.Mode", "default": "Mode.Lowest"}
  ]
})");
        REQUIRE_THROWS_AS(t.load(), Error);
        try {
            t.load();
        } catch (const Error& e) {
            CHECK_THAT(e.what(), Catch::Contains("Bad.json:4:") &&
                                     Catch::Contains("parameter 'mode' default: 'Lowest' is not a literal of Test.Types.Mode"));
        }
    }
    SECTION("type")
    {
        t.write("Bad.json", R"({
  "name": "Test.Bad",
  "parameters": [{"name": "mode", "type": "Test.Types.Mood"}]
})");
        try {
            t.load();
            FAIL("no error");
        } catch (const Error& e) {
            CHECK_THAT(e.what(), Catch::Contains("Bad.json:3:") &&
                                     Catch::Contains("parameter 'mode': unknown type 'Test.Types.Mood'"));
        }
    }
}

TEST_CASE("an enumeration file with a repeated literal is refused naming it")
{
    TestLibrary t;
    t.write("Twice.json", R"({"name": "Test.Types.Twice", "enumeration": ["A", "B", "A"]})");
    try {
        t.load();
        FAIL("no error");
    } catch (const Error& e) {
        CHECK_THAT(e.what(), Catch::Contains("Twice.json") && Catch::Contains("literal 'A' appears twice"));
    }
}
