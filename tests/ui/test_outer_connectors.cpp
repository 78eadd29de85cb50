// Outer connectors placed by hand (docs/editor.md, Subsystems): dropped from the palette's
// Connectors group, named, renamed, moved and deleted like components, each one undo
// step; their place on the subsystem's icon set in their dialog or from the canvas; and
// the variable browser opening the subsystem a nested variable belongs to.
#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/library/subsystem_definition.hpp"
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/connection_item.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/main_window.hpp"
#include "ui/palette/library_model.hpp"
#include "ui/parameters/model_parameters_dialog.hpp"
#include "ui/parameters/outer_connector_dialog.hpp"
#include "ui/results/variable_browser.hpp"
#include "ui/results/variable_tree_model.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/subsystem_navigation.hpp"
#include "ui_test_support.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <functional>
#include <memory>

using namespace flange;
using namespace flange::ui;

namespace {

const QStringList kPack{"J1", "clutch1", "J2", "clutch2", "J3", "clutch3", "J4"};

QString coupledClutches() { return test::sourcePath("models/msl/Rotational/CoupledClutches.json"); }

std::string json(const diagram::Diagram& d) { return diagram::serializeDiagram(d); }

QModelIndex connectorLeaf(const LibraryModel& model, const QString& type)
{
    const QModelIndexList hits = model.match(model.index(0, 0), LibraryModel::ConnectorRole, type, 1,
                                             Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? QModelIndex() : hits.front();
}

// Drags a connector from the palette's Connectors group onto the viewport.
bool dropConnector(test::Canvas& c, const QString& type, QPointF diagramAt)
{
    LibraryModel model(c.document.library(), c.icons);
    const QModelIndex index = connectorLeaf(model, type);
    if (!index.isValid())
        return false;
    std::unique_ptr<QMimeData> mime(model.mimeData({index}));
    const QPoint at = c.viewPoint(toScene(diagramAt.x(), diagramAt.y()));
    QWidget* vp = c.view.viewport();
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &enter);
    QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &move);
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(vp, &drop);
    return drop.isAccepted();
}

const diagram::OuterConnector& outer(const DiagramDocument& doc, const char* name)
{
    const diagram::OuterConnector* c = doc.outerConnector(name);
    REQUIRE(c);
    return *c;
}

// Two inertias joined by a spring, as a user starts a subsystem on an empty canvas.
void drawShaft(test::Canvas& c)
{
    REQUIRE(c.editor.addComponent("Rotational.Components.Inertia", {-40, 0}) == "inertia1");
    REQUIRE(c.editor.addComponent("Rotational.Components.Spring", {0, 0}) == "spring1");
    REQUIRE(c.editor.addComponent("Rotational.Components.Inertia", {40, 0}) == "inertia2");
    REQUIRE(c.editor.connect("inertia1.flange_b", "spring1.flange_a").allowed());
    REQUIRE(c.editor.connect("spring1.flange_b", "inertia2.flange_a").allowed());
}

} // namespace

TEST_CASE("the palette lists the connectors a subsystem can have, each dragging as a connector")
{
    test::Canvas c;
    LibraryModel model(c.document.library(), c.icons);
    for (const char* type : {"Rotational.Flange_a", "Rotational.Flange_b", "Rotational.Support",
                             "Translational.Flange_a", "Translational.Flange_b", "Translational.Support",
                             "RealInput", "RealOutput", "Thermal.HeatPort_a"}) {
        INFO(type);
        const QModelIndex leaf = connectorLeaf(model, type);
        REQUIRE(leaf.isValid());
        CHECK(leaf.parent().data().toString() == "Connectors");
        std::unique_ptr<QMimeData> mime(model.mimeData({leaf}));
        REQUIRE(mime);
        CHECK(QString::fromUtf8(mime->data("application/x-flange-connector")) == type);
        CHECK_FALSE(mime->hasFormat("application/x-flange-component"));
    }
}

