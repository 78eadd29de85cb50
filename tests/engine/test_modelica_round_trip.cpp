// Every bundled models/msl example written as Modelica and read back is the same diagram
// (placements, routes, parameter text as typed, start values, experiment, plot setup), and
// a few of them simulate to identical results from the text read back.
#include "engine/diagram/diagram_json.hpp"
#include "engine/modelica/modelica_reader.hpp"
#include "engine/modelica/modelica_writer.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace flange;

namespace {

diagram::Diagram roundTrip(const diagram::Diagram& d, const std::string& name)
{
    const std::string text = modelica::writeModelica(d, test::bundledLibrary(), name);
    modelica::ModelicaSource source = modelica::ModelicaSource::fromText(text, name + ".mo");
    return modelica::readModelica(source, modelica::chooseModel(source, ""), test::bundledLibrary());
}

} // namespace

TEST_CASE("modelica round trip: every models/msl example written and read back is the same diagram")
{
    int examples = 0;
    for (const char* package : {"Rotational", "Translational"})
        for (const auto& entry : std::filesystem::directory_iterator(std::string(FLANGE_SOURCE_DIR) + "/models/msl/" + package)) {
            const std::string path = std::string(package) + "/" + entry.path().filename().string();
            INFO(path);
            const diagram::Diagram d = test::diagramFromJson(test::bundledModel(path));
            const diagram::Diagram back = roundTrip(d, entry.path().stem().string());
            // The JSON of both, key for key (numbers compare by value, 1 == 1.0).
            CHECK(diagram::toJson(back) == diagram::toJson(d));
            ++examples;
        }
    CHECK(examples == 31);
}

TEST_CASE("modelica round trip: examples read back from Modelica simulate to identical results")
{
    for (const char* path : {"Rotational/CoupledClutches.json", "Translational/Vehicle.json", "Translational/Friction.json"}) {
        INFO(path);
        const diagram::Diagram d = test::diagramFromJson(test::bundledModel(path));
        const diagram::Diagram back = roundTrip(d, "Example");
        const test::Simulated a = test::simulateJson(diagram::serializeDiagram(d));
        const test::Simulated b = test::simulateJson(diagram::serializeDiagram(back));
        CHECK(a.sink.names == b.sink.names);
        CHECK(a.sink.times == b.sink.times);
        CHECK(a.sink.rows == b.sink.rows);
        CHECK(a.sink.times.size() > 100);
    }
}
