// The canvas driven with the mouse and keyboard, as a user would: drop, connect, move,
// rotate, flip, select, delete, zoom. The scene mirrors the document after every step.
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/connection_item.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/palette/library_model.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QApplication>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

// Drags a library entry onto the viewport the way a drag from the browser arrives.
bool dropFromLibrary(test::Canvas& c, const QString& type, QPoint at)
{
    LibraryModel model(c.document.library(), c.icons);
    const QModelIndex index = model.indexOfType(type);
    if (!index.isValid())
        return false;
    std::unique_ptr<QMimeData> mime(model.mimeData({index}));
    QWidget* vp = c.view.viewport();
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &enter);
    QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &move);
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &drop);
    return drop.isAccepted();
}

bool isOrthogonal(const QPolygonF& route)
{
    for (int i = 1; i < route.size(); ++i)
        if (qAbs(route[i].x() - route[i - 1].x()) > 1e-6 && qAbs(route[i].y() - route[i - 1].y()) > 1e-6)
            return false;
    return route.size() >= 2;
}

bool near(QPointF a, QPointF b) { return QLineF(a, b).length() < 1e-6; }

} // namespace

TEST_CASE("dropping a library component on the canvas adds it, snapped to the grid, as one undo step")
{
    test::Canvas c;
    const QPoint at = c.viewPoint(toScene(41, -18));
    REQUIRE(dropFromLibrary(c, "Rotational.Components.Inertia", at));
    const diagram::Component* added = c.document.component("inertia1");
    REQUIRE(added);
    CHECK(added->placement.x == 40);
    CHECK(added->placement.y == -20);
    REQUIRE(c.scene.componentItem("inertia1"));
    CHECK(c.scene.componentItem("inertia1")->isSelected());
    CHECK(c.scene.componentItem("inertia1")->pos() == toScene(40, -20));
    c.document.undoStack()->undo();
    CHECK(c.scene.componentItem("inertia1") == nullptr);
    c.document.undoStack()->redo();
    CHECK(c.scene.componentItem("inertia1") != nullptr);
}

TEST_CASE("dragging from one flange to another connects them with an orthogonal line")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 20});
    c.drag(c.viewPoint(c.portPos("inertia1.flange_b")), c.viewPoint(c.portPos("inertia2.flange_a")));
    REQUIRE(c.document.diagram().connections.size() == 1);
    CHECK(c.document.diagram().connections[0].from == "inertia1.flange_b");
    CHECK(c.document.diagram().connections[0].to == "inertia2.flange_a");
    REQUIRE(c.scene.connectionCount() == 1);
    const QPolygonF route = c.scene.connectionItem(0)->route();
    CHECK(isOrthogonal(route));
    CHECK(near(route.front(), c.portPos("inertia1.flange_b")));
    CHECK(near(route.back(), c.portPos("inertia2.flange_a")));
    c.document.undoStack()->undo();
    CHECK(c.scene.connectionCount() == 0);
    c.document.undoStack()->redo();
    CHECK(c.scene.connectionCount() == 1);
}

TEST_CASE("dragging between incompatible ports is refused and the status message says why")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    c.editor.addComponent("Translational.Components.Mass", {30, 0});
    QSignalSpy status(&c.scene, &DiagramScene::statusMessage);
    c.drag(c.viewPoint(c.portPos("inertia1.flange_b")), c.viewPoint(c.portPos("mass1.flange_a")));
    CHECK(c.document.diagram().connections.empty());
    REQUIRE(status.count() == 1);
    CHECK_THAT(status.front().front().toString().toStdString(),
               Catch::Contains("rotational flange does not connect to a translational flange"));
}

TEST_CASE("dragging a component moves it as one undo step, snapped, and its lines follow")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 0});
    REQUIRE(c.editor.connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    const int steps = c.document.undoStack()->count();
    // From the icon's middle (not a port), 52 pixels right and 49 down: ~1 grid step each way.
    const QPoint from = c.viewPoint(toScene(30, 0));
    c.drag(from, from + QPoint(52, 49));
    const diagram::Component* moved = c.document.component("inertia2");
    CHECK(moved->placement.x == 40);
    CHECK(moved->placement.y == 10);
    CHECK(c.document.undoStack()->count() == steps + 1);
    const QPolygonF route = c.scene.connectionItem(0)->route();
    CHECK(near(route.back(), c.portPos("inertia2.flange_a")));
    CHECK(isOrthogonal(route));
    c.document.undoStack()->undo();
    CHECK(c.scene.componentItem("inertia2")->pos() == toScene(30, 0));
    CHECK(near(c.scene.connectionItem(0)->route().back(), c.portPos("inertia2.flange_a")));
}

