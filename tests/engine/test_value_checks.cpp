// Values that were once accepted silently, or refused with an unclear message (issue 33,
// family 6): a value of the wrong kind for an enumeration or Integer parameter, an unknown
// enumeration type on a subsystem parameter, a number too small for a double, sizes
// printed with six decimals, a definition that mentions the diagram tag, and unknown keys
// in a component object.
#include "engine/error.hpp"
#include "engine/library/library.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

// The message of compiling a diagram of these components (against the bundled library), or "no error".
std::string compileMessage(const std::vector<std::string>& components,
                           const std::vector<std::pair<std::string, std::string>>& connections = {})
{
    try {
        compileModel(diagramFromJson(diagramJson(components, connections)), bundledLibrary());
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

std::string table(const std::string& params)
{
    return component("table", "Blocks.Sources.CombiTimeTable",
                     R"({"table": [[0, 0], [1, 1]], )" + params.substr(1));
}

const std::string kSmoothnessLiterals =
    "(Smoothness.LinearSegments, Smoothness.ContinuousDerivative, Smoothness.ConstantSegments, "
    "Smoothness.MonotoneContinuousDerivative1, Smoothness.MonotoneContinuousDerivative2, "
    "Smoothness.ModifiedContinuousDerivative)";

} // namespace

TEST_CASE("value checks: an enumeration parameter takes its own literals only, not numbers or another type's")
{
    CHECK(compileMessage({table(R"({"smoothness": "Smoothness.ConstantSegments"})")}) == "no error");
    CHECK(compileMessage({table(R"({"smoothness": "Extrapolation.Periodic"})")}) ==
          "parameter 'table.smoothness': 'Extrapolation.Periodic' is not a literal of Blocks.Types.Smoothness " +
              kSmoothnessLiterals);
    CHECK(compileMessage({table(R"({"smoothness": 3})")}) ==
          "parameter 'table.smoothness': 3 is not a literal of Blocks.Types.Smoothness " + kSmoothnessLiterals);
    CHECK(compileMessage({table(R"({"smoothness": true})")}) ==
          "parameter 'table.smoothness': true is not a literal of Blocks.Types.Smoothness " + kSmoothnessLiterals);
}

TEST_CASE("value checks: an Integer parameter does not take true or false")
{
    const std::string constant = component("c", "Blocks.Sources.Constant", R"({"k": 1})");
    CHECK(compileMessage({constant, component("ms", "Blocks.Math.MultiSum", R"({"nu": true})")}) ==
          "parameter 'ms.nu': true is not an Integer");
    CHECK(compileMessage({constant, component("ms", "Blocks.Math.MultiSum", R"({"nu": "false"})")}) ==
          "parameter 'ms.nu': false is not an Integer");
}

TEST_CASE("value checks: sizes that are not whole numbers print as their shortest text")
{
    CHECK(compileMessage({component("ms", "Blocks.Math.MultiSum", R"({"nu": 2.5})")}) ==
          "size of ms.u = 2.5 is not a whole number from 0 to 100000");
    CHECK(compileMessage({component("ms", "Blocks.Math.MultiSum", R"({"nu": 1e60})")}) ==
          "size of ms.u = 1e+60 is not a whole number from 0 to 100000");
}

TEST_CASE("value checks: a nonzero number too small for a double is refused like one too large")
{
    const std::string inertia = component("inertia", "Rotational.Components.Inertia", R"({"J": 1e-400})");
    try {
        diagramFromJson(diagramJson({inertia}, {}));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("number 1e-400 at 'components[0].parameters.J' is too small (a nonzero "
                                         "number holds down to 4.9e-324)") != std::string::npos);
    }
    CHECK(compileMessage({component("inertia", "Rotational.Components.Inertia", R"({"J": "2e-400*3"})")}) ==
          "parameter 'inertia.J': number 2e-400 is too small (a nonzero Real holds down to 4.9e-324) at column 1 of "
          "\"2e-400*3\"");
    // Zero written with an exponent, and a subnormal number, are numbers a double holds.
    CHECK(diagramFromJson(diagramJson({component("i", "Rotational.Components.Inertia", R"({"J": 0e-400})")}, {}))
              .components.size() == 1);
    CHECK(compileMessage({component("inertia", "Rotational.Components.Inertia", R"({"J": 1e-310})")}) == "no error");
}

