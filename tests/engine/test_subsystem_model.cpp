// The subsystem data model: outer connectors, declared parameters and embedded subsystems
// survive a save and open; the library loads diagram files as subsystems; the scoped
// lookup finds embedded subsystems innermost first, then the library.
#include "support/test_support.hpp"

#include "engine/diagram/diagram_json.hpp"
#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/library/scoped_library.hpp"
#include "engine/library/subsystem_definition.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

const char* kVehicleLike = R"({
  "format": "flange-diagram", "version": 1, "name": "Top",
  "components": [ { "name": "car", "type": "Test.Car", "parameters": { "m": 100 },
                    "variables": { "mass.v": { "start": 0, "fixed": true } } } ],
  "connections": [],
  "subsystems": [ {
    "name": "Test.Car", "description": "a mass on a flange", "label": "m=%m",
    "parameters": { "m": { "value": 1, "unit": "kg", "description": "Mass", "type": "Real", "tab": "Body", "min": 0 } },
    "connectors": [ { "name": "flangeT", "type": "Translational.Flange_a", "position": [-100, 0],
                      "placement": { "x": -90, "y": 0 }, "description": "where it is pushed" },
                    { "name": "u", "type": "RealInput", "condition": "m > 50" } ],
    "components": [ { "name": "mass", "type": "Translational.Components.Mass", "parameters": { "m": "m" } },
                    { "name": "push", "type": "Translational.Sources.Force", "condition": "m > 50" } ],
    "variables": [ { "name": "v", "value": "mass.v", "unit": "m/s", "start": 0, "description": "speed" } ],
    "connections": [ { "from": "flangeT", "to": "mass.flange_a" } ],
    "subsystems": [ { "name": "Test.Wheel", "connectors": [ { "name": "f", "type": "Rotational.Flange_a" } ] } ]
  } ]
})";

} // namespace

TEST_CASE("a subsystem's connectors, parameters and embedded subsystems survive save and open")
{
    diagram::Diagram d = diagramFromJson(kVehicleLike);
    REQUIRE(d.subsystems.size() == 1);
    const diagram::Diagram* car = d.findSubsystem("Test.Car");
    REQUIRE(car);
    CHECK(car->label == "m=%m");
    REQUIRE(car->connectors.size() == 2);
    CHECK(car->connectors[1].condition == "m > 50");
    CHECK(car->component("push")->condition == "m > 50");
    REQUIRE(car->variables.size() == 1);
    CHECK(car->variables[0].value == "mass.v");
    CHECK(car->variables[0].start == 0);
    const diagram::OuterConnector* f = car->connector("flangeT");
    REQUIRE(f);
    CHECK(f->type == "Translational.Flange_a");
    CHECK(f->x == -100);
    CHECK(f->placement.x == -90);
    CHECK(f->description == "where it is pushed");
    CHECK(car->findSubsystem("Test.Wheel"));
    CHECK_FALSE(d.findSubsystem("Test.Wheel")); // embedded lookup is one level only
    auto decl = diagram::declarations(*car);
    REQUIRE(decl.size() == 1);
    CHECK(decl[0].value == 1);
    CHECK(decl[0].type == "Real");
    CHECK(decl[0].tab == "Body");
    CHECK(decl[0].min == 0);
    CHECK_FALSE(decl[0].max);
    CHECK(d.components[0].variable("mass.v")->fixed == true);

    diagram::Diagram again = diagram::parseDiagram(diagram::serializeDiagram(d), "again");
    CHECK(diagram::toJson(again) == diagram::toJson(d));
    CHECK(diagram::toJson(again)["subsystems"][0]["connectors"][0]["placement"]["x"] == -90);
    // A plain diagram gets none of the new keys.
    diagram::Diagram plain = diagramFromJson(R"({"format":"flange-diagram","version":1,"name":"p"})");
    diagram::Json written = diagram::toJson(plain);
    for (const char* key : {"icon", "label", "connectors", "subsystems"})
        CHECK_FALSE(written.contains(key));
}