TEST_CASE("a connector dropped on the canvas becomes an outer connector where it was dropped, one undo step")
{
    test::Canvas c;
    drawShaft(c);
    const int steps = c.document.undoStack()->count();
    REQUIRE(dropConnector(c, "Rotational.Flange_a", {-81, 2}));
    const diagram::OuterConnector& a = outer(c.document, "flange_a");
    CHECK(a.type == "Rotational.Flange_a");
    CHECK(a.placement.x == -80); // snapped to the grid
    CHECK(a.placement.y == 0);
    // Left of the parts on the canvas: left on the icon, in the middle.
    CHECK(a.x == -100);
    CHECK(a.y == 0);
    CHECK(c.document.undoStack()->count() == steps + 1);
    REQUIRE(c.scene.componentItem("flange_a"));
    CHECK(c.scene.componentItem("flange_a")->isSelected());
    CHECK(c.scene.selectedConnectorNames() == QStringList{"flange_a"});

    REQUIRE(dropConnector(c, "Rotational.Flange_b", {80, -20}));
    CHECK(outer(c.document, "flange_b").x == 100);
    CHECK(outer(c.document, "flange_b").y > 0); // above the middle on the canvas: upper half of the side
    // A second one of a kind gets the next free name.
    REQUIRE(dropConnector(c, "Rotational.Flange_a", {0, 60}));
    CHECK(outer(c.document, "flange_a1").y == -100); // below the parts: bottom of the icon

    // The wires inside end on the bare name.
    CHECK(c.editor.connect("flange_a", "inertia1.flange_a").allowed());
    CHECK(c.document.diagram().connections.back().from == "flange_a");

    c.document.undoStack()->undo(); // the wire
    c.document.undoStack()->undo(); // flange_a1
    CHECK(c.document.outerConnector("flange_a1") == nullptr);
    CHECK(c.scene.componentItem("flange_a1") == nullptr);
    c.document.undoStack()->undo();
    c.document.undoStack()->undo();
    CHECK(c.document.diagram().connectors.empty());
    CHECK(c.scene.componentItem("flange_a") == nullptr);
    c.document.undoStack()->redo();
    CHECK(c.scene.componentItem("flange_a") != nullptr);
}

TEST_CASE("an outer connector is renamed and deleted like a component, its wires following")
{
    test::Canvas c;
    drawShaft(c);
    REQUIRE(c.editor.addOuterConnector("Rotational.Flange_a", {-80, 0}) == "flange_a");
    REQUIRE(c.editor.connect("flange_a", "inertia1.flange_a").allowed());

    QString reason;
    CHECK_FALSE(c.editor.rename("flange_a", "inertia2", &reason));
    CHECK(reason.contains("already"));
    CHECK_FALSE(c.editor.rename("inertia1", "flange_a", &reason));
    CHECK(reason.contains("connector named flange_a"));
    CHECK_FALSE(c.editor.rename("flange_a", "2in", &reason));
    CHECK(reason.contains("not a valid name"));

    REQUIRE(c.editor.rename("flange_a", "drive", &reason));
    CHECK(c.document.outerConnector("drive") != nullptr);
    CHECK(c.scene.componentItem("flange_a") == nullptr);
    CHECK(c.document.diagram().connections.back().from == "drive");
    REQUIRE(c.scene.componentItem("drive"));
    CHECK(c.scene.portItem("drive") != nullptr);
    c.document.undoStack()->undo();
    CHECK(c.document.diagram().connections.back().from == "flange_a");

    const std::string before = json(c.document.rootDiagram());
    c.scene.selectComponents({"flange_a"});
    c.scene.deleteSelection();
    CHECK(c.document.diagram().connectors.empty());
    CHECK(c.document.diagram().connections.size() == 2); // the wire to it went with it
    c.document.undoStack()->undo();
    CHECK(json(c.document.rootDiagram()) == before);
}

TEST_CASE("a connector block inside a subsystem is dragged like a component, its wire following")
{
    test::Canvas c;
    QString error;
    REQUIRE(c.document.open(coupledClutches(), &error));
    REQUIRE(c.editor.group(kPack, "ClutchPack") == "clutchPack");
    REQUIRE(c.document.showLevel({"clutchPack"}));
    ComponentItem* block = c.scene.componentItem("flange_a");
    REQUIRE(block);
    const diagram::Placement before = outer(c.document, "flange_a").placement;
    const int steps = c.document.undoStack()->count();
    const QPoint from = c.viewPoint(block->pos());
    c.drag(from, from + QPoint(0, 100));
    const diagram::Placement after = outer(c.document, "flange_a").placement;
    CHECK(after.x == before.x);
    CHECK(after.y > before.y);
    CHECK(c.document.undoStack()->count() == steps + 1);
    // Saved with the subsystem, as its "placement".
    CHECK(c.document.rootDiagram().subsystems.front().connector("flange_a")->placement.y == after.y);
    const QPointF port = c.scene.portItem("flange_a")->scenePos();
    bool followed = false;
    for (int i = 0; i < c.scene.connectionCount(); ++i) {
        const QPolygonF route = c.scene.connectionItem(i)->route();
        followed = followed || QLineF(route.front(), port).length() < 1e-6 || QLineF(route.back(), port).length() < 1e-6;
    }
    CHECK(followed);
    // The arrow keys move it too (merged with the drag into one step, as for components).
    c.scene.selectComponents({"flange_a"});
    c.scene.nudgeSelection({10, 0});
    CHECK(outer(c.document, "flange_a").placement.x == before.x + 10);
    c.document.undoStack()->undo();
    CHECK(outer(c.document, "flange_a").placement.x == before.x);
    CHECK(outer(c.document, "flange_a").placement.y == before.y);
}

