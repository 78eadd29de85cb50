// Flattening subsystems: a model built of subsystems is the same model as drawn flat (to
// the last digit); names are paths; parameters are evaluated in their scope; overrides
// reach the parts by path; recursion and errors inside name the path.
#include "support/test_support.hpp"

#include "engine/error.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

// A gearbox: input inertia, ideal gear, output spring-damper; parameters with an
// expression between them (the output stiffness follows the ratio).
const char* kGearbox = R"({
  "name": "Test.Gearbox",
  "parameters": { "J": { "value": 0.1, "unit": "kg.m2", "min": 0 }, "ratio": 3,
                  "c": { "value": "1e3*ratio", "unit": "N.m/rad" }, "d": 5 },
  "connectors": [ { "name": "flange_a", "type": "Rotational.Flange_a", "position": [-100, 0] },
                  { "name": "flange_b", "type": "Rotational.Flange_b", "position": [100, 0] } ],
  "components": [
    { "name": "inertia", "type": "Rotational.Components.Inertia", "parameters": { "J": "J" } },
    { "name": "gear", "type": "Rotational.Components.IdealGear", "parameters": { "ratio": "ratio" } },
    { "name": "shaft", "type": "Rotational.Components.SpringDamper", "parameters": { "c": "c", "d": "d" } } ],
  "connections": [ { "from": "flange_a", "to": "inertia.flange_a" }, { "from": "inertia.flange_b", "to": "gear.flange_a" },
                   { "from": "gear.flange_b", "to": "shaft.flange_a" }, { "from": "shaft.flange_b", "to": "flange_b" } ]
})";

std::string drive(const std::string& gearboxes, const std::string& inside, const std::string& extra = "")
{
    return R"({"format": "flange-diagram", "version": 1, "name": "drive",
      "experiment": {"startTime": 0, "stopTime": 2, "interval": 0.01, "tolerance": 1e-8},
      "parameters": { "Jload": 4 },
      "components": [
        { "name": "sine", "type": "Blocks.Sources.Sine", "parameters": { "amplitude": 20, "f": 1.5 } },
        { "name": "torque", "type": "Rotational.Sources.Torque" },
        )" + inside + R"(,
        { "name": "load", "type": "Rotational.Components.Inertia", "parameters": { "J": "Jload" },
          "variables": { "phi": { "start": 0, "fixed": true }, "w": { "start": 0, "fixed": true } } } ],
      "connections": [ { "from": "sine.y", "to": "torque.tau" }, )" + extra + R"( ]
      )" + gearboxes + "}";
}

const std::string kTwoGearboxes =
    R"({ "name": "g1", "type": "Test.Gearbox", "parameters": { "ratio": 2 },
         "variables": { "inertia.phi": { "start": 0, "fixed": true }, "inertia.w": { "start": 0, "fixed": true },
                        "shaft.phi_rel": { "start": 0, "fixed": true }, "shaft.w_rel": { "start": 0, "fixed": true } } },
       { "name": "g2", "type": "Test.Gearbox", "parameters": { "J": "Jload/20", "d": 8 },
         "variables": { "shaft.phi_rel": { "start": 0, "fixed": true }, "shaft.w_rel": { "start": 0, "fixed": true } } })";
const std::string kTwoGearboxConnections =
    R"({ "from": "torque.flange", "to": "g1.flange_a" }, { "from": "g1.flange_b", "to": "g2.flange_a" },
       { "from": "g2.flange_b", "to": "load.flange_a" })";

// The same drive drawn flat by hand, the parts in the order the subsystems hold them.
const std::string kFlatParts =
    R"({ "name": "g1_inertia", "type": "Rotational.Components.Inertia", "parameters": { "J": 0.1 },
         "variables": { "phi": { "start": 0, "fixed": true }, "w": { "start": 0, "fixed": true } } },
       { "name": "g1_gear", "type": "Rotational.Components.IdealGear", "parameters": { "ratio": 2 } },
       { "name": "g1_shaft", "type": "Rotational.Components.SpringDamper", "parameters": { "c": 2000, "d": 5 },
         "variables": { "phi_rel": { "start": 0, "fixed": true }, "w_rel": { "start": 0, "fixed": true } } },
       { "name": "g2_inertia", "type": "Rotational.Components.Inertia", "parameters": { "J": 0.2 } },
       { "name": "g2_gear", "type": "Rotational.Components.IdealGear", "parameters": { "ratio": 3 } },
       { "name": "g2_shaft", "type": "Rotational.Components.SpringDamper", "parameters": { "c": 3000, "d": 8 },
         "variables": { "phi_rel": { "start": 0, "fixed": true }, "w_rel": { "start": 0, "fixed": true } } })";
