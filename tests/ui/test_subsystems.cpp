// Subsystems in the editor: Group into Subsystem and Ungroup as single undo steps, opening
// an instance to edit inside it and coming back, saving and reopening a grouped diagram,
// errors that open the subsystem, and a grouped model simulating like the original.
#include "engine/diagram/diagram_json.hpp"
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/connection_item.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/results/variable_tree_model.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/subsystem_navigation.hpp"
#include "ui_test_support.hpp"

#include <QSet>
#include <QTemporaryDir>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

using namespace flange;
using namespace flange::ui;

namespace {

const QStringList kPack{"J1", "clutch1", "J2", "clutch2", "J3", "clutch3", "J4"};

QString coupledClutches() { return test::sourcePath("models/msl/Rotational/CoupledClutches.json"); }

std::string json(const diagram::Diagram& d) { return diagram::serializeDiagram(d); }

// Connections as unordered pairs of ends, for comparing diagrams whose wires were rebuilt.
std::set<std::pair<std::string, std::string>> wires(const diagram::Diagram& d)
{
    std::set<std::pair<std::string, std::string>> out;
    for (const diagram::Connection& c : d.connections)
        out.insert(std::minmax(c.from, c.to));
    return out;
}

struct Doc {
    DiagramDocument document{test::bundledLibrary()};
    DiagramEditor editor{document};
    Doc()
    {
        QString error;
        REQUIRE(document.open(coupledClutches(), &error));
    }
};

const diagram::OuterConnector& outer(const diagram::Diagram& sub, const std::string& name)
{
    const diagram::OuterConnector* c = sub.connector(name);
    REQUIRE(c);
    return *c;
}

} // namespace

TEST_CASE("grouping clutches and inertias makes one instance whose connectors replace the cut wires")
{
    Doc d;
    const std::string original = json(d.document.rootDiagram());
    QString error;
    const QString instance = d.editor.group(kPack, "ClutchPack", &error);
    REQUIRE(error.isEmpty());
    CHECK(instance == "clutchPack");
    CHECK(d.document.undoStack()->count() == 1);

    const diagram::Diagram& top = d.document.diagram();
    CHECK(top.components.size() == 13 - 7 + 1);
    REQUIRE(top.subsystems.size() == 1);
    const diagram::Diagram& sub = top.subsystems.front();
    CHECK(sub.name == "ClutchPack");
    CHECK(sub.components.size() == 7);
    // Six wires among the seven stay inside; four were cut: the torque's flange on the
    // left, the three normal-force signals from above.
    REQUIRE(sub.connectors.size() == 4);
    CHECK(outer(sub, "flange_a").type == "Rotational.Flange_a");
    CHECK(outer(sub, "flange_a").x == -100);
    CHECK(outer(sub, "f_normalized").type == "RealInput");
    CHECK(outer(sub, "f_normalized").y == 100);
    CHECK(outer(sub, "f_normalized1").y == 100);
    CHECK(outer(sub, "f_normalized2").y == 100);
    // Spread along the top in the order of their clutches, left to right.
    CHECK(outer(sub, "f_normalized").x < outer(sub, "f_normalized1").x);
    CHECK(outer(sub, "f_normalized1").x < outer(sub, "f_normalized2").x);
    CHECK(sub.connections.size() == 6 + 4);
    CHECK(wires(sub).count(std::minmax<std::string>("flange_a", "J1.flange_a")));
    CHECK(wires(top).count(std::minmax<std::string>("torque.flange", "clutchPack.flange_a")));
    CHECK(wires(top).count(std::minmax<std::string>("sin2.y", "clutchPack.f_normalized")));
    CHECK(wires(top).count(std::minmax<std::string>("step2.y", "clutchPack.f_normalized2")));
    // The instance's face comes from the embedded subsystem: its connectors connect.
    const library::ComponentDefinition* def = d.document.definition(*d.document.component("clutchPack"));
    REQUIRE(def);
    CHECK(def->connectors.size() == 4);

    // Undo gives back the original file, to the byte; redo groups again.
    d.document.undoStack()->undo();
    CHECK(json(d.document.rootDiagram()) == original);
    d.document.undoStack()->redo();
    CHECK(d.document.component("clutchPack") != nullptr);
}

