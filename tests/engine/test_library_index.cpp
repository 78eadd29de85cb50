// Loading the library for one model (Library::indexFolder and require, as flange-sim
// does): the definitions a model needs are those a full load gives, an error in one it
// needs is reported as a full load reports it, and one it does not need is not parsed.
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

struct Folder {
    test::TempFolder folder{"flange-test-index"};
    std::string dir() const { return folder.path().string(); }
    void write(const std::string& name, const std::string& text) const
    {
        fs::create_directories((folder.path() / name).parent_path());
        std::ofstream(folder.path() / name) << text;
    }
};

const std::string kBundled = FLANGE_SOURCE_DIR "/resources/components";

const char* kBroken = R"({
  "name": "Test.Broken",
  "variables": [{"name": "x"}],
  "equations": [
    "x = 2 * * 3"
  ]
})";

std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("library index: every bundled definition, required by name, is the one a full load gives")
{
    library::Library full;
    full.loadFolder(kBundled);
    full.resolve();
    REQUIRE(full.size() > 100);
    std::vector<std::string> names;
    for (const library::ComponentDefinition* d : full.all())
        names.push_back(d->name);

    library::Library indexed;
    indexed.indexFolder(kBundled);
    indexed.require(names);
    indexed.resolve();
    CHECK(indexed.size() == full.size());
    for (const library::ComponentDefinition* d : full.all()) {
        const library::ComponentDefinition* same = indexed.find(d->name);
        REQUIRE(same);
        CHECK(same->file == d->file);
        CHECK(same->extends == d->extends);
        CHECK(same->connectors.size() == d->connectors.size());
        CHECK(same->parameters.size() == d->parameters.size());
        CHECK(same->variables.size() == d->variables.size());
        CHECK(same->equations.size() == d->equations.size());
        CHECK(same->initialEquations.size() == d->initialEquations.size());
        CHECK(static_cast<bool>(same->subsystem) == static_cast<bool>(d->subsystem));
    }
}

TEST_CASE("library index: a model's types bring their bases and a library subsystem's parts, nothing else")
{
    const diagram::Diagram vehicle = diagram::loadDiagram(FLANGE_SOURCE_DIR "/models/msl/Translational/Vehicle.json");
    library::Library lib;
    lib.indexFolder(kBundled);
    lib.require(library::typesUsedBy(vehicle));
    lib.resolve();
    int bases = 0;
    for (const std::string& type : library::typesUsedBy(vehicle)) {
        const library::ComponentDefinition* def = lib.find(type);
        REQUIRE(def);
        for (const std::string& base : def->extends) {
            CHECK(lib.find(base));
            ++bases;
        }
    }
    CHECK(bases > 0);
    // Translational.Components.Vehicle is a library subsystem: its parts were parsed too.
    const library::ComponentDefinition* part = lib.find("Translational.Components.Vehicle");
    REQUIRE(part);
    REQUIRE(part->subsystem);
    for (const std::string& type : library::typesUsedBy(*part->subsystem))
        CHECK(lib.find(type));
    CHECK(lib.size() < 60);
}

TEST_CASE("library index: a broken definition is reported, with file, line and column, only when needed")
{
    Folder f;
    f.write("Test/Broken.json", kBroken);
    f.write("Test/Fine.json", R"({"name": "Test.Fine", "variables": [{"name": "x"}], "equations": ["x = 1"]})");
    const std::string fullLoad = errorOf([&] {
        library::Library lib;
        lib.loadFolder(f.dir());
    });
    CHECK_THAT(fullLoad, Catch::Contains("Broken.json:5:14"));

    library::Library lib;
    lib.indexFolder(f.dir());
    lib.require({"Test.Fine"});
    lib.resolve();
    CHECK(lib.find("Test.Fine"));
    CHECK_FALSE(lib.find("Test.Broken"));
    const std::string needed = errorOf([&] { lib.require({"Test.Broken"}); });
    CHECK_THAT(needed, Catch::Contains("Broken.json:5:14"));
    CHECK_THAT(needed, Catch::Contains("x = 2 * * 3"));
}

TEST_CASE("library index: names come from the files, not their paths, and a later folder replaces a name")
{
    Folder a, b;
    a.write("base.json", R"({"name": "Other.Base", "parameters": [{"name": "k", "default": 2}]})");
    a.write("x/y.json", R"({"description": "first", "extends": "Other.Base", "name": "Test.Child"})");
    b.write("z.json", R"({
  "connectors": [{"name": "c", "type": "Rotational.Flange_a"}],
  "name": "Test.Child",
  "description": "second",
  "extends": "Other.Base"
})");
    library::Library lib;
    lib.indexFolder(a.dir());
    lib.indexFolder(b.dir());
    lib.require({"Test.Child"});
    lib.resolve();
    const library::ComponentDefinition* child = lib.find("Test.Child");
    REQUIRE(child);
    CHECK(child->description == "second");
    CHECK(child->parameter("k"));
    CHECK(child->connector("c"));
}

TEST_CASE("library index: a file whose name it cannot read off is parsed at once and reports its error")
{
    Folder f;
    f.write("bad.json", "{\"name\": \"Test.Bad\",\n  \"equations\": [\n}");
    const std::string error = errorOf([&] {
        library::Library lib;
        lib.indexFolder(f.dir());
        lib.require({"Test.Bad"});
    });
    CHECK_THAT(error, Catch::Contains("bad.json:3:"));
}
