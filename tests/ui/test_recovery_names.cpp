// Recovery file names (issue 33, family 9): a diagram named ".draft.json" once got a hidden
// recovery file, which the listing that offers them skipped, and one whose (legal) name
// was long got none, with a message blaming the folder. The name is now a readable,
// shortened stem of the diagram's name and a unique tag, whatever the diagram is called.
#include "ui/document/autosave.hpp"
#include "ui/document/recovery_file.hpp"
#include "ui_test_support.hpp"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

// The recovery files a person (or `ls`) sees: hidden ones are not listed.
QStringList visibleRecoveryFiles(const QString& folder)
{
    return QDir(folder).entryList({QStringLiteral("*.recovery.json")}, QDir::Files);
}

// Autosaves the canvas's document, named `fileName`, after one edit: the written signal's
// error and the recovery file's name (read while the autosave lives: a clean close removes it).
std::pair<QString, QString> autosaveAs(test::Canvas& c, const QString& recoveryFolder, const QString& fileName)
{
    c.document.reset(diagram::Diagram{}, fileName);
    Autosave autosave(&c.document, recoveryFolder);
    QSignalSpy written(&autosave, &Autosave::written);
    c.editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
    autosave.flush();
    autosave.waitForWrites();
    if (written.isEmpty())
        REQUIRE(written.wait(5000));
    const QString error = written.takeFirst().at(1).toString();
    const QStringList files = visibleRecoveryFiles(recoveryFolder);
    return {error, files.size() == 1 ? files.front() : QStringLiteral("%1 visible recovery files").arg(files.size())};
}

} // namespace

TEST_CASE("recovery names: a diagram whose name starts with a dot gets a visible recovery file", "[autosave]")
{
    QTemporaryDir recovery, documents;
    test::Canvas c;
    const auto [error, name] = autosaveAs(c, recovery.path(), documents.filePath(QStringLiteral(".draft.json")));
    CHECK(error.isEmpty());
    CHECK(name.startsWith(QStringLiteral("draft-")));
    CHECK(name.endsWith(QStringLiteral(".recovery.json")));
}

TEST_CASE("recovery names: a diagram with a long legal name gets a recovery file", "[autosave]")
{
    QTemporaryDir recovery, documents;
    const QString longName = QString(240, QLatin1Char('g')) + QStringLiteral(".json"); // 245 bytes: legal
    test::Canvas c;
    const auto [error, name] = autosaveAs(c, recovery.path(), documents.filePath(longName));
    CHECK(error.isEmpty());
    CHECK(name.startsWith(QString(kMaxStem, QLatin1Char('g')) + QLatin1Char('-')));
    CHECK((name + QStringLiteral(".lock")).toUtf8().size() <= 255);
}

TEST_CASE("recovery names: a left-behind copy of a dot-named diagram is offered, also under an old hidden name",
          "[autosave]")
{
    QTemporaryDir recovery;
    RecoveryContents contents{diagram::Diagram{}, QStringLiteral("/home/me/.draft.json"), QDateTime::currentDateTimeUtc()};
    {
        auto [path, lock] = createRecoveryFileName(recovery.path(), QStringLiteral(".draft"));
        REQUIRE(lock);
        REQUIRE(writeRecoveryFile(path, contents, nullptr));
    } // the lock goes: as after a crash
    // Written before this fix: the stem kept its dot.
    REQUIRE(writeRecoveryFile(recovery.filePath(QStringLiteral(".draft-0123abcd.recovery.json")), contents, nullptr));
    const auto found = findOrphanedRecoveries(recovery.path());
    REQUIRE(found.size() == 2);
    CHECK(found[0].contents.has_value());
    CHECK(found[1].contents.has_value());
}

TEST_CASE("recovery names: the stem keeps safe characters, drops leading dots and is shortened", "[autosave]")
{
    CHECK(recoveryStem(QStringLiteral(".draft")) == QStringLiteral("draft"));
    CHECK(recoveryStem(QStringLiteral("...")) == QStringLiteral("Untitled"));
    CHECK(recoveryStem(QStringLiteral("Gear box (v2)")) == QStringLiteral("Gear_box__v2_"));
    CHECK(recoveryStem(QString(300, QLatin1Char('x'))) == QString(kMaxStem, QLatin1Char('x')));
}
