// The diagram's own parameters: unit and description survive a round trip, old plain
// values still load and simulate, uses are found by parsing, renames rewrite every use.
#include "engine/diagram/model_parameters.hpp"
#include "support/test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::test;

namespace {

const char* kClutches = R"({
  "format": "flange-diagram", "version": 1, "name": "m",
  "parameters": { "T2": 0.4, "f": { "value": 0.2, "unit": "Hz", "description": "frequency of the drive" },
                  "T3": "T2 + 0.5" },
  "components": [
    { "name": "sine1", "type": "Blocks.Sources.Sine", "parameters": { "amplitude": 10, "f": "f" } },
    { "name": "step1", "type": "Blocks.Sources.BooleanStep", "parameters": { "startTime": "T2" } },
    { "name": "J1", "type": "Rotational.Components.Inertia", "parameters": { "J": 1 },
      "variables": { "w": { "start": "2*T2 + T2f", "fixed": true } } }
  ],
  "connections": []
})";

} // namespace

TEST_CASE("model parameters keep unit and description through save and open")
{
    diagram::Diagram d = diagramFromJson(kClutches);
    auto decl = diagram::declarations(d);
    REQUIRE(decl.size() == 3);
    CHECK(decl[0].value == 0.4);
    CHECK(decl[0].unit.empty());
    CHECK(decl[1].value == 0.2);
    CHECK(decl[1].unit == "Hz");
    CHECK(decl[1].description == "frequency of the drive");
    diagram::Diagram again = diagram::parseDiagram(diagram::serializeDiagram(d), "again");
    auto after = diagram::declarations(again);
    REQUIRE(after.size() == 3);
    CHECK(after[1].unit == "Hz");
    CHECK(after[1].description == "frequency of the drive");
    // A parameter without unit or description is written in the old plain form.
    CHECK(diagram::toJson(again)["parameters"]["T2"] == 0.4);
}

TEST_CASE("a model parameter stored as an object is evaluated by the flattener")
{
    Simulated s = simulateJson(R"({
      "format": "flange-diagram", "version": 1, "name": "m",
      "experiment": { "stopTime": 0.1, "interval": 0.05 },
      "parameters": { "Jm": { "value": 2, "unit": "kg.m2", "description": "load" } },
      "components": [
        { "name": "J1", "type": "Rotational.Components.Inertia", "parameters": { "J": "Jm" },
          "variables": { "w": { "start": 3, "fixed": true } } },
        { "name": "c", "type": "Rotational.Sources.ConstantTorque", "parameters": { "tau_constant": 4 } }
      ],
      "connections": [ { "from": "c.flange", "to": "J1.flange_a" } ]
    })");
    // J*der(w) = 4 with J = 2: w grows by 2 rad/s per second.
    CHECK(s.sink.last("J1.w") == Approx(3 + 2 * 0.1));
}

TEST_CASE("uses of a model parameter are found by parsing, not by text search")
{
    diagram::Diagram d = diagramFromJson(kClutches);
    CHECK(diagram::usesOf(d, "T2") == std::vector<std::string>{"model parameter T3", "step1.startTime", "start of J1.w"});
    // "f" occurs inside "T2f" and in "sine1.f", but only sine1's value uses it.
    CHECK(diagram::usesOf(d, "f") == std::vector<std::string>{"sine1.f"});
    CHECK(diagram::usesOf(d, "T3").empty());
}

TEST_CASE("renaming a model parameter rewrites every use and nothing else")
{
    diagram::Diagram d = diagramFromJson(kClutches);
    REQUIRE_FALSE(diagram::renameParameter(d, "T2", "tStart"));
    CHECK(d.parameters[0].first == "tStart");
    CHECK(d.parameters[2].second == "tStart + 0.5");
    CHECK(*d.component("step1")->parameter("startTime") == "tStart");
    CHECK(*d.component("J1")->variable("w")->start == "2*tStart + T2f");
}

TEST_CASE("a rename that cannot be done is refused with the reason")
{
    diagram::Diagram d = diagramFromJson(kClutches);
    CHECK(*diagram::renameParameter(d, "T2", "T3") == "there is already a model parameter named 'T3'");
    CHECK(*diagram::renameParameter(d, "T2", "2x") ==
          "'2x' is not a valid name (letters, digits and _, not starting with a digit)");
    CHECK(*diagram::renameParameter(d, "T2", "sine1") == "'sine1' is the name of a component");
    d.component("J1")->setParameter("J", "T2 +* 1");
    const auto why = diagram::renameParameter(d, "T2", "tStart");
    REQUIRE(why);
    CHECK(*why == "cannot rename 'T2': the value of J1.J (\"T2 +* 1\") is not an expression Flange can read, so its "
                  "uses cannot be found");
    CHECK(d.parameters[0].first == "T2"); // unchanged
}

TEST_CASE("whole numbers keep their form when a diagram is saved again")
{
    const char* text = R"({
      "format": "flange-diagram", "version": 1, "name": "w",
      "experiment": { "startTime": 0, "stopTime": 3, "interval": 0.001, "tolerance": 1e-6 },
      "components": [
        { "name": "J1", "type": "Rotational.Components.Inertia", "parameters": { "J": 2, "phi_x": -80 },
          "placement": { "x": -80, "y": 20.5, "rotation": 90 } } ],
      "connections": [ { "from": "J1.flange_a", "to": "J1.flange_b", "points": [[-80, 0], [-60.5, 0]] } ]
    })";
    const std::string saved = diagram::serializeDiagram(diagram::parseDiagram(text, "w"));
    CHECK(saved.find("\"x\": -80,") != std::string::npos);
    CHECK(saved.find("\"y\": 20.5") != std::string::npos);
    CHECK(saved.find("\"rotation\": 90,") != std::string::npos);
    CHECK(saved.find("\"stopTime\": 3,") != std::string::npos);
    CHECK(saved.find("\"phi_x\": -80") != std::string::npos);
    CHECK(saved.find("-80,\n") != std::string::npos);
    CHECK(saved.find(".0,") == std::string::npos);
    CHECK(saved.find(".0\n") == std::string::npos);
}
