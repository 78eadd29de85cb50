// Editing through DiagramEditor: every edit is one undo step that undoes and redoes exactly.
#include "engine/diagram/diagram_json.hpp"
#include "ui/document/diagram_clipboard.hpp"
#include "ui/document/instance_naming.hpp"
#include "ui_test_support.hpp"

#include <QMimeData>
#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

struct Doc {
    DiagramDocument document{test::bundledLibrary()};
    DiagramEditor editor{document};
    QUndoStack& stack() { return *document.undoStack(); }
    const diagram::Component& component(const QString& name)
    {
        const diagram::Component* c = document.component(name);
        REQUIRE(c);
        return *c;
    }
};

const char* kInertia = "Rotational.Components.Inertia";

} // namespace

TEST_CASE("instance names come from the type in lower camel case, numbered from 1")
{
    CHECK(baseNameForType("Rotational.Components.SpringDamper") == "springDamper");
    CHECK(baseNameForType("Rotational.Components.Inertia") == "inertia");
    CHECK(baseNameForType("Blocks.Math.PID") == "pid");
    CHECK(uniqueName("inertia", {"inertia1", "inertia2"}) == "inertia3");
    CHECK(uniqueCopyName("J1", {"J1", "J2"}) == "J3");
    CHECK(uniqueCopyName("fixed", {"fixed"}) == "fixed1");
    CHECK(uniqueCopyName("free", {"fixed"}) == "free");
}

TEST_CASE("adding a component names it from its type, undo removes it and redo brings it back")
{
    Doc d;
    QSignalSpy added(&d.document, &DiagramDocument::componentAdded);
    CHECK(d.editor.addComponent(kInertia, {-30, 10}) == "inertia1");
    CHECK(d.editor.addComponent(kInertia, {0, 0}) == "inertia2");
    CHECK(added.count() == 2);
    CHECK(d.component("inertia1").placement.x == -30);
    CHECK(d.component("inertia1").placement.y == 10);
    CHECK(d.stack().count() == 2);

    d.stack().undo();
    CHECK(d.document.component("inertia2") == nullptr);
    d.stack().redo();
    CHECK(d.document.component("inertia2") != nullptr);

    QString error;
    CHECK(d.editor.addComponent("No.Such.Type", {}, &error).isEmpty());
    CHECK(error.contains("No.Such.Type"));
    CHECK(d.stack().count() == 2);
}

TEST_CASE("moves are undoable and consecutive moves of the same selection merge into one step")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.moveBy({"inertia1"}, {10, 0});
    d.editor.moveBy({"inertia1"}, {0, 20});
    CHECK(d.component("inertia1").placement.x == 10);
    CHECK(d.component("inertia1").placement.y == 20);
    CHECK(d.stack().count() == 2); // add + one merged move
    d.stack().undo();
    CHECK(d.component("inertia1").placement.x == 0);
    CHECK(d.component("inertia1").placement.y == 0);
    d.stack().redo();
    CHECK(d.component("inertia1").placement.x == 10);
    CHECK(d.component("inertia1").placement.y == 20);
}

TEST_CASE("moving two connected components carries the route points of their connection")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.addComponent(kInertia, {40, 20});
    REQUIRE(d.editor.connect("inertia1.flange_b", "inertia2.flange_a", {{20, 0}, {20, 20}}).allowed());
    d.editor.moveBy({"inertia1", "inertia2"}, {10, 10});
    const auto& points = d.document.diagram().connections.front().points;
    REQUIRE(points.size() == 2);
    CHECK(points[0] == std::pair<double, double>(30, 10));
    CHECK(points[1] == std::pair<double, double>(30, 30));
    d.stack().undo();
    CHECK(d.document.diagram().connections.front().points.front() == std::pair<double, double>(20, 0));
}

TEST_CASE("rotate turns clockwise in 90 degree steps and flips mirror on screen, both undo")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.rotate({"inertia1"});
    CHECK(d.component("inertia1").placement.rotation == 270);
    d.editor.rotate({"inertia1"});
    CHECK(d.component("inertia1").placement.rotation == 180);
    d.editor.flip({"inertia1"}, Qt::Horizontal);
    CHECK(d.component("inertia1").placement.flipH);
    d.editor.flip({"inertia1"}, Qt::Vertical);
    CHECK(d.component("inertia1").placement.flipV);
    CHECK(d.stack().count() == 5); // rotations and flips do not merge

    d.stack().undo();
    CHECK_FALSE(d.component("inertia1").placement.flipV);
    d.stack().undo();
    CHECK_FALSE(d.component("inertia1").placement.flipH);
    d.stack().undo();
    CHECK(d.component("inertia1").placement.rotation == 270);
    d.stack().redo();
    CHECK(d.component("inertia1").placement.rotation == 180);
}

TEST_CASE("a flip of a rotated component changes the sign of its angle")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.rotate({"inertia1"}); // 270
    d.editor.flip({"inertia1"}, Qt::Horizontal);
    CHECK(d.component("inertia1").placement.rotation == 90);
    CHECK(d.component("inertia1").placement.flipH);
}

TEST_CASE("renaming updates connection ends, undo restores the old name everywhere")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.addComponent(kInertia, {30, 0});
    REQUIRE(d.editor.connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    QString reason;
    REQUIRE(d.editor.rename("inertia1", "J1", &reason));
    CHECK(d.document.diagram().connections.front().from == "J1.flange_b");
    CHECK_FALSE(d.editor.rename("J1", "inertia2", &reason));
    CHECK(reason.contains("already"));
    CHECK_FALSE(d.editor.rename("J1", "1abc", &reason));
    CHECK(reason.contains("not a valid name"));
    d.stack().undo();
    CHECK(d.document.component("inertia1") != nullptr);
    CHECK(d.document.diagram().connections.front().from == "inertia1.flange_b");
    d.stack().redo();
    CHECK(d.document.component("J1") != nullptr);
}