const std::string kFlatConnections =
    R"({ "from": "torque.flange", "to": "g1_inertia.flange_a" }, { "from": "g1_inertia.flange_b", "to": "g1_gear.flange_a" },
       { "from": "g1_gear.flange_b", "to": "g1_shaft.flange_a" }, { "from": "g1_shaft.flange_b", "to": "g2_inertia.flange_a" },
       { "from": "g2_inertia.flange_b", "to": "g2_gear.flange_a" }, { "from": "g2_gear.flange_b", "to": "g2_shaft.flange_a" },
       { "from": "g2_shaft.flange_b", "to": "load.flange_a" })";

// `text` with the one occurrence of `from` replaced.
std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string embedded(const std::string& subsystem) { return R"(, "subsystems": [ )" + subsystem + " ]"; }

std::string errorOf(const std::string& json, std::vector<std::string>* instances = nullptr)
{
    try {
        compileModel(diagramFromJson(json), bundledLibrary());
    } catch (const Error& e) {
        if (instances)
            *instances = e.instances;
        return e.what();
    }
    return "compiled";
}

// "g1.shaft.w_rel" -> "g1_shaft.w_rel": the flat drawing's name of a nested variable.
std::string flatName(std::string name)
{
    if (name.rfind("g1.", 0) == 0 || name.rfind("g2.", 0) == 0)
        name[2] = '_';
    return name;
}

} // namespace

TEST_CASE("a model built of subsystems gives the results of the same model drawn flat, to the last digit")
{
    Simulated nested = simulateJson(drive(embedded(kGearbox), kTwoGearboxes, kTwoGearboxConnections));
    Simulated flat = simulateJson(drive("", kFlatParts, kFlatConnections));
    REQUIRE(nested.sink.rows.size() == flat.sink.rows.size());
    REQUIRE(nested.sink.names.size() == flat.sink.names.size());
    CHECK(nested.sink.column("g2.shaft.w_rel") >= 0);
    for (size_t c = 0; c < nested.sink.names.size(); ++c) {
        const std::string& name = nested.sink.names[c];
        INFO(name);
        REQUIRE(flat.sink.names[c] == flatName(name));
        for (size_t r = 0; r < nested.sink.rows.size(); ++r)
            if (nested.sink.rows[r][c] != flat.sink.rows[r][c]) {
                FAIL_CHECK("differs at t = " << nested.sink.times[r] << ": " << nested.sink.rows[r][c] << " vs "
                                             << flat.sink.rows[r][c]);
                break;
            }
    }
    CHECK(nested.stats.steps == flat.stats.steps);
    CHECK(std::abs(nested.sink.last("load.w")) > 0.1); // it moved
}

TEST_CASE("variables of nested parts are named by their path")
{
    Simulated s = simulateJson(drive(embedded(kGearbox), kTwoGearboxes, kTwoGearboxConnections));
    for (const char* name : {"g1.inertia.phi", "g1.inertia.w", "g1.gear.flange_b.phi", "g2.shaft.phi_rel",
                             "g2.shaft.flange_b.tau", "load.w"})
        CHECK(s.sink.column(name) >= 0);
    for (const std::string& n : s.sink.names)
        CHECK(n.rfind("g1.flange", 0) != 0); // outer connectors have no variables of their own
}

