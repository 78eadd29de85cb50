// Crash recovery end to end: a real Flange window in a child process (autosave_child.cpp)
// edits a diagram and is killed with SIGKILL once autosave has run; a new window then
// restores the edit. Also the recovery dialog's Discard and Later.
#include "ui/document/autosave.hpp"
#include "ui/document/component_library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/recovery_file.hpp"
#include "ui/main_window.hpp"
#include "ui/recovery_dialog.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

diagram::Diagram readDiagram(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return diagram::parseDiagram(f.readAll().toStdString(), path.toStdString());
}

const diagram::Component* componentAt(const diagram::Diagram& d, const std::string& type, double x, double y)
{
    for (const diagram::Component& c : d.components)
        if (c.type == type && c.placement.x == x && c.placement.y == y)
            return &c;
    return nullptr;
}

// Runs the child on `model` with its data folder in `dataHome`, waits for its first
// autosave and kills it. Returns the recovery file's path the child reported.
QString editAndKill(const QString& model, const QString& dataHome)
{
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start(QStringLiteral(FLANGE_AUTOSAVE_CHILD_PATH), {model});
    REQUIRE(child.waitForStarted(10000));
    QByteArray out;
    while (!out.contains('\n') && child.state() == QProcess::Running)
        if (child.waitForReadyRead(30000))
            out += child.readAllStandardOutput();
        else
            break;
    INFO("child said: " << out.toStdString());
    REQUIRE(out.startsWith("autosaved "));
    child.kill(); // SIGKILL: no destructor, no clean-up
    REQUIRE(child.waitForFinished(10000));
    CHECK(child.exitStatus() == QProcess::CrashExit);
    return QString::fromLocal8Bit(out.mid(10).trimmed());
}

} // namespace

TEST_CASE("an edit made before a kill -9 is restored in a new window and saved to the original", "[autosave]")
{
    QTemporaryDir dir;
    const QString model = dir.filePath("First.json");
    REQUIRE(QFile::copy(test::sourcePath("models/msl/Rotational/First.json"), model));
    const diagram::Diagram original = readDiagram(model);
    const QString dataHome = dir.filePath("data");

    const QString reported = editAndKill(model, dataHome);
    const QString folder = dataHome + QStringLiteral("/flange/recovery");
    CHECK(QFileInfo(reported).absolutePath() == folder);
    CHECK(QFileInfo::exists(reported + ".lock")); // left behind by the kill
    // The original file is untouched: autosave never writes there.
    CHECK(readDiagram(model).components.size() == original.components.size());

    std::vector<OrphanedRecovery> found = findOrphanedRecoveries(folder);
    REQUIRE(found.size() == 1);
    CHECK(found[0].path == reported);
    REQUIRE(found[0].contents.has_value());
    CHECK(found[0].contents->originalPath == model);
    CHECK(found[0].description().contains("First.json"));

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.restoreRecovery(found[0]));
    const diagram::Diagram& restored = window.document()->diagram();
    CHECK(restored.components.size() == original.components.size() + 1);
    CHECK(componentAt(restored, "Rotational.Components.Inertia", 300, 200) != nullptr);
    CHECK(restored.experiment.stopTime == 7.25);
    CHECK(window.document()->isModified());
    CHECK(window.isWindowModified());
    CHECK(window.document()->filePath() == model);
    // The restored copy is this window's recovery file now: still there until saved.
    CHECK(window.autosave().recoveryPath() == reported);
    CHECK(QFileInfo::exists(reported));

    found.clear(); // only the window holds the lock now
    REQUIRE(window.saveFile(model));
    window.autosave().waitForWrites();
    CHECK_FALSE(QFileInfo::exists(reported));
    CHECK_FALSE(window.document()->isModified());
    const diagram::Diagram saved = readDiagram(model);
    CHECK(componentAt(saved, "Rotational.Components.Inertia", 300, 200) != nullptr);
    CHECK(saved.experiment.stopTime == 7.25);
}

TEST_CASE("the recovery dialog lists every orphaned file, Discard deletes one, Later keeps the rest", "[autosave]")
{
    QTemporaryDir dir;
    for (const char* name : {"A", "B"}) {
        RecoveryContents c;
        c.diagram.name = name;
        c.originalPath = dir.filePath(QStringLiteral("%1.json").arg(name));
        c.savedAt = QDateTime::currentDateTimeUtc().addSecs(name[0] == 'A' ? -60 : 0);
        REQUIRE(writeRecoveryFile(dir.filePath(QStringLiteral("%1-x.recovery.json").arg(name)), c, nullptr));
    }
    {
        RecoveryDialog dialog(findOrphanedRecoveries(dir.path()));
        REQUIRE(dialog.list()->count() == 2);
        CHECK(dialog.list()->item(0)->text().startsWith("B.json")); // newest first
        CHECK(dialog.list()->item(1)->text().startsWith("A.json"));
        dialog.list()->setCurrentRow(1);
        dialog.discardButton()->click();
        CHECK(dialog.list()->count() == 1);
        CHECK_FALSE(QFileInfo::exists(dir.filePath("A-x.recovery.json")));
        REQUIRE(dialog.chosen() != nullptr);
        CHECK(dialog.chosen()->contents->diagram.name == "B");
        dialog.laterButton()->click();
        CHECK(dialog.result() == QDialog::Rejected);
    }
    // Later: B is offered again next time, and its lock was released with the dialog.
    const auto again = findOrphanedRecoveries(dir.path());
    REQUIRE(again.size() == 1);
    CHECK(again[0].contents->diagram.name == "B");
}
