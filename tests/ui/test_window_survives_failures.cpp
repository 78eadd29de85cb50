// A model that cannot be read, translated or simulated never takes the window down: the
// window stays, says what is wrong (naming the culprit, as flange-sim does for the same
// file) and leaves the diagram as it was. The bad-input corpus is tests/data/bad.
#include "ui/document/component_library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/results/run_result.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui_test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <map>

using namespace flange;
using namespace flange::ui;

namespace {

const ComponentLibrary& realLibrary()
{
    static const ComponentLibrary lib = loadComponentLibrary();
    return lib;
}

QStringList expectedNeedles(const QString& model)
{
    QFile f(model.left(model.size() - 5) + QStringLiteral(".expect"));
    REQUIRE(f.open(QIODevice::ReadOnly));
    QStringList out;
    for (const QString& line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n')))
        if (!line.isEmpty())
            out << line;
    return out;
}

} // namespace

TEST_CASE("every file of the bad-input corpus leaves the window up, with its message and the diagram unchanged",
          "[simulation][robustness]")
{
    MainWindow window(realLibrary());
    window.setQuiet(true);
    window.show();
    // A good diagram is open while the bad ones are tried, so "unchanged" means something.
    const QString good = test::sourcePath("models/msl/Rotational/First.json");
    REQUIRE(window.openFile(good));

    const QFileInfoList files =
        QDir(test::sourcePath("tests/data/bad")).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    REQUIRE(files.size() >= 9);
    int simulated = 0;
    for (const QFileInfo& file : files) {
        INFO(file.fileName().toStdString());
        const int errorsBefore = window.messages()->errorCount();
        QString lastError;
        const std::string before = diagram::serializeDiagram(window.document()->diagram());
        if (window.openFile(file.absoluteFilePath())) {
            // It reads as a diagram: the problem shows when it is translated or simulated.
            const std::string opened = diagram::serializeDiagram(window.document()->diagram());
            const int afterOpen = window.messages()->errorCount();
            window.simulation()->simulate();
            REQUIRE(window.simulation()->controller()->waitForFinished(60000));
            const auto result = window.simulation()->controller()->current();
            CHECK(result->status == RunResult::Status::Failed);
            CHECK(result->badInput);
            CHECK(window.messages()->errorCount() > afterOpen);
            CHECK(diagram::serializeDiagram(window.document()->diagram()) == opened);
            lastError = QString::fromStdString(result->message);
            ++simulated;
        } else {
            // Unreadable: the diagram that was open stays.
            CHECK(window.messages()->errorCount() == errorsBefore + 1);
            CHECK(diagram::serializeDiagram(window.document()->diagram()) == before);
            lastError = window.messages()->messages().back();
        }
        for (const QString& needle : expectedNeedles(file.absoluteFilePath()))
            CHECK(lastError.toStdString().find(needle.toStdString()) != std::string::npos);
        CHECK(window.isVisible());
    }
    CHECK(simulated >= 5);
    // And the window still simulates a good model afterwards.
    REQUIRE(window.openFile(good));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished(60000));
    CHECK(window.simulation()->controller()->current()->status == RunResult::Status::Finished);
}

// A diagram with nothing to solve (empty, or a lone Fixed) goes through the same run
// controller in `flange --simulate`, in a child process: today the engine crashes in IDA
// on models with no unknowns (the engine robustness work fixes that), and a crash would
// take the whole test run with it. [!mayfail] keeps the crash visible in the report
// without failing the suite; remove it once the engine fix is merged.
TEST_CASE("a diagram with nothing to solve ends its run without a crash", "[simulation][robustness][!mayfail]")
{
    QTemporaryDir dir;
    const std::map<QString, QByteArray> models{
        {QStringLiteral("empty.json"), R"({"format": "flange-diagram", "version": 1, "name": "empty"})"},
        {QStringLiteral("lone_fixed.json"), R"({"format": "flange-diagram", "version": 1, "name": "lone",
            "components": [{"name": "fixed", "type": "Rotational.Components.Fixed", "placement": {"x": 0, "y": 0}}]})"}};
    for (const auto& [name, text] : models) {
        INFO(name.toStdString());
        QFile f(dir.filePath(name));
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        QProcess flange;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath("data"));
        flange.setProcessEnvironment(env);
        flange.start(QStringLiteral(FLANGE_APP_PATH), {QStringLiteral("--simulate"), QStringLiteral("--timeout"),
                                                       QStringLiteral("60"), f.fileName()});
        REQUIRE(flange.waitForFinished(90000));
        const QString err = QString::fromLocal8Bit(flange.readAllStandardError());
        INFO(err.toStdString());
        CHECK(flange.exitStatus() == QProcess::NormalExit);
        // Either it simulates (nothing moves) or it says why not; it does not crash.
        CHECK((flange.exitCode() == 0 || err.contains(QStringLiteral("flange: "))));
    }
}