TEST_CASE("the connector dialog places the connector on the icon, and the instances draw it there")
{
    test::Canvas c;
    QString error;
    REQUIRE(c.document.open(coupledClutches(), &error));
    REQUIRE(c.editor.group(kPack, "ClutchPack") == "clutchPack");
    const QPointF portBefore = c.portPos("clutchPack.flange_a");
    REQUIRE(c.document.showLevel({"clutchPack"}));

    OuterConnectorDialog dialog(outer(c.document, "flange_a"));
    CHECK(dialog.sideBox()->currentIndex() == OuterConnectorDialog::Left);
    // OK with nothing touched changes nothing.
    CHECK_FALSE(c.editor.setOuterConnector("flange_a", dialog.result()));
    dialog.sideBox()->setCurrentIndex(OuterConnectorDialog::Top);
    dialog.alongBox()->setValue(-40);
    dialog.nameField()->setText("input");
    const diagram::OuterConnector edited = dialog.result();
    CHECK(edited.x == -40);
    CHECK(edited.y == 100);
    REQUIRE(c.editor.setOuterConnector("flange_a", edited));
    CHECK(outer(c.document, "input").y == 100);

    // Outside, the instance's port moved to the top of its icon and the wire kept its name.
    c.document.showLevel({});
    const QPointF portAfter = c.portPos("clutchPack.input");
    CHECK(portAfter.y() < portBefore.y());
    bool wired = false;
    for (const diagram::Connection& con : c.document.diagram().connections)
        wired = wired || con.from == "clutchPack.input" || con.to == "clutchPack.input";
    CHECK(wired);

    // One undo step: back inside, the old name and side.
    c.document.undoStack()->undo();
    CHECK(c.document.levelPath() == QStringList{"clutchPack"});
    CHECK(outer(c.document, "flange_a").x == -100);

    // Deleting it inside takes the wires to it outside along: none is left dangling.
    const size_t outside = c.document.rootDiagram().connections.size();
    c.editor.remove({"flange_a"});
    CHECK(c.document.outerConnector("flange_a") == nullptr);
    CHECK(c.document.rootDiagram().connections.size() == outside - 1);
    c.document.undoStack()->undo();
    CHECK(c.document.rootDiagram().connections.size() == outside);
}

TEST_CASE("Place Connectors on Icon Like on Canvas puts each connector on the side it lies on inside")
{
    test::Canvas c;
    drawShaft(c);
    REQUIRE(c.editor.addOuterConnector("Rotational.Flange_a", {-80, 0}) == "flange_a");
    REQUIRE(c.editor.addOuterConnector("Rotational.Support", {0, 50}) == "support");
    diagram::OuterConnector moved = outer(c.document, "flange_a");
    moved.x = 100; // put on the wrong side by hand
    REQUIRE(c.editor.setOuterConnector("flange_a", moved));
    CHECK(outer(c.document, "support").y == -100); // below the parts: the bottom
    CHECK(outer(c.document, "support").x == 0);
    REQUIRE(c.editor.placeConnectorsLikeCanvas());
    CHECK(outer(c.document, "flange_a").x == -100);
    CHECK_FALSE(c.editor.placeConnectorsLikeCanvas()); // nothing left to change
}

TEST_CASE("a diagram with hand-placed connectors saves under its file's name and is a subsystem of the library")
{
    QTemporaryDir dir;
    test::Canvas c;
    drawShaft(c);
    REQUIRE(c.editor.addOuterConnector("Rotational.Flange_a", {-80, 0}) == "flange_a");
    REQUIRE(c.editor.addOuterConnector("Rotational.Flange_b", {80, 0}) == "flange_b");
    REQUIRE(c.editor.connect("flange_a", "inertia1.flange_a").allowed());
    REQUIRE(c.editor.connect("inertia2.flange_b", "flange_b").allowed());
    QString error;
    REQUIRE(c.document.saveAs(dir.filePath("Shaft.json"), &error));
    CHECK(c.document.rootDiagram().name == "Shaft");

    auto library = std::make_shared<library::Library>();
    library->loadFolder(test::sourcePath("resources/components").toStdString());
    library->loadFolder(dir.path().toStdString());
    library->resolve();
    const library::ComponentDefinition* shaft = library->find("Shaft");
    REQUIRE(shaft);
    REQUIRE(shaft->connectors.size() == 2);
    CHECK(shaft->connectors[0].x == -100);
    CHECK(shaft->connectors[1].x == 100);

    // Used twice in another diagram, each instance with its flanges.
    test::Canvas parent(library);
    REQUIRE(parent.editor.addComponent("Shaft", {-40, 0}) == "shaft1");
    REQUIRE(parent.editor.addComponent("Shaft", {40, 0}) == "shaft2");
    CHECK(parent.editor.connect("shaft1.flange_b", "shaft2.flange_a").allowed());
}

