// Tables read from files in the window (issue 33): a 50,000-row drive cycle beside the
// diagram simulates without a question; a table file outside the diagram's folder
// (engine/io/data_files.hpp): Simulate asks once per diagram and folder, reads it only
// when allowed, and a quiet window (flange --simulate) refuses without asking;
// translation then says which file and why.
#include "ui/main_window.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui_test_support.hpp"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::ui;

namespace {

void writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// Answers every question box with `answer` while it lives, counting them.
struct Answerer {
    explicit Answerer(QMessageBox::StandardButton a) : answer(a)
    {
        QObject::connect(&timer, &QTimer::timeout, [this] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                ++asked;
                text = box->text();
                box->button(answer)->click();
            }
        });
        timer.start(20);
    }
    QMessageBox::StandardButton answer;
    QTimer timer;
    int asked = 0;
    QString text;
};

const RunResult& run(MainWindow& window)
{
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished(60000));
    return *window.simulation()->controller()->current();
}

} // namespace

TEST_CASE("Simulate asks once per diagram and folder before reading a table outside the diagram's folder", "[untrusted]")
{
    QTemporaryDir dir;
    writeFile(dir.filePath("elsewhere/load.csv"), "time,y\n0,0\n1,2\n");
    const QString model = dir.filePath("model/drive.json");
    writeFile(model, R"({"format": "flange-diagram", "version": 1, "name": "drive", "experiment": {"stopTime": 1},
  "components": [{"name": "load", "type": "Blocks.Sources.CombiTimeTable", "placement": {"x": 0, "y": 0},
                  "parameters": {"tableOnFile": true, "fileName": "../elsewhere/load.csv"}}]})");
    {
        MainWindow window(test::bundledComponentLibrary());
        REQUIRE(window.openFile(model));
        Answerer no(QMessageBox::No);
        CHECK(run(window).status == RunResult::Status::Failed);
        CHECK(no.asked == 1);
        CHECK(no.text.contains(QStringLiteral("Component 'load' reads ")));
        CHECK(no.text.contains(QDir(dir.filePath("elsewhere")).canonicalPath()));
        CHECK_THAT(run(window).message, Catch::Contains("outside the folder of the diagram that names it"));
        CHECK(no.asked == 1); // refused once: not asked again
    }
    {
        MainWindow window(test::bundledComponentLibrary());
        REQUIRE(window.openFile(model));
        Answerer yes(QMessageBox::Yes);
        CHECK(run(window).status == RunResult::Status::Finished);
        CHECK(run(window).status == RunResult::Status::Finished);
        CHECK(yes.asked == 1);
    }
    {
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true); // flange --simulate
        REQUIRE(window.openFile(model));
        Answerer yes(QMessageBox::Yes);
        CHECK_THAT(run(window).message, Catch::Contains("outside the folder of the diagram that names it"));
        CHECK(yes.asked == 0);
    }
}

TEST_CASE("a 50,000-row drive cycle beside the diagram simulates in the window without a question", "[simulation]")
{
    QTemporaryDir dir;
    QByteArray csv = "time,speed\n";
    for (int i = 0; i < 50000; ++i)
        csv += QByteArray::number(i / 1000.0, 'g', 17) + ',' + QByteArray::number(10 * std::sin(0.3 * i / 1000.0), 'g', 17) + '\n';
    writeFile(dir.filePath("cycle.csv"), csv);
    const QString model = dir.filePath("drive.json");
    writeFile(model, R"({"format": "flange-diagram", "version": 1, "name": "drive", "experiment": {"stopTime": 50, "interval": 0.01},
  "components": [{"name": "cycle", "type": "Blocks.Sources.CombiTimeTable", "placement": {"x": 0, "y": 0},
                  "parameters": {"tableOnFile": true, "fileName": "cycle.csv"}},
    {"name": "speed", "type": "Rotational.Sources.Speed", "placement": {"x": 40, "y": 0}, "parameters": {"exact": true}},
    {"name": "inertia", "type": "Rotational.Components.Inertia", "placement": {"x": 80, "y": 0}, "parameters": {"J": 2}}],
  "connections": [{"from": "cycle.y[1]", "to": "speed.w_ref"}, {"from": "speed.flange", "to": "inertia.flange_a"}]})");
    MainWindow window(test::bundledComponentLibrary());
    REQUIRE(window.openFile(model));
    Answerer any(QMessageBox::No);
    const RunResult& result = run(window);
    CHECK(result.status == RunResult::Status::Finished);
    CHECK(any.asked == 0);
    CHECK(result.time().back() == 50.0);
}
