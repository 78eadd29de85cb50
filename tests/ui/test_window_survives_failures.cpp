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
    MainWindow window(test::bundledComponentLibrary());
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
        const std::string before = diagram::serializeDiagram(window.document()->rootDiagram());
        if (window.openFile(file.absoluteFilePath())) {
            // It reads as a diagram: the problem shows when it is translated or simulated.
            const std::string opened = diagram::serializeDiagram(window.document()->rootDiagram());
            const int afterOpen = window.messages()->errorCount();
            window.simulation()->simulate();
            REQUIRE(window.simulation()->controller()->waitForFinished(60000));
            const auto result = window.simulation()->controller()->current();
            CHECK(result->status == RunResult::Status::Failed);
            CHECK(result->badInput);
            CHECK(window.messages()->errorCount() > afterOpen);
            CHECK(diagram::serializeDiagram(window.document()->rootDiagram()) == opened);
            lastError = QString::fromStdString(result->message);
            ++simulated;
        } else {
            // Unreadable: the diagram that was open stays.
            CHECK(window.messages()->errorCount() == errorsBefore + 1);
            CHECK(diagram::serializeDiagram(window.document()->rootDiagram()) == before);
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

// A diagram with nothing to solve (empty, or a lone Fixed) still runs: its rows carry the
// constants over time, as flange-sim writes them.
TEST_CASE("a diagram with nothing to solve runs in the window", "[simulation][robustness]")
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
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true);
        REQUIRE(window.openFile(f.fileName()));
        window.simulation()->simulate();
        REQUIRE(window.simulation()->controller()->waitForFinished());
        const auto result = window.simulation()->controller()->current();
        CHECK(result->status == RunResult::Status::Finished);
        CHECK(result->rowCount() == 501); // the default grid: (stop - start) / 500
    }
}