TEST_CASE("clicking a nested variable in the browser opens its subsystem and selects the component there",
          "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(coupledClutches()));
    window.scene()->selectComponents(kPack);
    REQUIRE(window.subsystems()->groupSelection("ClutchPack") == "clutchPack");
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    QCoreApplication::processEvents();
    VariableBrowser* browser = window.simulation()->variables();
    QAbstractItemModel* model = browser->view()->model();
    std::function<QModelIndex(const QModelIndex&)> find = [&](const QModelIndex& parent) -> QModelIndex {
        for (int r = 0; r < model->rowCount(parent); ++r) {
            const QModelIndex i = model->index(r, 0, parent);
            if (i.data(VariableTreeModel::PathRole).toString().startsWith("clutchPack.clutch2.") &&
                i.data(VariableTreeModel::LeafRole).toBool())
                return i;
            if (const QModelIndex below = find(i); below.isValid())
                return below;
        }
        return {};
    };
    const QModelIndex leaf = find({});
    REQUIRE(leaf.isValid());
    browser->view()->setCurrentIndex(leaf);
    CHECK(window.document()->levelPath() == QStringList{"clutchPack"});
    CHECK(window.scene()->selectedComponentNames() == QStringList{"clutch2"});
}

TEST_CASE("a subsystem parameter can be declared required: each instance must then give its own value")
{
    test::Canvas c;
    drawShaft(c);
    // Without connectors the diagram is no subsystem: no Required column.
    CHECK(ModelParametersDialog(c.document.diagram()).table()->isColumnHidden(ModelParametersDialog::Required));
    REQUIRE(c.editor.addOuterConnector("Rotational.Flange_a", {-80, 0}) == "flange_a");
    REQUIRE(c.editor.connect("flange_a", "inertia1.flange_a").allowed());
    ModelParametersDialog dialog(c.document.diagram());
    QTableWidget* table = dialog.table();
    CHECK_FALSE(table->isColumnHidden(ModelParametersDialog::Required));
    const int row = dialog.addParameter();
    table->item(row, ModelParametersDialog::Value)->setText("2");
    table->item(row, ModelParametersDialog::Required)->setCheckState(Qt::Checked);
    REQUIRE(dialog.okButton()->isEnabled());
    REQUIRE(c.editor.setModelParameters(dialog.result()));
    diagram::Component j = *c.document.component("inertia1");
    j.setParameter("J", diagram::Json("p1"));
    REQUIRE(c.editor.setSettings("inertia1", j.parameters, j.variables));

    // Saved as "required": true, and read back so.
    diagram::Diagram sub = diagram::parseDiagram(json(c.document.rootDiagram()), "Shaft.json");
    sub.name = "Shaft";
    const library::ComponentDefinition def =
        library::subsystemDefinition(std::make_shared<const diagram::Diagram>(sub), "Shaft.json");
    REQUIRE(def.parameter("p1"));
    CHECK(def.parameter("p1")->required);

    // Used in a diagram: an instance without a value is refused, one with a value runs.
    diagram::Diagram parent;
    parent.subsystems.push_back(sub);
    diagram::Component shaft;
    shaft.name = "shaft";
    shaft.type = "Shaft";
    parent.components.push_back(shaft);
    try {
        compileModel(parent, *test::bundledLibrary());
        FAIL("an instance without a value for a required parameter was accepted");
    } catch (const std::exception& e) {
        CHECK_THAT(e.what(), Catch::Contains("p1"));
    }
    parent.components.front().setParameter("p1", diagram::Json(3));
    CHECK(compileModel(parent, *test::bundledLibrary()) != nullptr);

    // In the editor, a new instance starts from the declared value, written in.
    test::Canvas user;
    user.document.reset(parent);
    REQUIRE(user.editor.addComponent("Shaft", {0, 60}) == "shaft1");
    REQUIRE(user.document.component("shaft1")->parameter("p1"));
    CHECK(*user.document.component("shaft1")->parameter("p1") == diagram::Json(2));
}