TEST_CASE("malformed subsystem entries are refused naming the entry")
{
    auto message = [](const std::string& text) {
        try {
            diagram::parseDiagram(text, "bad.json");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(message(R"({"format":"flange-diagram","version":1,"connectors":[{"name":"a b","type":"x"}]})"),
               Catch::Contains("connector name 'a b' is not a valid identifier"));
    CHECK_THAT(message(R"({"format":"flange-diagram","version":1,"components":[{"name":"x","type":"T"}],
                          "connectors":[{"name":"x","type":"Rotational.Flange_a"}]})"),
               Catch::Contains("connector 'x' has the name of another connector or component"));
    CHECK_THAT(message(R"({"format":"flange-diagram","version":1,"subsystems":[{"components":[]}]})"),
               Catch::Contains("subsystems[0]") && Catch::Contains("needs a \"name\""));
    CHECK_THAT(message(R"({"format":"flange-diagram","version":1,"subsystems":[{"name":"A"},{"name":"A"}]})"),
               Catch::Contains("two embedded subsystems are named 'A'"));
}

TEST_CASE("a subsystem's face shows its connectors and declared parameters")
{
    diagram::Diagram d = diagramFromJson(kVehicleLike);
    auto car = std::make_shared<const diagram::Diagram>(*d.findSubsystem("Test.Car"));
    library::ComponentDefinition def = library::subsystemDefinition(car, "car.json");
    CHECK(def.name == "Test.Car");
    CHECK(def.subsystem == car);
    CHECK(def.label == "m=%m");
    REQUIRE(def.connectors.size() == 2);
    CHECK(def.connectors[0].type == library::ConnectorType::TranslationalFlangeA);
    CHECK(def.connectors[0].x == -100);
    CHECK(def.connectors[1].condition->text == "m > 50");
    REQUIRE(def.parameters.size() == 1);
    CHECK(def.parameters[0].defaultValue->text == "1");
    CHECK(def.parameters[0].unit == "kg");
    CHECK(def.parameters[0].tab == "Body");
    CHECK(def.parameters[0].min == 0);
    REQUIRE(def.variables.size() == 1);
    CHECK(def.variables[0].binding->text == "mass.v");
    CHECK(def.equations.empty());

    diagram::Diagram bad = *car;
    bad.connectors[0].type = "Rotational.Flange_c";
    CHECK_THROWS_WITH(library::subsystemDefinition(std::make_shared<const diagram::Diagram>(bad), "car.json"),
                      Catch::Contains("car.json: subsystem 'Test.Car': connector 'flangeT': unknown connector type "
                                      "'Rotational.Flange_c'"));
}

TEST_CASE("the library loads diagram files as subsystems beside component definitions")
{
    TempFolder folder;
    {
        std::ofstream out(folder.path() / "Car.json");
        diagram::Diagram d = diagramFromJson(kVehicleLike);
        out << diagram::serializeDiagram(*d.findSubsystem("Test.Car"));
    }
    library::Library lib;
    for (const auto& f : library::Library::defaultFolders())
        lib.loadFolder(f);
    lib.loadFolder(folder.path().string());
    lib.resolve();
    const library::ComponentDefinition* car = lib.find("Test.Car");
    REQUIRE(car);
    REQUIRE(car->subsystem);
    CHECK(car->subsystem->component("mass"));
    CHECK(car->connector("flangeT"));
    CHECK(car->file == (folder.path() / "Car.json").string());
    CHECK_FALSE(lib.find("Rotational.Components.Inertia")->subsystem);
}

TEST_CASE("embedded subsystems are found innermost first, then the library")
{
    diagram::Diagram d = diagramFromJson(kVehicleLike);
    // The top level also embeds a Test.Wheel, which the car's own one hides inside the car.
    diagram::Diagram outerWheel;
    outerWheel.name = "Test.Wheel";
    outerWheel.description = "outer";
    d.subsystems.push_back(outerWheel);
    library::ScopedLibrary top(bundledLibrary(), {&d});
    CHECK(top.find("Rotational.Components.Inertia") == bundledLibrary().find("Rotational.Components.Inertia"));
    CHECK_FALSE(top.find("Test.Nothing"));
    const library::ComponentDefinition* car = top.find("Test.Car");
    REQUIRE(car);
    CHECK(car->subsystem.get() == d.findSubsystem("Test.Car"));
    CHECK(top.find("Test.Car") == car); // built once
    CHECK(top.find("Test.Wheel")->description == "outer");
    library::ScopedLibrary inCar = top.inside(*car);
    REQUIRE(inCar.scopes().size() == 2);
    CHECK(inCar.find("Test.Wheel")->subsystem.get() == car->subsystem->findSubsystem("Test.Wheel"));
    CHECK(inCar.find("Test.Car") == car); // the enclosing diagram's are visible inside

    d.subsystems[0].connectors[0].type = "Nonsense";
    library::ScopedLibrary broken(bundledLibrary(), {&d});
    CHECK_FALSE(broken.find("Test.Car"));
    CHECK_THAT(broken.problem("Test.Car"), Catch::Contains("unknown connector type 'Nonsense'"));
    CHECK(broken.problem("Test.Wheel").empty());
}