TEST_CASE("arrow keys move the selected components by a grid step")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {0, 0});
    c.scene.selectComponents({"inertia1"});
    QTest::keyClick(&c.view, Qt::Key_Right);
    QTest::keyClick(&c.view, Qt::Key_Down);
    CHECK(c.document.component("inertia1")->placement.x == kGrid);
    CHECK(c.document.component("inertia1")->placement.y == kGrid);
    QTest::keyClick(&c.view, Qt::Key_Left, Qt::ShiftModifier);
    CHECK(c.document.component("inertia1")->placement.x == kGrid - 1);
}

TEST_CASE("ports turn with rotation and mirror with flips")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {0, 0});
    c.editor.addComponent("Rotational.Sources.Torque", {0, 60});
    CHECK(near(c.portPos("inertia1.flange_b"), toScene(10, 0)));

    c.scene.selectComponents({"inertia1"});
    c.scene.rotateSelection(); // clockwise: right goes to the bottom
    CHECK(near(c.portPos("inertia1.flange_b"), toScene(0, 10)));
    CHECK(near(c.portPos("inertia1.flange_a"), toScene(0, -10)));
    c.document.undoStack()->undo();
    c.scene.flipSelection(Qt::Horizontal);
    CHECK(near(c.portPos("inertia1.flange_b"), toScene(-10, 0)));
    c.document.undoStack()->undo();
    CHECK(near(c.portPos("inertia1.flange_b"), toScene(10, 0)));

    REQUIRE(c.editor.setSettings("torque1", {{"useSupport", true}}, {}));
    CHECK(near(c.portPos("torque1.support"), toScene(0, 70))); // below: MSL y = -100
    c.scene.selectComponents({"torque1"});
    c.scene.flipSelection(Qt::Vertical);
    CHECK(near(c.portPos("torque1.support"), toScene(0, 50)));
    CHECK(near(c.portPos("torque1.tau"), toScene(-12, 60)));
}

TEST_CASE("conditional connectors appear only when their condition holds")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Sources.Torque", {0, 0});
    REQUIRE(c.scene.componentItem("torque1")->port("support"));
    CHECK_FALSE(c.scene.componentItem("torque1")->port("support")->isVisible());
    CHECK(c.scene.portItem("torque1.flange")->isVisible());
    REQUIRE(c.editor.setSettings("torque1", {{"useSupport", true}}, {}));
    CHECK(c.scene.componentItem("torque1")->port("support")->isVisible());
    c.document.undoStack()->undo();
    CHECK_FALSE(c.scene.componentItem("torque1")->port("support")->isVisible());
}

TEST_CASE("the canvas label shows the key parameter and follows changes")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {0, 0});
    CHECK(c.scene.componentItem("inertia1")->shownLabel() == "J=1");
    REQUIRE(c.editor.setSettings("inertia1", {{"J", 5}}, {}));
    CHECK(c.scene.componentItem("inertia1")->shownLabel() == "J=5");
    REQUIRE(c.editor.setSettings("inertia1", {{"J", "2*Jm"}}, {}));
    CHECK(c.scene.componentItem("inertia1")->shownLabel() == "J=2*Jm");
    c.document.undoStack()->undo();
    CHECK(c.scene.componentItem("inertia1")->shownLabel() == "J=5");
}

TEST_CASE("a clicked connection can be selected and deleted, and undo restores it")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 0});
    REQUIRE(c.editor.connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    QTest::mouseClick(c.view.viewport(), Qt::LeftButton, {}, c.viewPoint(toScene(0, 0)));
    CHECK(c.scene.selectedConnections() == QList<int>{0});
    CHECK(c.scene.selectedComponentNames().isEmpty());
    c.scene.deleteSelection();
    CHECK(c.document.diagram().connections.empty());
    CHECK(c.document.diagram().components.size() == 2);
    c.document.undoStack()->undo();
    CHECK(c.scene.connectionCount() == 1);
}

TEST_CASE("rubber band selects what it touches and Ctrl+click toggles one component")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {0, 60});
    c.drag(c.viewPoint(toScene(-50, -25)), c.viewPoint(toScene(50, 15)));
    CHECK(c.scene.selectedComponentNames() == QStringList{"inertia1", "inertia2"});
    QTest::mouseClick(c.view.viewport(), Qt::LeftButton, Qt::ControlModifier, c.viewPoint(toScene(0, 60)));
    CHECK(c.scene.selectedComponentNames() == QStringList{"inertia1", "inertia2", "inertia3"});
    QTest::mouseClick(c.view.viewport(), Qt::LeftButton, Qt::ControlModifier, c.viewPoint(toScene(-30, 0)));
    CHECK(c.scene.selectedComponentNames() == QStringList{"inertia2", "inertia3"});
}

