// Errors carry the instances they concern as data (Error::instances) so a GUI can select
// them; events carry the instance of their cause. Expected names come from the diagrams.
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "support/test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace flange;
using namespace flange::test;

namespace {

Error compileError(const std::string& json)
{
    try {
        compileModel(diagramFromJson(json), bundledLibrary());
    } catch (const Error& e) {
        return e;
    }
    FAIL("no error");
    return badInput("unreachable");
}

bool names(const Error& e, const std::string& instance)
{
    return std::find(e.instances.begin(), e.instances.end(), instance) != e.instances.end();
}

} // namespace

TEST_CASE("instanceOf takes the component from equation origins and variable names")
{
    CHECK(instanceOf("inertia1: J*a = flange_a.tau + flange_b.tau") == "inertia1");
    CHECK(instanceOf("inertia1.w") == "inertia1");
    CHECK(instanceOf("clutch1.mode 1 -> 0") == "clutch1");
    CHECK(instanceOf("der(inertia1.phi) = inertia1.w") == "inertia1");
    CHECK(instanceOf("fixed start spring.phi_rel = 0.5") == "spring");
    CHECK(instanceOf("initial equation idle: w = 0") == "idle");
    CHECK(instanceOf("J") == "");
    CHECK(instanceOf("") == "");
    CHECK(instancesOf("connection set {a.flange_b, b2.flange_a, c.flange}") == std::vector<std::string>{"a", "b2", "c"});
    CHECK(instancesOf("unconnected flange gear.flange_b") == std::vector<std::string>{"gear"});
}

TEST_CASE("Error::about collects instances without repeats and drops empty names")
{
    Error e = badInput("x").about({"a", "", "b"}).about({"a", "c"});
    CHECK(e.instances == std::vector<std::string>{"a", "b", "c"});
    CHECK_FALSE(e.time.has_value());
    CHECK(simulationFailed("y").at(0.25).time == 0.25);
    CHECK(e.kind() == ErrorKind::BadInput);
}

TEST_CASE("an unknown parameter names its component")
{
    Error e = compileError(diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"),
                                        component("inertia7", "Rotational.Components.Inertia", R"({"Jx": 1})")},
                                       {}));
    CHECK(e.kind() == ErrorKind::BadInput);
    CHECK(e.instances == std::vector<std::string>{"inertia7"});
}

TEST_CASE("a connection to a missing flange names both ends' components")
{
    Error e = compileError(diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"),
                                        component("inertia2", "Rotational.Components.Inertia", R"({"J": 1})")},
                                       {{"inertia1.flange_c", "inertia2.flange_a"}}));
    CHECK(e.kind() == ErrorKind::BadInput);
    CHECK(std::set<std::string>(e.instances.begin(), e.instances.end()) == std::set<std::string>{"inertia1", "inertia2"});
}

TEST_CASE("an over-determined model names the components that fight")
{
    // Two position sources drive one inertia.
    Error e = compileError(diagramJson(
        {component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"), component("c1", "Blocks.Sources.Constant", R"({"k": 1})"),
         component("c2", "Blocks.Sources.Constant", R"({"k": 1})"), component("p1", "Rotational.Sources.Position", R"({"exact": true})"),
         component("p2", "Rotational.Sources.Position", R"({"exact": true})"),
         component("bystander", "Rotational.Components.Inertia", R"({"J": 1})")},
        {{"c1.y", "p1.phi_ref"}, {"c2.y", "p2.phi_ref"}, {"p1.flange", "inertia1.flange_a"},
         {"p2.flange", "inertia1.flange_b"}}));
    CHECK(e.kind() == ErrorKind::BadInput);
    CHECK(names(e, "p1"));
    CHECK(names(e, "p2"));
    CHECK_FALSE(names(e, "bystander"));
}

TEST_CASE("an under-determined model names the components left free")
{
    // A torque source with an unconnected input: the input is named, and no other component.
    Error e = compileError(diagramJson({component("torque", "Rotational.Sources.Torque"),
                                        component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})")},
                                       {{"torque.flange", "inertia1.flange_a"}}));
    CHECK(names(e, "torque"));
}

TEST_CASE("contradictory initial conditions name the inertias they are set on")
{
    const std::string json =
        diagramJson({component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})", R"({"w": {"start": 5, "fixed": true}})"),
                     component("gear", "Rotational.Components.IdealGear", R"({"ratio": 2})"),
                     component("inertia2", "Rotational.Components.Inertia", R"({"J": 4})",
                               R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 3, "fixed": true}})")},
                    {{"inertia1.flange_b", "gear.flange_a"}, {"gear.flange_b", "inertia2.flange_a"}});
    try {
        simulateJson(json);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains("initial conditions"));
        // Fixed starts are taken in diagram order: inertia2's is the one that contradicts.
        CHECK(names(e, "inertia2"));
        CHECK_FALSE(names(e, "gear"));
    }
}

TEST_CASE("CoupledClutches events name the component of their cause")
{
    auto model = compileModel(diagram::loadDiagram(std::string(FLANGE_SOURCE_DIR) + "/models/msl/Rotational/CoupledClutches.json"),
                              bundledLibrary());
    MemorySink sink;
    simulate(*model, {}, sink);
    std::set<std::string> stateEventComponents, timeEventComponents;
    for (const auto& e : sink.events)
        (e.cause.timeEvent ? timeEventComponents : stateEventComponents).insert(e.cause.instance);
    CHECK(stateEventComponents == std::set<std::string>{"clutch1", "clutch2", "clutch3"});
    // the steps that engage clutches 2 and 3 (the sine that drives clutch 1 raises none)
    CHECK(timeEventComponents == std::set<std::string>{"step1", "step2"});
}

TEST_CASE("a speed source on a fixed flange gets one message, not an over- and an under-determined one")
{
    // Issue 34, defect 6: the motion is prescribed twice, which leaves the fixed flange's torque free.
    Error e = compileError(diagramJson({component("src", "Rotational.Sources.ConstantSpeed", R"({"w_fixed": 1})"),
                                        component("f", "Rotational.Components.Fixed")},
                                       {{"src.flange", "f.flange"}}));
    const std::string what = e.what();
    CHECK_THAT(what, Catch::StartsWith("The model's equations do not fit its unknowns: 1 equation too many among "
                                       "components src") &&
                         Catch::Contains("so nothing determines f.flange.tau"));
    CHECK_THAT(what, !Catch::Contains("over-determined") && !Catch::Contains("under-determined"));
    CHECK(names(e, "src"));
    CHECK(names(e, "f"));
}