TEST_CASE("a subsystem's parameters: the instance's values in the outer scope, defaults in its own, shadowing outer names")
{
    // The top level also has a "J"; inside the gearbox J is the gearbox's own parameter.
    std::string json = drive(embedded(kGearbox), kTwoGearboxes, kTwoGearboxConnections);
    json = replaced(json, R"("Jload": 4)", R"("Jload": 4, "J": 99, "ratio": 7)");
    Simulated s = simulateJson(json);
    // g1: ratio given (2), J default 0.1 (not the top level's 99), c = 1e3*ratio in g1's scope.
    // g2: J = Jload/20 evaluated at the top level, ratio default 3 (not the top level's 7).
    // Checked through the motion: the gear ratios fix the angle relations.
    const double r1 = s.sink.last("g1.gear.flange_a.phi") / s.sink.last("g1.gear.flange_b.phi");
    const double r2 = s.sink.last("g2.gear.flange_a.phi") / s.sink.last("g2.gear.flange_b.phi");
    CHECK(r1 == Approx(2).epsilon(1e-9));
    CHECK(r2 == Approx(3).epsilon(1e-9));
    // Shaft torques: c*phi_rel + d*w_rel with c = 2000 in g1 and 3000 in g2.
    for (const char* g : {"g1", "g2"}) {
        const std::string p = std::string(g) + ".shaft.";
        const double c = std::string(g) == "g1" ? 2000 : 3000, d = std::string(g) == "g1" ? 5 : 8;
        CHECK(s.sink.last(p + "tau") == Approx(c * s.sink.last(p + "phi_rel") + d * s.sink.last(p + "w_rel")).margin(1e-9));
    }
    // Inertias: J = 0.1 in g1 (default), 0.2 in g2 (= Jload/20 from outside): tau = J*a.
    auto inertiaJ = [&](const std::string& g) {
        const std::string p = g + ".inertia.";
        return (s.sink.last(p + "flange_a.tau") + s.sink.last(p + "flange_b.tau")) / s.sink.last(p + "a");
    };
    CHECK(inertiaJ("g1") == Approx(0.1).epsilon(1e-6));
    CHECK(inertiaJ("g2") == Approx(0.2).epsilon(1e-6));

    // The inside does not see the outer parameters: a name only the top level has is unknown there.
    std::string sub = kGearbox;
    sub = replaced(sub, R"("J": "J")", R"("J": "Jload")");
    CHECK_THAT(errorOf(drive(embedded(sub), kTwoGearboxes, kTwoGearboxConnections)),
               Catch::Contains("g1.inertia.J") && Catch::Contains("Jload"));
}

TEST_CASE("start and fixed reach a subsystem's parts by path, the outermost setting winning")
{
    std::string inner = R"({ "name": "Test.Body", "parameters": { "m": 2 },
        "connectors": [ { "name": "flange", "type": "Translational.Flange_a" } ],
        "components": [ { "name": "mass", "type": "Translational.Components.Mass", "parameters": { "m": "m" },
                          "variables": { "s": { "start": 0, "fixed": true }, "v": { "start": 1, "fixed": true } } } ],
        "connections": [ { "from": "flange", "to": "mass.flange_a" } ],
        "variables": [ { "name": "v", "value": "mass.v", "unit": "m/s" } ] })";
    std::string outer = R"({ "name": "Test.Pair", "parameters": { "v0": 2 },
        "components": [ { "name": "body", "type": "Test.Body", "variables": { "mass.v": { "start": "v0" } } } ],
        "connections": [] })";
    std::string top = R"({"format": "flange-diagram", "version": 1, "name": "t",
        "experiment": {"startTime": 0, "stopTime": 1, "interval": 0.1},
        "components": [ { "name": "a", "type": "Test.Pair" },
                        { "name": "b", "type": "Test.Pair", "parameters": { "v0": 3 },
                          "variables": { "body.mass.v": { "start": 5 } } } ],
        "connections": [], "subsystems": [ )" + inner + ", " + outer + " ] }";
    Simulated s = simulateJson(top);
    CHECK(s.sink.at("a.body.mass.v", 0) == Approx(2)); // Pair's override of Body's own 1
    CHECK(s.sink.at("b.body.mass.v", 0) == Approx(5)); // the top level's override wins over Pair's
    CHECK(s.sink.last("b.body.mass.s") == Approx(5));  // free motion for 1 s
    CHECK(s.sink.last("a.body.v") == Approx(2));       // the subsystem's own variable, by path

    std::string typo = top;
    typo = replaced(typo, "body.mass.v", "body.mass.x");
    std::vector<std::string> instances;
    CHECK_THAT(errorOf(typo, &instances), Catch::Contains("component 'b' (Test.Pair) has no variable 'body.mass.x'"));
    CHECK(instances == std::vector<std::string>{"b"});
}

