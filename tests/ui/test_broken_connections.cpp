// A line in a file that cannot be simulated as it stands (an end naming a connector or a
// component that does not exist): drawn in red, named in Messages, and the user can delete
// it or drag its loose end to a port, each one undo step (issue 34, defect 4).
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/connection_item.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QFile>
#include <QTest>
#include <QTemporaryDir>
#include <QUndoStack>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

// inertia1 -> inertia2 through a connector Inertia does not have, and a sound line to a third.
const char* const kBroken = R"({"format":"flange-diagram","version":1,"components":[
    {"name":"inertia1","type":"Rotational.Components.Inertia","parameters":{"J":1},"placement":{"x":-40,"y":0}},
    {"name":"inertia2","type":"Rotational.Components.Inertia","parameters":{"J":1},"placement":{"x":40,"y":0}},
    {"name":"inertia3","type":"Rotational.Components.Inertia","parameters":{"J":1},"placement":{"x":-40,"y":60}}],
  "connections":[{"from":"inertia1.flange_b","to":"inertia2.flange_x"},
                 {"from":"inertia3.flange_b","to":"inertia1.flange_a"}]})";

void openBroken(test::Canvas& c) { c.document.reset(diagram::parseDiagram(kBroken, "broken")); }

} // namespace

TEST_CASE("a connection to a connector that does not exist is drawn, red, with the reason")
{
    test::Canvas c;
    openBroken(c);
    ConnectionItem* broken = c.scene.connectionItem(0);
    REQUIRE(broken);
    CHECK(broken->isVisible());
    CHECK(broken->isBroken());
    CHECK(broken->fault().contains("inertia2 has no connector flange_x"));
    CHECK(broken->toolTip().contains("Broken"));
    // From the sound port to the edge of inertia2's icon that faces it.
    REQUIRE(broken->route().size() >= 2);
    CHECK(QLineF(broken->route().front(), c.portPos("inertia1.flange_b")).length() < 1e-6);
    const QRectF icon = c.scene.componentItem("inertia2")->sceneBoundingRect();
    CHECK(icon.adjusted(-1, -1, 1, 1).contains(broken->route().back()));
    CHECK_FALSE(c.scene.connectionItem(1)->isBroken());

    const auto listed = c.scene.brokenConnections();
    REQUIRE(listed.size() == 1);
    CHECK(listed.front().first == 0);
}

TEST_CASE("a connection to a component that does not exist is drawn from its sound end")
{
    test::Canvas c;
    c.document.reset(diagram::parseDiagram(R"({"format":"flange-diagram","version":1,"components":[
        {"name":"inertia1","type":"Rotational.Components.Inertia","parameters":{"J":1},"placement":{"x":0,"y":0}}],
      "connections":[{"from":"inertia1.flange_b","to":"gone.flange_a"}]})",
                                           "gone"));
    ConnectionItem* broken = c.scene.connectionItem(0);
    REQUIRE(broken);
    CHECK(broken->isVisible());
    CHECK(broken->fault().contains("There is no component named gone"));
    CHECK(QLineF(broken->route().front(), broken->route().back()).length() > 10);
}

TEST_CASE("a broken connection can be selected and deleted, as one undo step")
{
    test::Canvas c;
    openBroken(c);
    c.scene.connectionItem(0)->setSelected(true);
    REQUIRE(c.scene.selectedConnections() == QList<int>{0});
    c.scene.deleteSelection();
    REQUIRE(c.document.diagram().connections.size() == 1);
    CHECK(c.document.diagram().connections[0].from == "inertia3.flange_b");
    CHECK(c.scene.brokenConnections().isEmpty());
    c.document.undoStack()->undo();
    REQUIRE(c.document.diagram().connections.size() == 2);
    CHECK(c.scene.connectionItem(0)->isBroken());
}

TEST_CASE("dragging a broken connection's loose end to a port reconnects it, as one undo step")
{
    test::Canvas c;
    openBroken(c);
    const QPointF loose = c.scene.connectionItem(0)->route().back();
    // The loose end lies on inertia2's flange_a, which a click there does not connect to:
    // a click selects the line.
    QTest::mouseClick(c.view.viewport(), Qt::LeftButton, {}, c.viewPoint(loose));
    CHECK(c.scene.selectedConnections() == QList<int>{0});
    CHECK(c.document.undoStack()->count() == 0);
    c.drag(c.viewPoint(loose), c.viewPoint(c.portPos("inertia3.flange_a")));
    const auto& cons = c.document.diagram().connections;
    REQUIRE(cons.size() == 2);
    CHECK(cons[0].from == "inertia3.flange_b"); // the sound line stays
    CHECK(cons[1].from == "inertia1.flange_b");
    CHECK(cons[1].to == "inertia3.flange_a");
    CHECK(c.scene.brokenConnections().isEmpty());
    CHECK(c.document.undoStack()->count() == 1);
    c.document.undoStack()->undo();
    REQUIRE(cons.size() == 2);
    CHECK(cons[0].to == "inertia2.flange_x");
    CHECK(c.scene.connectionItem(0)->isBroken());
}

TEST_CASE("a loose end dropped on a port that does not fit leaves the broken connection as it was")
{
    test::Canvas c;
    openBroken(c);
    REQUIRE(c.editor.addComponent("Translational.Components.Mass", {40, 80}) == "mass1");
    const int steps = c.document.undoStack()->count();
    const QPointF loose = c.scene.connectionItem(0)->route().back();
    c.drag(c.viewPoint(loose), c.viewPoint(c.portPos("mass1.flange_a")));
    CHECK(c.document.diagram().connections[0].to == "inertia2.flange_x");
    CHECK(c.document.undoStack()->count() == steps);
    CHECK(c.scene.connectionItem(0)->isBroken());
}

TEST_CASE("opening a file with a broken connection names it in Messages")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = dir.filePath("broken.json");
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(kBroken);
    }
    MainWindow window(ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}});
    window.setQuiet(true);
    REQUIRE(window.openFile(path));
    const QStringList messages = window.messages()->messages();
    int row = -1;
    for (int i = 0; i < messages.size(); ++i)
        if (messages[i].contains("Connection inertia1.flange_b — inertia2.flange_x is broken"))
            row = i;
    REQUIRE(row >= 0);
    CHECK(messages[row].contains("has no connector flange_x"));
    CHECK(window.messages()->instancesAt(row) == QStringList{"inertia1", "inertia2"});
    CHECK(window.scene()->connectionItem(0)->isBroken());
}