TEST_CASE("ungrouping restores the components, their names, places and wires, and undo returns to each state")
{
    Doc d;
    const diagram::Diagram original = d.document.rootDiagram();
    REQUIRE(d.editor.group(kPack, "ClutchPack") == "clutchPack");
    const std::string grouped = json(d.document.rootDiagram());
    QString error;
    const QStringList added = d.editor.ungroup("clutchPack", &error);
    REQUIRE(error.isEmpty());
    CHECK(QSet<QString>(added.begin(), added.end()) == QSet<QString>(kPack.begin(), kPack.end()));
    const diagram::Diagram& flat = d.document.rootDiagram();
    CHECK(flat.subsystems.empty());
    CHECK(flat.parameters == original.parameters);
    CHECK(wires(flat) == wires(original));
    REQUIRE(flat.components.size() == original.components.size());
    for (const diagram::Component& c : original.components) {
        const diagram::Component* now = flat.component(c.name);
        REQUIRE(now);
        diagram::Diagram a, b;
        a.components.push_back(*now);
        b.components.push_back(c);
        CHECK(json(a) == json(b));
    }
    CHECK(d.document.undoStack()->count() == 2);
    d.document.undoStack()->undo();
    CHECK(json(d.document.rootDiagram()) == grouped);
    d.document.undoStack()->undo();
    CHECK(json(d.document.rootDiagram()) == json(original));
}

TEST_CASE("the curves the user chose follow their variables into a subsystem and out again")
{
    // Found trying it under Xvfb: after grouping, the plot kept J1.w..J4.w, which the
    // grouped model names clutchPack.J1.w, so Simulate drew nothing.
    Doc d;
    const diagram::Json before = d.document.rootDiagram().plot;
    REQUIRE(before.dump().find("\"J1.w\"") != std::string::npos);
    REQUIRE(d.editor.group(kPack, "ClutchPack") == "clutchPack");
    const std::string grouped = d.document.rootDiagram().plot.dump();
    CHECK(grouped.find("\"clutchPack.J1.w\"") != std::string::npos);
    CHECK(grouped.find("\"clutchPack.J4.w\"") != std::string::npos);
    CHECK(grouped.find("\"J1.w\"") == std::string::npos);
    QString error;
    d.editor.ungroup("clutchPack", &error);
    REQUIRE(error.isEmpty());
    CHECK(d.document.rootDiagram().plot == before);
}

TEST_CASE("model parameters the grouped components use are passed in by name, and out again on ungroup")
{
    Doc d;
    REQUIRE(d.editor.group({"sin2", "clutch1", "step1"}, "Driven") == "driven");
    const diagram::Diagram& sub = d.document.diagram().subsystems.front();
    std::vector<std::string> declared;
    for (const auto& [name, value] : sub.parameters)
        declared.push_back(name);
    CHECK(declared == std::vector<std::string>{"f", "T2"}); // T3 is step2's, left outside
    const diagram::Component* inst = d.document.component("driven");
    REQUIRE(inst);
    REQUIRE(inst->parameter("f"));
    CHECK(*inst->parameter("f") == diagram::Json("f"));
    CHECK(*inst->parameter("T2") == diagram::Json("T2"));

    // A value given to the instance becomes a model parameter of its own when ungrouped.
    auto parameters = inst->parameters;
    for (auto& [name, value] : parameters)
        if (name == "f")
            value = 0.3;
    REQUIRE(d.editor.setSettings("driven", parameters, inst->variables));
    REQUIRE_FALSE(d.editor.ungroup("driven").isEmpty());
    const diagram::Diagram& flat = d.document.diagram();
    const diagram::Json* f = nullptr;
    for (const auto& [name, value] : flat.parameters)
        if (name == "driven_f")
            f = &value;
    REQUIRE(f);
    CHECK(*f == diagram::Json(0.3));
    CHECK(*flat.component("sin2")->parameter("f") == diagram::Json("driven_f"));
    CHECK(*flat.component("step1")->parameter("startTime") == diagram::Json("T2"));
}

