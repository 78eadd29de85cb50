// Saving without overwriting what is not the user's: bundled examples and read-only files
// ask for a new name, the unsaved-changes prompt defaults to Cancel, and the messages
// about an opened file count in proper English.
#include "ui/document/diagram_document.hpp"
#include "ui/document/save_location.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

ComponentLibrary fixture()
{
    return ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}};
}

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Closes the next modal dialog the way Escape would, and says whether it was a file dialog.
void cancelNextDialog(bool* wasFileDialog)
{
    QTimer::singleShot(0, [wasFileDialog] {
        QWidget* modal = QApplication::activeModalWidget();
        *wasFileDialog = qobject_cast<QFileDialog*>(modal) != nullptr;
        if (auto* dialog = qobject_cast<QDialog*>(modal))
            dialog->reject();
    });
}

const char* kExample = "models/msl/Rotational/First.json";

} // namespace

TEST_CASE("Save on a bundled example asks for a new name instead of overwriting it")
{
    const QString example = test::sourcePath(kExample);
    const QByteArray before = contents(example);
    REQUIRE_FALSE(before.isEmpty());
    {
        MainWindow window(fixture());
        REQUIRE(window.openFile(example));
        window.editor().moveBy({"inertia1"}, {10, 0});
        bool askedForName = false;
        cancelNextDialog(&askedForName);
        window.actions().save->trigger();
        CHECK(askedForName);
        CHECK(window.document()->isModified()); // nothing was saved
    }
    const bool untouched = contents(example) == before;
    if (!untouched) { // never leave a damaged example behind, even when the test fails
        QFile f(example);
        if (f.open(QIODevice::WriteOnly))
            f.write(before);
    }
    CHECK(untouched);
    CHECK(saveAsReason(example, bundledModelFolders()) == QStringLiteral("First.json is a bundled example"));
}

TEST_CASE("Save on a read-only file asks for a new name and leaves the file alone")
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath("locked.json");
    REQUIRE(QFile::copy(test::sourcePath(kExample), path));
    REQUIRE(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::ReadGroup));
    const QByteArray before = contents(path);

    MainWindow window(fixture());
    window.setQuiet(true);
    REQUIRE(window.openFile(path));
    window.editor().moveBy({"inertia1"}, {10, 0});
    bool askedForName = false;
    cancelNextDialog(&askedForName);
    window.actions().save->trigger();
    CHECK(askedForName);
    CHECK(contents(path) == before);
    CHECK(saveAsReason(path, {}) == QStringLiteral("locked.json is read-only"));
    CHECK(saveAsReason(tmp.filePath("mine.json"), {}).isEmpty());
}

TEST_CASE("the unsaved-changes prompt defaults to Cancel and offers Save As for an example")
{
    MainWindow window(fixture());
    REQUIRE(window.openFile(test::sourcePath(kExample)));
    window.editor().moveBy({"inertia1"}, {10, 0});
    QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;
    QString saveText;
    QTimer::singleShot(0, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        defaultButton = box->standardButton(box->defaultButton());
        saveText = box->button(QMessageBox::Save)->text();
        box->button(QMessageBox::Cancel)->click();
    });
    CHECK_FALSE(window.maybeSave());
    CHECK(defaultButton == QMessageBox::Cancel);
    CHECK(saveText == QStringLiteral("Save As…"));
    CHECK(window.document()->isModified());
}

TEST_CASE("the message about an opened file counts components and connections in proper English")
{
    QTemporaryDir tmp;
    MainWindow window(fixture());
    window.editor().addComponent("Rotational.Components.Inertia", {-30, 0});
    REQUIRE(window.saveFile(tmp.filePath("one.json")));
    window.editor().addComponent("Rotational.Components.Inertia", {30, 0});
    REQUIRE(window.editor().connect("inertia1.flange_b", "inertia2.flange_a").allowed());
    REQUIRE(window.saveFile(tmp.filePath("two.json")));

    REQUIRE(window.openFile(tmp.filePath("one.json")));
    CHECK(window.messages()->messages().back().endsWith("Opened one.json: 1 component, 0 connections"));
    REQUIRE(window.openFile(tmp.filePath("two.json")));
    CHECK(window.messages()->messages().back().endsWith("Opened two.json: 2 components, 1 connection"));
}