TEST_CASE("a subsystem used inside itself is refused naming the chain")
{
    std::string a = R"({ "name": "Test.A", "components": [ { "name": "b", "type": "Test.B" } ], "connections": [] })";
    std::string b = R"({ "name": "Test.B", "components": [ { "name": "a", "type": "Test.A" } ], "connections": [] })";
    std::string top = R"({"format": "flange-diagram", "version": 1, "name": "t",
        "components": [ { "name": "x", "type": "Test.A" } ], "connections": [], "subsystems": [ )" + a + ", " + b + " ] }";
    std::vector<std::string> instances;
    CHECK_THAT(errorOf(top, &instances), Catch::Contains("component 'x.b.a': subsystem 'Test.A' is used inside itself: "
                                                         "Test.A -> Test.B -> Test.A"));
    CHECK(instances == std::vector<std::string>{"x.b.a"});
}

TEST_CASE("errors inside a subsystem name the full path of the part")
{
    std::vector<std::string> instances;
    std::string bad = drive(embedded(kGearbox), kTwoGearboxes, kTwoGearboxConnections);
    bad = replaced(bad, R"("J": "Jload/20")", R"("J": -1)");
    CHECK_THAT(errorOf(bad, &instances), Catch::Contains("parameter 'g2.J' = -1 is below its minimum 0"));
    CHECK(instances == std::vector<std::string>{"g2"});

    std::string sub = kGearbox;
    sub = replaced(sub, R"("d": "d")", R"("d": -3)");
    CHECK_THAT(errorOf(drive(embedded(sub), kTwoGearboxes, kTwoGearboxConnections), &instances),
               Catch::Contains("parameter 'g1.shaft.d' = -3 is below its minimum 0"));
    CHECK(instances == std::vector<std::string>{"g1.shaft"});

    sub = kGearbox;
    sub = replaced(sub, R"("to": "inertia.flange_a")", R"("to": "inertia.flange_c")");
    CHECK_THAT(errorOf(drive(embedded(sub), kTwoGearboxes, kTwoGearboxConnections), &instances),
               Catch::Contains("connection g1.flange_a - g1.inertia.flange_c: component 'g1.inertia' "
                               "(Rotational.Components.Inertia) has no connector 'flange_c'"));
    CHECK(std::find(instances.begin(), instances.end(), "g1.inertia") != instances.end());

    CHECK_THAT(errorOf(drive(embedded(kGearbox), kTwoGearboxes, R"({ "from": "torque.flange", "to": "g1.flange_x" })")),
               Catch::Contains("component 'g1' (Test.Gearbox) has no connector 'flange_x'"));
}

TEST_CASE("the same subsystem from a library folder and embedded in the diagram gives the same model")
{
    TempFolder folder;
    {
        std::ofstream out(folder.path() / "Gearbox.json");
        out << R"({"format": "flange-diagram", "version": 1, )" << std::string(kGearbox).substr(1);
    }
    library::Library lib;
    lib.loadFolder(std::string(FLANGE_SOURCE_DIR) + "/resources/components");
    lib.loadFolder(folder.path().string());
    lib.resolve();
    const std::string json = drive("", kTwoGearboxes, kTwoGearboxConnections);
    MemorySink fromLibrary, fromDiagram;
    simulate(*compileModel(diagramFromJson(json), lib), {}, fromLibrary);
    simulate(*compileModel(diagramFromJson(drive(embedded(kGearbox), kTwoGearboxes, kTwoGearboxConnections)),
                           bundledLibrary()),
             {}, fromDiagram);
    CHECK(fromLibrary.names == fromDiagram.names);
    CHECK(fromLibrary.rows == fromDiagram.rows);
    // An embedded subsystem hides a library one of the same name.
    std::string other = kGearbox;
    other = replaced(other, R"("ratio": 3)", R"("ratio": 5)");
    MemorySink hidden;
    simulate(*compileModel(diagramFromJson(drive(embedded(other), kTwoGearboxes, kTwoGearboxConnections)), lib), {},
             hidden);
    CHECK(hidden.last("g2.gear.flange_a.phi") / hidden.last("g2.gear.flange_b.phi") == Approx(5));
}

