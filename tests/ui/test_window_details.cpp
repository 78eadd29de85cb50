// The window's small things a daily user meets (issue 34, defect 11): every dock can be
// shown again from the View menu, Paste is offered only with components on the
// clipboard, Auto Re-simulate shows its state in words, a new diagram clears the last
// one's error from the status bar, and the crosshair's read-out stays inside the plot.
#include "ui/document/diagram_editor.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/plot/plot_overlay.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

QMenu* menuNamed(MainWindow& window, const QString& title)
{
    for (QAction* a : window.menuBar()->actions())
        if (a->menu() && a->text() == title)
            return a->menu();
    FAIL("no menu " << title.toStdString());
    return nullptr;
}

} // namespace

TEST_CASE("every dock hidden comes back from the View menu", "[window]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QMenu* view = menuNamed(window, "&View");
    QStringList titles;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        titles << dock->windowTitle();
        INFO(dock->windowTitle().toStdString());
        QAction* toggle = dock->toggleViewAction();
        CHECK(view->actions().contains(toggle));
        CHECK(toggle->isEnabled());
        dock->close();
        CHECK(dock->isHidden());
        CHECK_FALSE(toggle->isChecked());
        toggle->trigger();
        CHECK_FALSE(dock->isHidden());
    }
    titles.sort();
    CHECK(titles == QStringList{"Analysis", "Events", "Library", "Messages", "Runs", "Sweep", "Tune", "Variables"});
}

TEST_CASE("Paste is offered only while the clipboard holds components", "[window]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    QAction* paste = window.actions().paste;
    QApplication::clipboard()->clear();
    CHECK_FALSE(paste->isEnabled());
    QApplication::clipboard()->setText("some text");
    CHECK_FALSE(paste->isEnabled());

    const QString name = window.editor().addComponent(QStringLiteral("Rotational.Components.Inertia"), {0, 0});
    REQUIRE_FALSE(name.isEmpty());
    window.scene()->selectComponents({name});
    window.actions().copy->trigger();
    CHECK(paste->isEnabled());
    paste->trigger();
    CHECK(window.document()->diagram().components.size() == 2);

    QApplication::clipboard()->clear();
    CHECK_FALSE(paste->isEnabled());
}

TEST_CASE("Auto Re-simulate is named in the toolbar and its button shows whether it is on", "[window]")
{
    MainWindow window(test::bundledComponentLibrary());
    auto* button = window.findChild<QToolButton*>(QStringLiteral("autoResimulateButton"));
    REQUIRE(button != nullptr);
    CHECK(button->toolButtonStyle() == Qt::ToolButtonTextBesideIcon);
    CHECK(button->text() == "Auto Re-simulate");
    CHECK(button->isCheckable());
    CHECK_FALSE(button->isChecked());
    window.actions().autoResimulate->setChecked(true);
    CHECK(button->isChecked());
    window.actions().autoResimulate->setChecked(false);
    CHECK_FALSE(button->isChecked());
}

TEST_CASE("opening another diagram clears the last run's error from the status bar", "[window]")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    QTemporaryDir dir;
    const QString path = dir.filePath("contradiction.json");
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "flange-diagram", "version": 1, "name": "initfail", "experiment": {"stopTime": 1},
      "components": [
        {"name": "fixed", "type": "Rotational.Components.Fixed", "placement": {"x": -40, "y": 0}},
        {"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 1},
         "variables": {"phi": {"start": 1, "fixed": true}}, "placement": {"x": 0, "y": 0}}],
      "connections": [{"from": "fixed.flange", "to": "inertia.flange_a"}]})");
    f.close();
    REQUIRE(window.openFile(path));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    REQUIRE(window.simulation()->controller()->current()->status == RunResult::Status::Failed);
    CHECK(window.statusBar()->currentMessage().contains("inertia.phi"));

    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/First.json")));
    CHECK(window.statusBar()->currentMessage().isEmpty());
}

TEST_CASE("the crosshair's read-out stays inside the plot area wherever the crosshair is", "[plot]")
{
    const QRectF area(40, 10, 300, 200);
    const QSizeF box(120, 50);
    // Room on the right: beside the line, right of it.
    CHECK(plot::readoutBox(box, 100, area) == QRectF(108, 16, 120, 50));
    // None on the right: left of it.
    CHECK(plot::readoutBox(box, 300, area) == QRectF(172, 16, 120, 50));
    for (double x = area.left(); x <= area.right(); x += 1) {
        INFO("x = " << x);
        CHECK(area.contains(plot::readoutBox(box, x, area)));
        CHECK(area.contains(plot::readoutBox(QSizeF(280, 50), x, area))); // room on neither side
    }
    // Wider than the plot: its start (the time and the first names) stays in view.
    CHECK(plot::readoutBox(QSizeF(400, 50), 200, area).left() == area.left());
}

TEST_CASE("a multi-line error shows its first line in the status bar and all of it in a Messages dock of five lines or more", "[window]")
{
    // Issue 34, defect 6: the dock was 3 lines tall and the status bar squeezed the lines into one.
    QSettings().remove(QStringLiteral("window")); // the first start's layout
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(20); // the first layout settles
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("messagesDock"));
    REQUIRE(dock);
    const auto* list = window.messages()->findChild<QListWidget*>();
    REQUIRE(list);
    CHECK(list->viewport()->height() >= MessagesPanel::kFewestLines * list->fontMetrics().lineSpacing());

    // CoupledClutches with J1 = 0: the initialization fails, with its largest residuals below.
    QFile source(test::sourcePath("models/msl/Rotational/CoupledClutches.json"));
    REQUIRE(source.open(QIODevice::ReadOnly));
    QString json = QString::fromUtf8(source.readAll());
    const QString j1 = QStringLiteral("\"name\": \"J1\",\n      \"type\": \"Rotational.Components.Inertia\",\n      "
                                      "\"parameters\": {\"J\": 1}");
    REQUIRE(json.contains(j1));
    json.replace(j1, QString(j1).replace(QStringLiteral("\"J\": 1"), QStringLiteral("\"J\": 0")));
    QTemporaryDir dir;
    const QString path = dir.filePath("massless.json");
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(json.toUtf8());
    f.close();
    REQUIRE(window.openFile(path));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished());
    REQUIRE(window.simulation()->controller()->current()->status == RunResult::Status::Failed);
    const QString status = window.statusBar()->currentMessage();
    const QString full = window.messages()->messages().last();
    INFO(full.toStdString());
    REQUIRE(full.contains(QLatin1Char('\n')));
    CHECK_FALSE(status.contains(QLatin1Char('\n')));
    CHECK(status.contains(QStringLiteral("initialization failed: J1.J = 0 leaves the initial equations singular")));
    CHECK(status.endsWith(QStringLiteral("(details in Messages)")));
    CHECK(full.contains(QStringLiteral("depend on one another:\n")));
}
