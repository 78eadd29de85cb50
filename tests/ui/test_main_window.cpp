// The main window: title and unsaved marker, library search, standard shortcuts, recent
// files, and the prompt before unsaved changes are lost.
#include "ui/canvas/component_item.hpp"
#include "ui/main_window.hpp"
#include "ui/palette/library_browser.hpp"
#include "ui/recent_files.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

ComponentLibrary fixture()
{
    return ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}};
}

// Answers the next modal message box with `button`.
void answerNextMessageBox(QMessageBox::StandardButton button)
{
    QTimer::singleShot(0, [button] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
            box->button(button)->click();
    });
}

} // namespace

TEST_CASE("the title shows the file name and an unsaved marker driven by the undo stack")
{
    MainWindow window(fixture());
    CHECK(window.windowTitle().startsWith("Untitled[*]"));
    CHECK_FALSE(window.isWindowModified());
    window.editor().addComponent("Rotational.Components.Inertia", {0, 0});
    CHECK(window.isWindowModified());
    window.document()->undoStack()->undo();
    CHECK_FALSE(window.isWindowModified());

    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/First.json")));
    CHECK(window.windowTitle().startsWith("First.json[*]"));
    CHECK(window.scene()->componentItem("inertia1") != nullptr);
}

TEST_CASE("a file opened before the window is shown fills the canvas once it appears")
{
    MainWindow window(fixture());
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/First.json")));
    window.resize(1200, 800);
    window.show();
    QApplication::processEvents();
    const QRectF visible = window.view()->mapToScene(window.view()->viewport()->rect()).boundingRect();
    const QRectF items = window.scene()->itemsBoundingRect();
    CHECK(visible.contains(items));
    CHECK(visible.width() < items.width() * 2); // filled, not a speck in the middle
}

TEST_CASE("the library search filters the tree as you type")
{
    MainWindow window(fixture());
    LibraryBrowser* browser = window.browser();
    const int all = browser->visibleComponentCount();
    const auto definitions = test::bundledLibrary()->all();
    CHECK(all == std::count_if(definitions.begin(), definitions.end(), [](const auto* d) { return !d->partial; }));
    QTest::keyClicks(browser->searchField(), "IdealGearR2T");
    CHECK(browser->visibleComponentCount() == 2); // filed under Rotational and Translational, as in MSL
    browser->searchField()->clear();
    QTest::keyClicks(browser->searchField(), "Rotational.Components.IdealGearR2T");
    CHECK(browser->visibleComponentCount() == 1);
    browser->searchField()->clear();
    QTest::keyClicks(browser->searchField(), "components.springdamper");
    CHECK(browser->visibleComponentCount() == 2); // rotational and translational, whatever the case
    browser->searchField()->clear();
    CHECK(browser->visibleComponentCount() == all);
}

TEST_CASE("actions carry the platform's standard shortcuts")
{
    MainWindow window(fixture());
    const WindowActions& a = window.actions();
    CHECK(a.newFile->shortcut() == QKeySequence(QKeySequence::New));
    CHECK(a.open->shortcut() == QKeySequence(QKeySequence::Open));
    CHECK(a.save->shortcut() == QKeySequence(QKeySequence::Save));
    CHECK_FALSE(a.saveAs->shortcuts().isEmpty());
    CHECK(a.undo->shortcuts() == QKeySequence::keyBindings(QKeySequence::Undo));
    CHECK(a.redo->shortcuts() == QKeySequence::keyBindings(QKeySequence::Redo));
    CHECK(a.cut->shortcuts() == QKeySequence::keyBindings(QKeySequence::Cut));
    CHECK(a.copy->shortcuts() == QKeySequence::keyBindings(QKeySequence::Copy));
    CHECK(a.paste->shortcuts() == QKeySequence::keyBindings(QKeySequence::Paste));
    CHECK(a.remove->shortcuts().contains(QKeySequence(Qt::Key_Delete)));
    CHECK(a.selectAll->shortcuts() == QKeySequence::keyBindings(QKeySequence::SelectAll));
    for (const QKeySequence& k : QKeySequence::keyBindings(QKeySequence::ZoomIn))
        CHECK(a.zoomIn->shortcuts().contains(k));
    CHECK(a.zoomOut->shortcuts() == QKeySequence::keyBindings(QKeySequence::ZoomOut));
    CHECK_FALSE(a.zoomFit->shortcut().isEmpty());
}

TEST_CASE("Save As is Ctrl+Shift+S and Ctrl+= zooms in like Ctrl++")
{
    MainWindow window(fixture());
    CHECK(window.actions().saveAs->shortcuts().contains(QKeySequence("Ctrl+Shift+S")));
    CHECK(window.actions().zoomIn->shortcuts().contains(QKeySequence("Ctrl+=")));
    CHECK(window.actions().zoomIn->shortcuts().contains(QKeySequence("Ctrl++")));
}

TEST_CASE("no two actions of the main window share a key sequence")
{
    MainWindow window(fixture());
    QHash<QKeySequence, QString> owner;
    int checked = 0;
    for (QAction* action : window.findChildren<QAction*>()) {
        for (const QKeySequence& key : action->shortcuts()) {
            INFO(key.toString().toStdString() << ": " << action->text().toStdString() << " and "
                                               << owner.value(key).toStdString());
            CHECK_FALSE(owner.contains(key));
            owner.insert(key, action->text());
            ++checked;
        }
    }
    CHECK(checked >= 20); // the window's actions were found, with their keys
    CHECK(owner.value(QKeySequence("Ctrl+D")) == window.actions().duplicate->text());
    CHECK(owner.value(QKeySequence(Qt::Key_F5)) == window.actions().simulate->text());
}