TEST_CASE("signal connectors pass through subsystems and conditional parts drop out")
{
    std::string sub = R"({ "name": "Test.Drive", "parameters": { "useGain": true, "k": 2 },
        "connectors": [ { "name": "u", "type": "RealInput" }, { "name": "y", "type": "RealOutput" },
                        { "name": "flange", "type": "Rotational.Flange_b" },
                        { "name": "extra", "type": "RealInput", "condition": "not useGain" } ],
        "components": [ { "name": "gain", "type": "Blocks.Math.Gain", "parameters": { "k": "k" }, "condition": "useGain" },
                        { "name": "torque", "type": "Rotational.Sources.Torque" } ],
        "connections": [ { "from": "u", "to": "gain.u" }, { "from": "gain.y", "to": "torque.tau" },
                         { "from": "gain.y", "to": "y" }, { "from": "extra", "to": "torque.tau" },
                         { "from": "torque.flange", "to": "flange" } ] })";
    std::string top = R"({"format": "flange-diagram", "version": 1, "name": "t",
        "experiment": {"startTime": 0, "stopTime": 1, "interval": 0.1},
        "components": [ { "name": "c", "type": "Blocks.Sources.Constant", "parameters": { "k": 3 } },
                        { "name": "d", "type": "Test.Drive" },
                        { "name": "j", "type": "Rotational.Components.Inertia", "parameters": { "J": 2 },
                          "variables": { "phi": { "start": 0, "fixed": true }, "w": { "start": 0, "fixed": true } } } ],
        "connections": [ { "from": "c.y", "to": "d.u" }, { "from": "d.flange", "to": "j.flange_a" } ],
        "subsystems": [ )" + sub + " ] }";
    Simulated s = simulateJson(top);
    CHECK(s.sink.last("d.gain.y") == Approx(6));
    CHECK(s.sink.last("j.w") == Approx(3)); // 6 N.m on 2 kg.m2 for 1 s
    CHECK(s.model->warnings.empty());      // connections inside to switched-off parts go quietly
    // Inside, an outer input drives and an outer output is driven: an input may feed an
    // output straight through, two outer inputs cannot meet.
    std::string through = top;
    through = replaced(through, R"({ "from": "gain.y", "to": "y" })", R"({ "from": "u", "to": "y" })");
    CHECK(errorOf(through) == "compiled");
    std::string wrong = top;
    wrong = replaced(wrong, R"({ "from": "gain.y", "to": "y" })", R"({ "from": "u", "to": "u2" })");
    wrong = replaced(wrong, R"({ "name": "y", "type": "RealOutput" })", R"({ "name": "y", "type": "RealOutput" }, { "name": "u2", "type": "RealInput" })");
    CHECK_THAT(errorOf(wrong), Catch::Contains("connection d.u - d.u2: both are outputs"));
}

TEST_CASE("the gallery's two gearboxes are one subsystem used with different parameters")
{
    diagram::Diagram d = diagram::loadDiagram(std::string(FLANGE_SOURCE_DIR) + "/models/gallery/TwoGearboxes.json");
    REQUIRE(d.subsystems.size() == 1);
    MemorySink sink;
    simulate(*compileModel(d, bundledLibrary()), {}, sink);
    CHECK(sink.last("gearbox1.gear.flange_a.phi") / sink.last("gearbox1.gear.flange_b.phi") == Approx(2));
    CHECK(sink.last("gearbox2.gear.flange_a.phi") / sink.last("gearbox2.gear.flange_b.phi") == Approx(4));
    CHECK(std::abs(sink.last("load.phi")) > 1e-3); // the load moved through both
}
