// Autosave of the open diagram: when the recovery file is written (when the delay has
// passed, not at the edit, and not for view changes), what it holds, and when it goes
// away. Asserted by order and outcome (a write due or not: Autosave::flush writes only a
// due one), never by the clock: the suite also runs under the sanitizers on loaded machines.
#include "ui/document/autosave.hpp"
#include "ui/document/recovery_file.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

constexpr int kDelay = 400;
constexpr int kNever = 24 * 3600 * 1000; // a delay no test outlasts

QStringList recoveryFiles(const QTemporaryDir& dir)
{
    return QDir(dir.path()).entryList({QStringLiteral("*.recovery.json")}, QDir::Files);
}

// Waits until the folder holds a recovery file; false if none comes (a generous limit).
bool waitForRecoveryFile(const QTemporaryDir& dir)
{
    for (int i = 0; i < 6000; ++i) {
        if (!recoveryFiles(dir).isEmpty())
            return true;
        QTest::qWait(10);
    }
    return false;
}

} // namespace

TEST_CASE("autosave writes the recovery file when its delay has passed, not at the edit", "[autosave]")
{
    QTemporaryDir dir;
    test::Canvas c;
    Autosave autosave(&c.document, dir.path());
    CHECK(autosave.delay() == Autosave::kDefaultDelayMs);
    autosave.setDelay(kNever);

    REQUIRE_FALSE(c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0}).isEmpty());
    QTest::qWait(50);
    autosave.waitForWrites();
    CHECK(recoveryFiles(dir).isEmpty()); // the edit alone writes nothing
    autosave.setDelay(kDelay);           // the delay restarts, and this time it passes
    REQUIRE(waitForRecoveryFile(dir));
    CHECK(recoveryFiles(dir).size() == 1);
    CHECK(QFileInfo(autosave.recoveryPath()).dir() == QDir(dir.path()));
}

TEST_CASE("the recovery file holds the document as it was, its file path and the time", "[autosave]")
{
    QTemporaryDir dir;
    test::Canvas c;
    const QString model = dir.filePath("model.json");
    REQUIRE(c.document.saveAs(model, nullptr));
    Autosave autosave(&c.document, dir.path());
    autosave.setDelay(kDelay);
    const QString name = c.editor.addComponent(QStringLiteral("Rotational.Components.SpringDamper"), {40, 20});
    REQUIRE(c.editor.setSettings(name, {{"c", diagram::Json(123.5)}}, {}));
    const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
    autosave.flush();
    autosave.waitForWrites();

    QString error;
    const auto contents = readRecoveryFile(autosave.recoveryPath(), &error);
    REQUIRE(contents.has_value());
    CHECK(error.isEmpty());
    CHECK(contents->originalPath == model);
    CHECK(contents->savedAt >= before);
    CHECK(contents->savedAt <= QDateTime::currentDateTimeUtc());
    CHECK(diagram::serializeDiagram(contents->diagram) == diagram::serializeDiagram(c.document.diagram()));
    const diagram::Component* spring = contents->diagram.component(name.toStdString());
    REQUIRE(spring != nullptr);
    REQUIRE(spring->parameter("c") != nullptr);
    CHECK(spring->parameter("c")->get<double>() == 123.5);
}