TEST_CASE("with the X11 key bindings, where Delete includes Ctrl+D, no two actions share a key")
{
    // What the X11 keyboard scheme binds (the offscreen tests run with the Windows one).
    const auto x11 = [](QKeySequence::StandardKey key) -> QList<QKeySequence> {
        switch (key) {
        case QKeySequence::Delete: return {QKeySequence(Qt::Key_Delete), QKeySequence(Qt::CTRL | Qt::Key_D)};
        case QKeySequence::SaveAs: return {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)};
        default: return QKeySequence::keyBindings(key);
        }
    };
    QObject owner;
    QUndoStack stack;
    const WindowActions a(&owner, &stack, x11);
    QHash<QKeySequence, QString> seen;
    for (QAction* action : owner.findChildren<QAction*>())
        for (const QKeySequence& key : action->shortcuts()) {
            INFO(key.toString().toStdString() << ": " << action->text().toStdString());
            CHECK_FALSE(seen.contains(key));
            seen.insert(key, action->text());
        }
    CHECK(a.duplicate->shortcuts() == QList<QKeySequence>{QKeySequence("Ctrl+D")});
    CHECK(a.remove->shortcuts() == QList<QKeySequence>{QKeySequence(Qt::Key_Delete)});
    CHECK(a.saveAs->shortcuts() == QList<QKeySequence>{QKeySequence("Ctrl+Shift+S")});
}

TEST_CASE("Ctrl+D duplicates the selection")
{
    MainWindow window(fixture());
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    window.editor().addComponent("Rotational.Components.Inertia", {0, 0});
    window.scene()->selectComponents({"inertia1"});
    window.view()->setFocus();
    QTest::keyClick(window.view(), Qt::Key_D, Qt::ControlModifier);
    CHECK(window.document()->diagram().components.size() == 2);
    CHECK(window.scene()->selectedComponentNames() == QStringList{"inertia2"});
}

TEST_CASE("copy, paste, duplicate and cut work on the selection through the window's actions")
{
    MainWindow window(fixture());
    auto& editor = window.editor();
    editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    editor.addComponent("Rotational.Components.Inertia", {30, 0});
    REQUIRE(editor.connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    window.scene()->selectComponents({"inertia1", "inertia2"});
    window.actions().copy->trigger();
    window.actions().paste->trigger();
    CHECK(window.scene()->selectedComponentNames() == QStringList{"inertia3", "inertia4"});
    CHECK(window.document()->diagram().connections.size() == 2);
    window.actions().duplicate->trigger();
    CHECK(window.document()->diagram().components.size() == 6);
    window.actions().cut->trigger();
    CHECK(window.document()->diagram().components.size() == 4);
    window.document()->undoStack()->undo();
    CHECK(window.document()->diagram().components.size() == 6);
}

TEST_CASE("opened files are remembered in the recent files list, newest first")
{
    MainWindow window(fixture());
    QSettings().remove("recentFiles");
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/First.json")));
    REQUIRE(window.openFile(test::sourcePath("models/msl/Translational/ElastoGap.json")));
    const QStringList recent = RecentFiles().files();
    REQUIRE(recent.size() >= 2);
    CHECK(recent[0].endsWith("ElastoGap.json"));
    CHECK(recent[1].endsWith("First.json"));
}

TEST_CASE("unsaved changes prompt before they are lost, Cancel keeps them")
{
    MainWindow window(fixture());
    CHECK(window.maybeSave()); // nothing to lose: no prompt
    window.editor().addComponent("Rotational.Components.Inertia", {0, 0});
    answerNextMessageBox(QMessageBox::Cancel);
    CHECK_FALSE(window.maybeSave());
    answerNextMessageBox(QMessageBox::Discard);
    CHECK(window.maybeSave());

    QTemporaryDir tmp;
    REQUIRE(window.saveFile(tmp.filePath("kept.json")));
    CHECK_FALSE(window.isWindowModified());
    window.editor().moveBy({"inertia1"}, {10, 0});
    answerNextMessageBox(QMessageBox::Save);
    CHECK(window.maybeSave()); // saved to its file without asking for a name
    CHECK_FALSE(window.document()->isModified());
}

TEST_CASE("the examples open as drawn, with no two component icons overlapping")
{
    for (const char* model : {"models/msl/Translational/ElastoGap.json", "models/msl/Rotational/CoupledClutches.json"}) {
        INFO(model);
        MainWindow window(fixture());
        window.setQuiet(true);
        REQUIRE(window.openFile(test::sourcePath(model)));
        QList<ComponentItem*> items;
        for (const auto& c : window.document()->diagram().components)
            items << window.scene()->componentItem(QString::fromStdString(c.name));
        for (int i = 0; i < items.size(); ++i)
            for (int j = i + 1; j < items.size(); ++j)
                CHECK_FALSE(items[i]->mapRectToScene(items[i]->shape().boundingRect()).adjusted(1, 1, -1, -1).intersects(
                    items[j]->mapRectToScene(items[j]->shape().boundingRect()).adjusted(1, 1, -1, -1)));
    }
}