TEST_CASE("the wheel zooms about the cursor")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {0, 0});
    const QPoint cursor(600, 200);
    const QPointF before = c.view.mapToScene(cursor);
    const double zoom = c.view.zoom();
    QWheelEvent wheel(QPointF(cursor), QPointF(c.view.viewport()->mapToGlobal(cursor)), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(c.view.viewport(), &wheel);
    CHECK(c.view.zoom() == Approx(zoom * 1.44));
    const QPointF after = c.view.mapToScene(cursor);
    CHECK(QLineF(before, after).length() < 2.0);
}

TEST_CASE("double-clicking a component asks for its parameter dialog")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {0, 0});
    QSignalSpy activated(&c.scene, &DiagramScene::componentActivated);
    QTest::mouseDClick(c.view.viewport(), Qt::LeftButton, {}, c.viewPoint(toScene(0, 0)));
    REQUIRE(activated.count() == 1);
    CHECK(activated.front().front().toString() == "inertia1");
    CHECK(c.document.component("inertia1")->placement.x == 0); // a double-click is not a move
}

TEST_CASE("dragging with the middle button pans the view")
{
    test::Canvas c;
    const QPointF before = c.view.mapToScene(c.view.viewport()->rect().center());
    QWidget* vp = c.view.viewport();
    QTest::mousePress(vp, Qt::MiddleButton, {}, QPoint(400, 300));
    QMouseEvent move(QEvent::MouseMove, QPointF(300, 250), vp->mapToGlobal(QPointF(300, 250)), Qt::NoButton,
                     Qt::MiddleButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &move);
    QTest::mouseRelease(vp, Qt::MiddleButton, {}, QPoint(300, 250));
    const QPointF after = c.view.mapToScene(c.view.viewport()->rect().center());
    CHECK(after.x() == Approx(before.x() + 100).margin(1));
    CHECK(after.y() == Approx(before.y() + 50).margin(1));
    CHECK(c.scene.selectedItems().isEmpty()); // panning is not a rubber band
}

TEST_CASE("a line follows a component while it is dragged, before the move is committed")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 0});
    REQUIRE(c.editor.connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    ComponentItem* item = c.scene.componentItem("inertia2");
    item->setPos(toScene(30, 30)); // what a drag in progress does
    CHECK(near(c.scene.connectionItem(0)->route().back(), c.portPos("inertia2.flange_a")));
    CHECK(c.document.component("inertia2")->placement.y == 0); // not yet in the document
}

TEST_CASE("a diagram reaching beyond the canvas's usual room can be scrolled to, all of it")
{
    // The canvas had a fixed room of -1000..1000 units: a 10,000-inertia chain laid out in
    // rows reaches 8,000, and its far rows could not be scrolled to or fitted.
    test::Canvas c;
    c.document.reset(diagram::parseDiagram(R"({"format":"flange-diagram","version":1,"components":[
        {"name":"near","type":"Rotational.Components.Inertia","parameters":{"J":1},"placement":{"x":0,"y":0}},
        {"name":"far","type":"Rotational.Components.Inertia","parameters":{"J":1},"placement":{"x":6000,"y":8000}}]})",
                                           "far"));
    ComponentItem* far = c.scene.componentItem("far");
    REQUIRE(far);
    CHECK(c.scene.sceneRect().contains(far->sceneBoundingRect()));
    CHECK(c.scene.contentBounds().contains(far->sceneBoundingRect()));
    CHECK(c.scene.contentBounds().contains(c.scene.componentItem("near")->sceneBoundingRect()));

    // Moving a component further out widens the room too.
    far->setPos(toScene(9000, 9000));
    CHECK(c.scene.sceneRect().contains(far->sceneBoundingRect()));
}

TEST_CASE("the selection settles once per step however many items it changes")
{
    // QGraphicsScene says selectionChanged for every item: the window's listeners follow
    // selectionSettled instead, or deleting a large selection walks it once per item.
    test::Canvas c;
    for (int i = 0; i < 4; ++i)
        c.editor.addComponent("Rotational.Components.Inertia", {30.0 * i, 0});
    QApplication::processEvents();
    QSignalSpy settled(&c.scene, &DiagramScene::selectionSettled);
    c.scene.selectAll();
    CHECK(settled.count() == 1); // at once: a selection made in one step
    CHECK(c.scene.selectedComponentNames().size() == 4);
    c.scene.deleteSelection();
    CHECK(settled.count() == 1); // four items deselected as they go: not yet
    QApplication::processEvents();
    CHECK(settled.count() == 2); // and then once
    CHECK(c.scene.selectedComponentNames().isEmpty());
}