TEST_CASE("saving, undoing to the saved state and closing remove the recovery file", "[autosave]")
{
    QTemporaryDir dir;
    test::Canvas c;
    auto autosave = std::make_unique<Autosave>(&c.document, dir.path());
    autosave->setDelay(kDelay);
    auto writeNow = [&] {
        autosave->flush();
        autosave->waitForWrites();
    };

    SECTION("save")
    {
        c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
        writeNow();
        REQUIRE(recoveryFiles(dir).size() == 1);
        REQUIRE(c.document.saveAs(dir.filePath("saved.json"), nullptr));
        autosave->waitForWrites();
        CHECK(recoveryFiles(dir).isEmpty());
        // Nothing unsaved: no write is due either.
        writeNow();
        CHECK(recoveryFiles(dir).isEmpty());
    }
    SECTION("undo back to the saved state")
    {
        c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
        writeNow();
        REQUIRE(recoveryFiles(dir).size() == 1);
        c.document.undoStack()->undo();
        autosave->waitForWrites();
        CHECK(recoveryFiles(dir).isEmpty());
    }
    SECTION("new diagram (reset)")
    {
        c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
        writeNow();
        REQUIRE(recoveryFiles(dir).size() == 1);
        c.document.reset(diagram::Diagram{});
        autosave->waitForWrites();
        CHECK(recoveryFiles(dir).isEmpty());
    }
    SECTION("clean close")
    {
        c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
        writeNow();
        REQUIRE(recoveryFiles(dir).size() == 1);
        autosave.reset();
        CHECK(recoveryFiles(dir).isEmpty());
        CHECK(QDir(dir.path()).entryList(QDir::Files).isEmpty()); // the lock file is gone too
    }
}

TEST_CASE("selection and zoom never autosave, a plot set-up change does", "[autosave]")
{
    QTemporaryDir dir;
    test::Canvas c;
    c.document.reset(diagram::parseDiagram(
        R"({"format": "flange-diagram", "version": 1, "name": "v",
            "components": [{"name": "inertia1", "type": "Rotational.Components.Inertia", "placement": {"x": 0, "y": 0}}]})",
        "v"));
    Autosave autosave(&c.document, dir.path());
    autosave.setDelay(kDelay);

    c.scene.selectComponents({QStringLiteral("inertia1")});
    c.view.zoomIn();
    c.view.zoomToFit();
    c.scene.clearSelection();
    autosave.flush(); // writes a write that is due, and none is
    autosave.waitForWrites();
    CHECK_FALSE(c.document.isModified());
    CHECK(recoveryFiles(dir).isEmpty());

    diagram::Json plot = diagram::Json::object();
    plot["tabs"] = diagram::Json::array();
    c.document.setPlot(plot);
    autosave.flush();
    autosave.waitForWrites();
    CHECK(recoveryFiles(dir).size() == 1);
}

TEST_CASE("a recovery file whose window still runs is not offered, a broken one names its file", "[autosave]")
{
    QTemporaryDir dir;
    test::Canvas c;
    Autosave autosave(&c.document, dir.path());
    c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
    autosave.flush();
    autosave.waitForWrites();
    REQUIRE(recoveryFiles(dir).size() == 1);
    // This process holds the lock: the file is in use, not orphaned.
    CHECK(findOrphanedRecoveries(dir.path()).empty());

    const QString broken = dir.filePath("Broken-1234.recovery.json");
    QFile f(broken);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": \"flange-recovery\", \"version\": 1, \"diagram\": [1, 2]}");
    f.close();
    const auto found = findOrphanedRecoveries(dir.path());
    REQUIRE(found.size() == 1);
    CHECK(found[0].path == broken);
    CHECK_FALSE(found[0].contents.has_value());
    CHECK(found[0].error.startsWith(broken));
    CHECK(found[0].description().contains("unreadable"));

    QFile other(dir.filePath("Other-1.recovery.json"));
    REQUIRE(other.open(QIODevice::WriteOnly));
    other.write(R"({"format": "flange-diagram", "version": 1})");
    other.close();
    QString error;
    CHECK_FALSE(readRecoveryFile(other.fileName(), &error).has_value());
    CHECK(error == other.fileName() + ": not a Flange recovery file");
}

TEST_CASE("a disabled autosave (scripted runs) writes nothing", "[autosave]")
{
    QTemporaryDir dir;
    test::Canvas c;
    Autosave autosave(&c.document, dir.path());
    autosave.setDelay(50);
    autosave.setEnabled(false);
    c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
    autosave.flush();
    autosave.waitForWrites();
    CHECK(c.document.isModified());
    CHECK(recoveryFiles(dir).isEmpty());
    CHECK(autosave.recoveryPath().isEmpty());
}
