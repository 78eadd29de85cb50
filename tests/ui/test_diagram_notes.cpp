// Text notes on the diagram: kept in the level's "annotations", shown on the canvas, added,
// edited, moved and deleted as undo steps, saved with the diagram (issue 34).
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/note_item.hpp"
#include "ui/document/diagram_notes.hpp"
#include "ui/main_window.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QTimer>
#include <QUndoStack>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

TEST_CASE("a note in a file's annotations is shown on the canvas, other annotations are kept")
{
    test::Canvas c;
    c.document.reset(diagram::parseDiagram(R"({"format":"flange-diagram","version":1,
        "annotations":[{"kind":"someone else's"},{"type":"note","text":"Clutch engages at 0.4 s","x":-20,"y":30}]})",
                                           "notes"));
    REQUIRE(c.scene.noteItem(0) == nullptr);
    NoteItem* note = c.scene.noteItem(1);
    REQUIRE(note);
    CHECK(note->text() == "Clutch engages at 0.4 s");
    CHECK(note->pos() == toScene(-20, 30));
    CHECK(c.scene.contentBounds().contains(note->sceneBoundingRect()));

    // Edited: the other entry stays as it was.
    REQUIRE(c.editor.setNoteText(1, "Clutch engages at 0.5 s"));
    const diagram::Json& a = c.document.diagram().annotations;
    REQUIRE(a.size() == 2);
    CHECK(a[0] == diagram::Json{{"kind", "someone else's"}});
    CHECK(a[1]["text"] == "Clutch engages at 0.5 s");
    CHECK(c.scene.noteItem(1)->text() == "Clutch engages at 0.5 s");
    c.document.undoStack()->undo();
    CHECK(c.scene.noteItem(1)->text() == "Clutch engages at 0.4 s");
}

TEST_CASE("a note is added, moved by dragging and deleted, each one undo step, and saved")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {0, 0});
    const int steps = c.document.undoStack()->count();
    CHECK(c.editor.addNote("  ", {0, 0}) == -1); // nothing to say: no note
    const int index = c.editor.addNote("Load side", {-40, -40});
    REQUIRE(index == 0);
    CHECK(c.document.undoStack()->count() == steps + 1);
    NoteItem* note = c.scene.noteItem(index);
    REQUIRE(note);
    CHECK(note->pos() == toScene(-40, -40));

    // Dragged by its text, snapped to whole units, as one step.
    const QPointF grip = note->sceneBoundingRect().center();
    c.drag(c.viewPoint(grip), c.viewPoint(grip + toScene(20, 10)));
    REQUIRE(c.document.undoStack()->count() == steps + 2);
    const diagram::Json& a = c.document.diagram().annotations;
    CHECK(std::abs(a[0]["x"].get<double>() - (-20)) <= 1);
    CHECK(std::abs(a[0]["y"].get<double>() - (-30)) <= 1);
    CHECK(c.scene.noteItem(0)->pos() == toScene(a[0]["x"].get<double>(), a[0]["y"].get<double>()));

    // Saved with the diagram.
    const std::string saved = diagram::serializeDiagram(c.document.rootDiagram());
    CHECK(saved.find("\"Load side\"") != std::string::npos);

    // Selected and deleted, with the component, in one step.
    c.scene.noteItem(0)->setSelected(true);
    c.scene.componentItem("inertia1")->setSelected(true);
    c.scene.deleteSelection();
    CHECK(c.document.diagram().annotations.empty());
    CHECK(c.document.diagram().components.empty());
    CHECK(c.scene.noteItem(0) == nullptr);
    CHECK(c.document.undoStack()->count() == steps + 3);
    c.document.undoStack()->undo();
    REQUIRE(c.scene.noteItem(0));
    CHECK(c.scene.noteItem(0)->text() == "Load side");
    CHECK(c.document.component("inertia1"));
}

TEST_CASE("Diagram > Add Note asks for the text and puts the note in the view, selected")
{
    MainWindow window(ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}});
    QAction* add = window.findChild<QAction*>("addNote");
    REQUIRE(add);
    QTimer::singleShot(0, [] {
        if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            dialog->setTextValue("Two clutches\nin series");
            dialog->accept();
        }
    });
    add->trigger();
    const QList<Note> notes = notesIn(window.document()->diagram().annotations);
    REQUIRE(notes.size() == 1);
    CHECK(notes.front().text == "Two clutches\nin series");
    NoteItem* item = window.scene()->noteItem(notes.front().index);
    REQUIRE(item);
    CHECK(item->isSelected());
    CHECK(window.isWindowModified());
}