TEST_CASE("deleting a component takes its connections along in one step, undo restores both in place")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.addComponent(kInertia, {30, 0});
    d.editor.addComponent(kInertia, {60, 0});
    REQUIRE(d.editor.connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    REQUIRE(d.editor.connect("inertia2.flange_b", "inertia3.flange_a").allowed());
    const std::string before = diagram::serializeDiagram(d.document.diagram());
    const int steps = d.stack().count();

    d.editor.remove({"inertia2"});
    CHECK(d.document.component("inertia2") == nullptr);
    CHECK(d.document.diagram().connections.empty());
    CHECK(d.stack().count() == steps + 1);
    d.stack().undo();
    CHECK(diagram::serializeDiagram(d.document.diagram()) == before);
    d.stack().redo();
    CHECK(d.document.diagram().components.size() == 2);

    d.stack().undo();
    d.editor.remove({}, {0}); // one connection alone
    REQUIRE(d.document.diagram().connections.size() == 1);
    CHECK(d.document.diagram().connections.front().from == "inertia2.flange_b");
    d.stack().undo();
    CHECK(d.document.diagram().connections.size() == 2);
}

TEST_CASE("deleting several components in any order is one step, and undo restores the document's order")
{
    // The editor deletes from the last in the document to the first (so a large deletion
    // never shifts the rest of the list); whatever order the names come in, undo must
    // give back the same list.
    Doc d;
    for (int i = 0; i < 5; ++i)
        d.editor.addComponent(kInertia, {static_cast<double>(30 * i), 0});
    auto names = [&] {
        QStringList out;
        for (const diagram::Component& c : d.document.diagram().components)
            out << QString::fromStdString(c.name);
        return out;
    };
    const QStringList before = names();
    const int steps = d.stack().count();
    d.editor.remove({"inertia4", "inertia2", "inertia4"});
    CHECK(names() == QStringList{"inertia1", "inertia3", "inertia5"});
    CHECK(d.stack().count() == steps + 1);
    d.stack().undo();
    CHECK(names() == before);
    d.stack().redo();
    CHECK(names() == QStringList{"inertia1", "inertia3", "inertia5"});
}

TEST_CASE("a parameter change is one undo step, and an unchanged dialog adds none")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    const int steps = d.stack().count();
    // A new inertia carries its required J (the definition's start value 1) as its value.
    CHECK_FALSE(d.editor.setSettings("inertia1", {{"J", 1}}, {}));
    CHECK(d.stack().count() == steps);
    diagram::VariableSettings w;
    w.start = 10;
    w.fixed = true;
    REQUIRE(d.editor.setSettings("inertia1", {{"J", 5}}, {{"w", w}}));
    CHECK(*d.component("inertia1").parameter("J") == 5);
    CHECK(d.stack().count() == steps + 1);
    d.stack().undo();
    CHECK(*d.component("inertia1").parameter("J") == 1);
    CHECK(d.component("inertia1").variables.empty());
    d.stack().redo();
    CHECK(*d.component("inertia1").variable("w")->start == 10);
}

TEST_CASE("copy and paste brings the connections among the copies, with unique names, as one step")
{
    Doc d;
    d.editor.addComponent(kInertia, {0, 0});
    d.editor.addComponent("Rotational.Components.SpringDamper", {30, 0});
    d.editor.addComponent(kInertia, {60, 0});
    REQUIRE(d.editor.connect("inertia1.flange_b", "springDamper1.flange_a").allowed());
    REQUIRE(d.editor.connect("springDamper1.flange_b", "inertia2.flange_a").allowed());

    // Through the clipboard's MIME form, as Copy and Paste do.
    std::unique_ptr<QMimeData> mime(fragmentToMimeData(d.editor.fragment({"inertia1", "springDamper1"})));
    const auto fragment = fragmentFromMimeData(mime.get());
    REQUIRE(fragment);
    CHECK(fragment->connections.size() == 1); // the one to inertia2 stays behind
    const QPointF offset(20, 20);
    const int steps = d.stack().count();
    const QStringList added = d.editor.paste(*fragment, offset);
    CHECK(added == QStringList{"inertia3", "springDamper2"});
    CHECK(d.stack().count() == steps + 1);
    const auto& cons = d.document.diagram().connections;
    REQUIRE(cons.size() == 3);
    CHECK(cons.back().from == "inertia3.flange_b");
    CHECK(cons.back().to == "springDamper2.flange_a");
    CHECK(d.component("inertia3").placement.x == 20);
    d.stack().undo();
    CHECK(d.document.diagram().components.size() == 3);
    CHECK(d.document.diagram().connections.size() == 2);
    d.stack().redo();
    CHECK(d.document.diagram().components.size() == 5);
}

TEST_CASE("the document is modified after an edit and clean again after undo or save")
{
    Doc d;
    QSignalSpy clean(d.document.undoStack(), &QUndoStack::cleanChanged);
    CHECK_FALSE(d.document.isModified());
    d.editor.addComponent(kInertia, {0, 0});
    CHECK(d.document.isModified());
    CHECK(clean.count() == 1);
    d.stack().undo();
    CHECK_FALSE(d.document.isModified());
}