TEST_CASE("a type name that exists already or is not a name is refused, changing nothing")
{
    Doc d;
    QString error;
    CHECK(d.editor.group(kPack, "Rotational.Components.Inertia", &error).isEmpty());
    CHECK(d.editor.group(kPack, "2pack", &error).isEmpty());
    CHECK(error.contains("not a valid type name"));
    REQUIRE(d.editor.group({"J1"}, "Single") == "single");
    CHECK(d.editor.group({"J2"}, "Single", &error).isEmpty());
    CHECK(error.contains("already exists"));
    CHECK(d.document.undoStack()->count() == 1);
}

TEST_CASE("opening an instance edits inside the subsystem, the breadcrumb leads back, and undo returns to the level")
{
    test::Canvas c;
    QString error;
    REQUIRE(c.document.open(coupledClutches(), &error));
    const std::string original = json(c.document.rootDiagram());
    QWidget window;
    SubsystemNavigation nav(&window, c.editor, &c.scene, &c.view);
    c.scene.selectComponents(kPack);
    CHECK(nav.groupAction()->isEnabled());
    REQUIRE(nav.groupSelection("ClutchPack") == "clutchPack");
    CHECK(c.scene.selectedComponentNames() == QStringList{"clutchPack"});
    CHECK(nav.openAction()->isEnabled());
    CHECK(nav.breadcrumb()->isHidden());

    nav.openAction()->trigger();
    CHECK(c.document.levelPath() == QStringList{"clutchPack"});
    CHECK(nav.breadcrumbText() == "Top > clutchPack (ClutchPack)");
    CHECK_FALSE(nav.breadcrumb()->isHidden());
    // The canvas shows the inside: its components, and blocks for the outer connectors
    // with the wires to them drawn.
    CHECK(c.scene.componentItem("clutch2") != nullptr);
    CHECK(c.scene.componentItem("torque") == nullptr);
    REQUIRE(c.scene.componentItem("flange_a") != nullptr);
    CHECK(c.scene.portItem("flange_a") != nullptr);
    REQUIRE(c.scene.connectionCount() == 10);
    for (int i = 0; i < c.scene.connectionCount(); ++i)
        CHECK(c.scene.connectionItem(i)->route().size() >= 2);

    // An edit inside changes the embedded definition.
    const diagram::Component* j2 = c.document.component("J2");
    REQUIRE(j2);
    auto parameters = j2->parameters;
    parameters[0].second = 2;
    REQUIRE(c.editor.setSettings("J2", parameters, j2->variables));
    CHECK(*c.document.rootDiagram().subsystems.front().component("J2")->parameter("J") == diagram::Json(2));

    nav.leaveTo(0);
    CHECK(c.document.levelPath().isEmpty());
    CHECK(nav.breadcrumb()->isHidden());
    CHECK(c.scene.selectedComponentNames() == QStringList{"clutchPack"});

    // Undo goes back into the subsystem to undo the edit there, then out to ungroup.
    c.document.undoStack()->undo();
    CHECK(c.document.levelPath() == QStringList{"clutchPack"});
    CHECK(*c.document.component("J2")->parameter("J") == diagram::Json(1));
    c.document.undoStack()->undo();
    CHECK(c.document.levelPath().isEmpty());
    CHECK(json(c.document.rootDiagram()) == original);
    CHECK(c.scene.componentItem("J2") != nullptr);
}

TEST_CASE("a wire drawn inside a subsystem may end on one of its outer connectors")
{
    test::Canvas c;
    QString error;
    REQUIRE(c.document.open(coupledClutches(), &error));
    REQUIRE(c.editor.group({"J1", "clutch1"}, "Pack") == "pack");
    REQUIRE(c.document.showLevel({"pack"}));
    // Remove the wire from flange_a inside and draw it again by name.
    int index = -1;
    const auto& cons = c.document.diagram().connections;
    for (size_t i = 0; i < cons.size(); ++i)
        if (cons[i].from == "flange_a" || cons[i].to == "flange_a")
            index = static_cast<int>(i);
    REQUIRE(index >= 0);
    c.editor.remove({}, {index});
    const ConnectionCheck check = c.editor.connect("J1.flange_a", "flange_a");
    CHECK(check.allowed());
    // A signal input of the subsystem feeds inputs inside.
    CHECK(checkConnection(c.document, "f_normalized", "clutch1.f_normalized").refusal.contains("already"));
}

