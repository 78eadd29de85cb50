// Component definitions as data: located parse errors, extends, user folders.
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/library/library.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace flange;
namespace fs = std::filesystem;

namespace {

struct TempFolder {
    test::TempFolder folder{"flange-test-library"};
    const fs::path& dir = folder.path();
    void write(const std::string& name, const std::string& text)
    {
        std::ofstream(dir / name) << text;
    }
};

const char* kBase = R"({
  "name": "Test.PartialTwo",
  "partial": true,
  "connectors": [
    {"name": "flange_a", "type": "Rotational.Flange_a", "position": [-100, 0]},
    {"name": "flange_b", "type": "Rotational.Flange_b", "position": [100, 0]}
  ],
  "parameters": [{"name": "k", "type": "Real", "default": 2}],
  "variables": [{"name": "tau", "unit": "N.m"}],
  "equations": ["flange_b.tau = tau", "flange_a.tau = -tau"]
})";

} // namespace

TEST_CASE("a syntax error in an equation names file, line and column")
{
    TempFolder t;
    t.write("bad.json", R"({
  "name": "Test.Bad",
  "variables": [{"name": "x"}],
  "equations": [
    "x = 2 * * 3"
  ]
})");
    try {
        library::Library lib;
        lib.loadFolder(t.dir.string());
        FAIL("no error");
    } catch (const Error& e) {
        std::string msg = e.what();
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(msg, Catch::Contains("bad.json:5:14"));
        CHECK_THAT(msg, Catch::Contains("x = 2 * * 3"));
    }
}

TEST_CASE("malformed JSON names the line")
{
    TempFolder t;
    t.write("broken.json", "{\n  \"name\": \"X\",\n  \"equations\": [\n}\n");
    library::Library lib;
    CHECK_THROWS_WITH(lib.loadFolder(t.dir.string()), Catch::Contains("broken.json:4") && Catch::Contains("malformed JSON"));
}

// Found by fuzzing (tests/data/fuzz-regressions): nlohmann/json throws out_of_range, not
// parse_error, for a number beyond double's range; it escaped as an internal error.
TEST_CASE("a number beyond the range of double is bad input naming the file and the number")
{
    try {
        library::parseDefinition("{\"name\": \"X\", \"description\": 1e999}", "huge.json");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(std::string(e.what()), Catch::StartsWith("huge.json:") && Catch::Contains("1e999") && Catch::Contains("too large"));
    }
    try {
        diagram::parseDiagram("{\"format\": \"flange-diagram\", \"version\": 1,\n \"experiment\": {\"tolerance\": 1e706}}",
                              "huge-diagram.json");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK_THAT(std::string(e.what()), Catch::StartsWith("huge-diagram.json:") && Catch::Contains("1e706") && Catch::Contains("too large"));
    }
}

TEST_CASE("extends merges bases, and an extending model may change a default")
{
    TempFolder t;
    t.write("base.json", kBase);
    t.write("spring.json", R"({
  "name": "Test.Spring",
  "extends": ["Test.PartialTwo"],
  "parameters": [{"name": "k", "type": "Real", "default": 5}],
  "variables": [{"name": "phi_rel"}],
  "equations": ["phi_rel = flange_b.phi - flange_a.phi", "tau = k*phi_rel"]
})");
    library::Library lib;
    lib.loadFolder(t.dir.string());
    lib.resolve();
    const library::ComponentDefinition* d = lib.find("Test.Spring");
    REQUIRE(d != nullptr);
    CHECK(d->connectors.size() == 2);
    CHECK(d->equations.size() == 4);
    REQUIRE(d->parameter("k") != nullptr);
    CHECK(d->parameter("k")->defaultValue->text == "5");
    CHECK(d->variable("tau") != nullptr);
    CHECK(lib.find("Test.PartialTwo")->partial);
}

TEST_CASE("extending an unknown definition is an error naming it")
{
    TempFolder t;
    t.write("x.json", R"({"name": "Test.X", "extends": ["Test.Missing"]})");
    library::Library lib;
    lib.loadFolder(t.dir.string());
    CHECK_THROWS_WITH(lib.resolve(), Catch::Contains("Test.Missing") && Catch::Contains("x.json"));
}

TEST_CASE("unknown connector types are refused")
{
    TempFolder t;
    t.write("c.json", R"({"name": "Test.C", "connectors": [{"name": "p", "type": "Electrical.Pin"}]})");
    library::Library lib;
    CHECK_THROWS_WITH(lib.loadFolder(t.dir.string()), Catch::Contains("Electrical.Pin") && Catch::Contains("c.json"));
}

TEST_CASE("a later folder replaces a definition of the same name")
{
    TempFolder a, b;
    a.write("one.json", R"({"name": "Test.One", "description": "first"})");
    b.write("one.json", R"({"name": "Test.One", "description": "second"})");
    library::Library lib;
    lib.loadFolder(a.dir.string());
    lib.loadFolder(b.dir.string());
    lib.resolve();
    CHECK(lib.find("Test.One")->description == "second");
}
