// Diagram > Check (issue 34): translates without simulating; the report, or the failure
// with its component selected, in Messages, which comes to the front.
#include "ui/canvas/diagram_scene.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& json)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(json);
    return path;
}

} // namespace

TEST_CASE("Check lists states, loops and assumed starts in Messages without running", "[check]")
{
    QSettings().remove(QStringLiteral("window")); // the first start's docks
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    QTemporaryDir dir;
    REQUIRE(window.openFile(write(dir, "free.json", R"({"format": "flange-diagram", "version": 1, "name": "free",
      "experiment": {"stopTime": 1},
      "components": [{"name": "inertia1", "type": "Rotational.Components.Inertia", "parameters": {"J": 2},
        "variables": {"phi": {"start": 0.5}, "w": {"start": 3}}, "placement": {"x": 0, "y": 0}}],
      "connections": []})")));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    // Messages closed (or behind Events, with which it shares its place): the report brings it back
    auto* messagesDock = window.findChild<QDockWidget*>("messagesDock");
    REQUIRE(messagesDock);
    messagesDock->hide();
    REQUIRE_FALSE(messagesDock->isVisible());
    const int errors = window.messages()->errorCount();
    window.actions().check->trigger();
    QTest::qWait(20);
    CHECK(window.messages()->errorCount() == errors);
    const QString report = window.messages()->messages().back();
    CHECK(report.contains("Check of free: translates without errors."));
    CHECK(report.contains("2 states:\n  inertia1.phi\n  inertia1.w"));
    CHECK(report.contains("no algebraic loops"));
    CHECK(report.contains("inertia1.phi = 0.5"));
    // nothing was simulated
    CHECK(window.simulation()->controller()->current() == nullptr);
    CHECK(messagesDock->isVisible());
}

TEST_CASE("Check names what keeps a diagram from translating and selects it", "[check]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("tests/data/bad/unconnected_input.json")));
    const int errors = window.messages()->errorCount();
    window.actions().check->trigger();
    REQUIRE(window.messages()->errorCount() == errors + 1);
    const QString message = window.messages()->messages().back();
    CHECK(message.startsWith("Check of bad failed: "));
    CHECK(message.contains("torque1.tau"));
    CHECK(window.scene()->selectedComponentNames() == QStringList{"torque1"});
    CHECK(window.simulation()->controller()->current() == nullptr);
}
