// Which ports may be joined, and the reasons given when they may not.
#include "ui/document/connection_rules.hpp"
#include "ui_test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

struct Parts {
    DiagramDocument document{test::bundledLibrary()};
    DiagramEditor editor{document};
    Parts()
    {
        editor.addComponent("Rotational.Components.Inertia", {0, 0});       // inertia1
        editor.addComponent("Rotational.Components.Inertia", {30, 0});      // inertia2
        editor.addComponent("Translational.Components.Mass", {0, 40});      // mass1
        editor.addComponent("Blocks.Sources.Sine", {-60, 0});               // sine1
        editor.addComponent("Blocks.Sources.Sine", {-60, 30});              // sine2
        editor.addComponent("Rotational.Sources.Torque", {-30, 0});         // torque1
        editor.addComponent("Blocks.Math.Gain", {-60, 60});                 // gain1
    }
};

} // namespace

TEST_CASE("two rotational flanges connect, in either order")
{
    Parts p;
    const ConnectionCheck c = p.editor.connect("inertia1.flange_b", "inertia2.flange_a");
    CHECK(c.allowed());
    REQUIRE(p.document.diagram().connections.size() == 1);
    CHECK(p.document.diagram().connections[0].from == "inertia1.flange_b");
    CHECK(p.document.diagram().connections[0].to == "inertia2.flange_a");
    // flange_a to flange_a is fine too: both are rotational.
    CHECK(p.editor.connect("inertia1.flange_a", "inertia2.flange_a").allowed());
}

TEST_CASE("a signal connection is stored output first, whichever end the drag began at")
{
    Parts p;
    REQUIRE(p.editor.connect("torque1.tau", "sine1.y").allowed());
    CHECK(p.document.diagram().connections.back().from == "sine1.y");
    CHECK(p.document.diagram().connections.back().to == "torque1.tau");
}

TEST_CASE("incompatible connections are refused with the reason, and nothing is added")
{
    Parts p;
    auto refusal = [&](const char* a, const char* b) {
        const size_t before = p.document.diagram().connections.size();
        const ConnectionCheck c = p.editor.connect(a, b);
        CHECK(p.document.diagram().connections.size() == before);
        return c.refusal;
    };
    CHECK_THAT(refusal("inertia1.flange_b", "mass1.flange_a").toStdString(),
               Catch::Contains("rotational flange does not connect to a translational flange"));
    CHECK_THAT(refusal("inertia1.flange_b", "sine1.y").toStdString(),
               Catch::Contains("rotational flange does not connect to a Real output"));
    CHECK_THAT(refusal("torque1.tau", "gain1.u").toStdString(), Catch::Contains("both are inputs"));
    CHECK_THAT(refusal("sine1.y", "gain1.y").toStdString(), Catch::Contains("both are outputs"));
    CHECK_THAT(refusal("inertia1.flange_a", "inertia1.flange_a").toStdString(), Catch::Contains("itself"));
    CHECK_THAT(refusal("inertia1.nothing", "inertia2.flange_a").toStdString(), Catch::Contains("has no connector nothing"));

    REQUIRE(p.editor.connect("sine1.y", "torque1.tau").allowed());
    CHECK_THAT(refusal("sine2.y", "torque1.tau").toStdString(), Catch::Contains("already driven by sine1.y"));
    CHECK_THAT(refusal("torque1.tau", "sine1.y").toStdString(), Catch::Contains("already connected"));
}

TEST_CASE("a conditional connector that is switched off cannot be connected until it is switched on")
{
    Parts p;
    p.editor.addComponent("Rotational.Components.Fixed", {-30, 30}); // fixed1
    const ConnectionCheck off = p.editor.connect("fixed1.flange", "torque1.support");
    CHECK_THAT(off.refusal.toStdString(), Catch::Contains("switched off by useSupport"));
    REQUIRE(p.editor.setSettings("torque1", {{"useSupport", true}}, {}));
    CHECK(p.editor.connect("fixed1.flange", "torque1.support").allowed());
}