TEST_CASE("a grouped diagram saves and reopens with its subsystem, and its instance keeps its face")
{
    QTemporaryDir dir;
    Doc d;
    REQUIRE(d.editor.group(kPack, "ClutchPack") == "clutchPack");
    const QString path = dir.filePath("grouped.json");
    QString error;
    REQUIRE(d.document.saveAs(path, &error));
    DiagramDocument reopened(test::bundledLibrary());
    REQUIRE(reopened.open(path, &error));
    CHECK(json(reopened.rootDiagram()) == json(d.document.rootDiagram()));
    const library::ComponentDefinition* def = reopened.definition(*reopened.component("clutchPack"));
    REQUIRE(def);
    CHECK(def->connectors.size() == 4);
    REQUIRE(reopened.showLevel({"clutchPack"}));
    CHECK(reopened.diagram().components.size() == 7);
}

TEST_CASE("a message naming a component inside a subsystem opens it and selects the component")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(coupledClutches()));
    window.scene()->selectComponents(kPack);
    REQUIRE(window.subsystems()->groupSelection("ClutchPack") == "clutchPack");
    window.messages()->add(MessagesPanel::Severity::Error, "clutchPack.clutch2: an error", {"clutchPack.clutch2"});
    window.messages()->activate(static_cast<int>(window.messages()->messages().size()) - 1);
    CHECK(window.document()->levelPath() == QStringList{"clutchPack"});
    CHECK(window.scene()->selectedComponentNames() == QStringList{"clutch2"});
}

namespace {

struct Signals {
    std::vector<double> time;
    std::map<std::string, std::vector<double>> columns;
};

Signals runAndRead(MainWindow& window, const std::vector<std::pair<std::string, std::string>>& names)
{
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    const auto result = window.simulation()->controller()->current();
    REQUIRE(result);
    REQUIRE(result->status == RunResult::Status::Finished);
    Signals s;
    s.time.assign(result->time().begin(), result->time().end());
    for (const auto& [key, name] : names) {
        const int column = result->column(name);
        INFO(name);
        REQUIRE(column >= 0);
        s.columns[key].assign(result->values(column).begin(), result->values(column).end());
    }
    return s;
}

} // namespace

// The same rows at the same times, and the same values, within rounding: the flattened
// equations come in another order, so event times may differ in the last bits.
TEST_CASE("the grouped CoupledClutches simulates as the original did, signal for signal", "[simulation]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(coupledClutches()));
    const std::vector<std::string> inner{"J1.w", "J2.w", "J3.w", "J4.w", "clutch1.tau", "clutch2.phi_rel", "clutch3.mode"};
    std::vector<std::pair<std::string, std::string>> flatNames, groupedNames;
    for (const std::string& n : inner) {
        flatNames.emplace_back(n, n);
        groupedNames.emplace_back(n, "clutchPack." + n);
    }
    const Signals flat = runAndRead(window, flatNames);

    window.scene()->selectComponents(kPack);
    REQUIRE(window.subsystems()->groupSelection("ClutchPack") == "clutchPack");
    const Signals grouped = runAndRead(window, groupedNames);

    // The variable browser shows the nested names as a tree: clutchPack > J1 > w.
    auto* tree = window.findChild<VariableTreeModel*>();
    REQUIRE(tree);
    REQUIRE(tree->indexOf("clutchPack.J1").isValid());
    CHECK(tree->indexOf("clutchPack.J1").parent() == tree->indexOf("clutchPack"));
    REQUIRE(tree->indexOf("clutchPack.J1.w").isValid());
    CHECK(tree->indexOf("clutchPack.J1.w").parent() == tree->indexOf("clutchPack.J1"));

    REQUIRE(grouped.time.size() == flat.time.size());
    for (size_t i = 0; i < flat.time.size(); ++i)
        REQUIRE(std::abs(grouped.time[i] - flat.time[i]) <= 1e-12 * std::max(1.0, std::abs(flat.time[i])));
    for (const std::string& n : inner) {
        INFO(n);
        const auto& a = flat.columns.at(n);
        const auto& b = grouped.columns.at(n);
        REQUIRE(a.size() == b.size());
        double worst = 0;
        for (size_t i = 0; i < a.size(); ++i)
            worst = std::max(worst, std::abs(a[i] - b[i]) / std::max(1.0, std::abs(a[i])));
        CHECK(worst <= 1e-9);
    }
}