TEST_CASE("value checks: an unknown enumeration type on a subsystem parameter is refused")
{
    const std::string diagram = R"({"format": "flange-diagram", "version": 1, "name": "test",
      "subsystems": [{"name": "Sub", "parameters": {"mode": {"value": 1, "type": "NoSuch.Mode"}},
                      "components": [], "connections": []}],
      "components": [{"name": "sub", "type": "Sub"}], "connections": []})";
    try {
        compileModel(diagramFromJson(diagram), bundledLibrary());
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("parameter 'mode': unknown type 'NoSuch.Mode' (neither Real, Integer, "
                                         "Boolean, Table, String nor a known enumeration)") != std::string::npos);
    }
}

TEST_CASE("value checks: a definition that mentions the diagram tag is still a definition")
{
    TempFolder folder("flange-test-tag");
    std::ofstream(folder.path() / "Tagged.json")
        << R"({"name": "Test.Tagged", "description": "flange-diagram",
               "connectors": [{"name": "y", "type": "RealOutput"}], "equations": ["y = 2"]})";
    library::Library lib;
    lib.loadFolder(folder.path().string());
    lib.resolve();
    const library::ComponentDefinition* def = lib.find("Test.Tagged");
    REQUIRE(def);
    CHECK(def->subsystem == nullptr);
    CHECK(def->description == "flange-diagram");
}

TEST_CASE("value checks: unknown keys in a component object are kept but warned about, naming key and component")
{
    const std::string inertia = R"({"name": "inertia", "type": "Rotational.Components.Inertia",
      "parameters": {"J": 1}, "paramters": {"J": 2}, "start": {"w": 1}})";
    const diagram::Diagram d = diagramFromJson(diagramJson({inertia}, {}));
    REQUIRE(d.components.at(0).extra.size() == 2); // kept, for the editor to save back
    auto model = compileModel(d, bundledLibrary());
    const std::vector<std::string> expected = {
        "component 'inertia' (Rotational.Components.Inertia): unknown key 'paramters' is ignored (kept in the file)",
        "component 'inertia' (Rotational.Components.Inertia): unknown key 'start' is ignored (kept in the file)",
        "keys this version of Flange does not know are kept and ignored; a diagram written by a newer version may use "
        "them"};
    REQUIRE(model->warnings.size() >= 3);
    CHECK(std::vector<std::string>(model->warnings.begin(), model->warnings.begin() + 3) == expected);
}

TEST_CASE("value checks: NoExtrapolation past a table's end stops the run with its message in every setting")
{
    for (const char* smoothness : {"LinearSegments", "ContinuousDerivative", "ConstantSegments",
                                   "MonotoneContinuousDerivative1", "MonotoneContinuousDerivative2",
                                   "ModifiedContinuousDerivative"})
        for (const char* events : {"Always", "AtDiscontinuities", "NoTimeEvents"}) {
            const std::string params = std::string(R"({"table": [[0, 0], [0.5, 2], [1, 1]], )") +
                                       R"("extrapolation": "Extrapolation.NoExtrapolation", "smoothness": "Smoothness.)" +
                                       smoothness + R"(", "timeEvents": "TimeEvents.)" + events + R"("})";
            INFO(smoothness << ", " << events);
            std::string message = "no error";
            ErrorKind kind = ErrorKind::Internal;
            try {
                simulateJson(diagramJson({component("table", "Blocks.Sources.CombiTimeTable", params)}, {}, 2.0));
            } catch (const Error& e) {
                message = e.what();
                kind = e.kind();
            }
            CHECK(message == "component 'table': the time left the range [0, 1] of table 'tableData', which has no "
                             "extrapolation (NoExtrapolation) at t = 1 s");
            CHECK(kind == ErrorKind::SimulationFailed);
        }
}
