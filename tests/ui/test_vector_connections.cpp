// Vector connectors in the editor: one port per vector, member connections drawn to it, the
// engine's size rule, and the member menu of the connect tool.
#include "ui/canvas/connect_tool.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/document/connection_rules.hpp"
#include "ui/document/port_geometry.hpp"
#include "ui_test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

TEST_CASE("a scalar on a whole vector is refused and offers the free members, which connect")
{
    DiagramDocument document{test::bundledLibrary()};
    DiagramEditor editor{document};
    editor.addComponent("Blocks.Sources.Constant", {-60, 0}); // constant1
    editor.addComponent("Blocks.Sources.Constant", {-60, 30}); // constant2
    editor.addComponent("Blocks.Math.MultiSum", {0, 0});       // multiSum1, nu = 2
    editor.addComponent("Blocks.Sources.KinematicPTP", {-60, 60}); // kinematicPTP1, nout = 1

    const ConnectionCheck whole = checkConnection(document, "constant1.y", "multiSum1.u");
    CHECK_THAT(whole.refusal.toStdString(), Catch::Contains("'multiSum1.u' is a vector of 2 elements"));
    CHECK(whole.memberChoices == QStringList{"multiSum1.u[1]", "multiSum1.u[2]"});

    REQUIRE(editor.connect("multiSum1.u[2]", "constant1.y").allowed());
    CHECK(document.diagram().connections.back().from == "constant1.y");
    CHECK(document.diagram().connections.back().to == "multiSum1.u[2]");
    // u[2] is driven now: only u[1] is offered, and the whole vector is driven in part.
    CHECK(checkConnection(document, "constant2.y", "multiSum1.u").memberChoices == QStringList{"multiSum1.u[1]"});
    CHECK_THAT(editor.connect("constant2.y", "multiSum1.u[2]").refusal.toStdString(), Catch::Contains("already driven"));
    CHECK_THAT(editor.connect("constant2.y", "multiSum1.u[3]").refusal.toStdString(),
               Catch::Contains("index 3 is out of range: 'multiSum1.u' has 2 elements"));
    CHECK_THAT(editor.connect("kinematicPTP1.y", "multiSum1.u").refusal.toStdString(),
               Catch::Contains("'kinematicPTP1.y' is a vector of 1 element and 'multiSum1.u' is a vector of 2 elements"));
    REQUIRE(editor.setSettings("multiSum1", {{"nu", 1}}, {}));
    CHECK_THAT(editor.connect("kinematicPTP1.y", "multiSum1.u").refusal.toStdString(), Catch::Contains("already driven"));
}

TEST_CASE("a member's connection ends at its vector's one port")
{
    DiagramDocument document{test::bundledLibrary()};
    DiagramEditor editor{document};
    editor.addComponent("Rotational.Sources.Move", {0, 0}); // move1
    const diagram::Component* move = document.component("move1");
    const library::ComponentDefinition* def = document.definition(*move);
    REQUIRE(def);
    const auto port = portPlace(*move, *def, "u");
    const auto member = portPlace(*move, *def, "u[3]");
    REQUIRE(port);
    REQUIRE(member);
    CHECK(member->at == port->at);
}

TEST_CASE("dropping a scalar's line on a vector port connects the member the user picks")
{
    test::Canvas c;
    c.editor.addComponent("Blocks.Sources.Constant", {-30, 0}); // constant1
    c.editor.addComponent("Rotational.Sources.Move", {30, 0});  // move1
    QStringList offered;
    ConnectTool::MemberChooser saved = ConnectTool::memberChooser();
    ConnectTool::memberChooser() = [&offered](const QStringList& members) {
        offered = members;
        return members.value(1);
    };
    c.drag(c.viewPoint(c.portPos("constant1.y")), c.viewPoint(c.portPos("move1.u")));
    ConnectTool::memberChooser() = saved;
    CHECK(offered == QStringList{"move1.u[1]", "move1.u[2]", "move1.u[3]"});
    REQUIRE(c.document.diagram().connections.size() == 1);
    CHECK(c.document.diagram().connections[0].from == "constant1.y");
    CHECK(c.document.diagram().connections[0].to == "move1.u[2]");
    CHECK(c.scene.connectionCount() == 1);
}
