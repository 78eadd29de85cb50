// Issue 37 in the window: Analysis ▸ Linearize… on MSL's CoupledClutches (locked and
// slipping moments) and First (a gear, an input, a frequency response, critical speeds),
// and the dialog's refusals.
#include "engine/diagram/diagram_json.hpp"
#include "ui/analysis/analysis_actions.hpp"
#include "ui/analysis/analysis_panel.hpp"
#include "ui/analysis/linearize_dialog.hpp"
#include "ui/analysis/participation_tint.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/chart/chart_view.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui_test_support.hpp"

#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QImage>
#include <QTemporaryDir>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QTableWidget>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

QStringList column(const QTableWidget* table, int c)
{
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r)
        out << table->item(r, c)->text();
    return out;
}

} // namespace

TEST_CASE("Analysis menu, CoupledClutches at 0.95 s has two locked clutches' constraints and two rigid modes")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    QStringList menus;
    for (QAction* a : window.menuBar()->actions())
        menus << a->text();
    CHECK(menus.contains("&Analysis"));

    AnalysisRequest request;
    request.point = AnalysisRequest::Point::AtTime;
    request.time = 0.95;
    REQUIRE(window.analysis()->analyse(request));
    CHECK(window.analysis()->dock()->isVisibleTo(&window));
    const AnalysisPanel* panel = window.analysis()->panel();
    CHECK(column(panel->modesTable(), 0) == QStringList{"1 (constraint)", "2 (constraint)", "3 (rigid)", "4 (rigid)"});
    CHECK(panel->result().modes[0].label == "mode 1, constraint: clutch1 locked");
    // No input: no frequency response, said on its page.
    CHECK_FALSE(panel->result().bode);

    // At 0.5 s every clutch slips (clutch2 engages at 0.4 and locks later, clutch3 at 0.9):
    // the line's modes come from the friction slopes, no constraint among them.
    request.time = 0.2;
    REQUIRE(window.analysis()->analyse(request));
    for (const QString& kind : column(panel->modesTable(), 0))
        CHECK_FALSE(kind.contains("constraint"));
}

TEST_CASE("Analysis, First's frequency response and critical speeds in the dock's charts and table")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/First.json")));
    AnalysisRequest request;
    request.inputs = {"inertia1.flange_a"};
    request.outputs = {"inertia3.w"};
    request.orders = {1, 2};
    request.orderShaft = "inertia1";
    REQUIRE(window.analysis()->analyse(request));
    const AnalysisPanel* panel = window.analysis()->panel();
    REQUIRE(panel->result().bode);
    // The Bode's range by default: a decade beyond the modes on either side.
    const auto& f = panel->result().bode->responses.front().frequencyHz;
    CHECK(f.size() == 200);
    CHECK(panel->magnitudeView()->chart()->series().size() >= 2); // the response and a mark
    CHECK(panel->phaseView()->chart()->series().size() >= 2);
    // One response, the natural frequencies marked on both.
    CHECK(panel->magnitudeView()->data().series.size() == 1);
    CHECK(panel->magnitudeView()->data().marks.xs == panel->result().bode->naturalFrequenciesHz);
    CHECK(panel->phaseView()->data().marks.xs == panel->result().bode->naturalFrequenciesHz);
    // The selected mode's shape: a bar for each inertia, named along the x axis.
    CHECK(panel->shapeView()->data().x.categories == QStringList{"inertia1", "inertia2", "inertia3"});
    CHECK(panel->shapeView()->chart()->title().startsWith("mode "));
    REQUIRE(panel->result().campbell);
    const int crossings = static_cast<int>(panel->result().campbell->crossings.size());
    CHECK(crossings == 2 * static_cast<int>(panel->result().campbell->naturalFrequenciesHz.size()));
    CHECK(panel->crossingsTable()->rowCount() == crossings);
    CHECK(panel->campbellView()->chart()->series().size() > 2);
    CHECK(panel->responseView()->chart()->series().size() == 2);

    // The selected mode (the first that rings) tints its inertias on the diagram, the
    // one with the largest amplitude the most.
    int tints = 0;
    for (QGraphicsItem* item : window.scene()->items())
        tints += isParticipationTint(item) ? 1 : 0;
    CHECK(tints == 3);
    panel->modesTable()->setCurrentCell(0, 0); // the rigid mode: every inertia moves
    tints = 0;
    for (QGraphicsItem* item : window.scene()->items())
        tints += isParticipationTint(item) ? 1 : 0;
    CHECK(tints == 3);

    // Each chart exports as the plots do, drawn anew at the size asked for.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    plot::ImageOptions options;
    options.size = QSize(800, 500);
    options.title = "First";
    QString error;
    REQUIRE(panel->campbellView()->exportImage(dir.filePath("campbell.png"), options, &error));
    CHECK(QImage(dir.filePath("campbell.png")).size() == QSize(800, 500));
    CHECK(panel->magnitudeView()->exportImage(dir.filePath("bode.svg"), options, &error));
    CHECK(QFileInfo(dir.filePath("bode.svg")).size() > 1000);
}

TEST_CASE("Analysis, a name the model lacks goes to Messages, the last results stay")
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/First.json")));
    AnalysisRequest request;
    request.outputs = {"inertia9.w"};
    CHECK_FALSE(window.analysis()->analyse(request));
    CHECK(window.messages()->messages().join("\n").contains("no variable 'inertia9.w'"));
    CHECK_FALSE(window.analysis()->panel()->hasResult());
}

TEST_CASE("the Linearize dialog guesses an input and an output, and refuses what it cannot read")
{
    QFile file(test::sourcePath("models/msl/Rotational/First.json"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    const diagram::Diagram d = diagram::parseDiagram(file.readAll().toStdString(), "First.json");
    LinearizeDialog dialog(d, AnalysisRequest{});
    CHECK(dialog.inputsField()->text() == "inertia1.flange_a");
    CHECK(dialog.outputsField()->text() == "inertia3.w");
    CHECK(dialog.shaftField()->text() == "inertia1");
    CHECK(dialog.okButton()->isEnabled());
    dialog.ordersField()->setText("1, two");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    CHECK(dialog.problem().contains("'two' is not a positive number"));
    dialog.ordersField()->setText("1, 2");
    dialog.bodeFromField()->setText("10");
    dialog.bodeToField()->setText("1");
    CHECK(dialog.problem().contains("0 < from < to"));
    dialog.bodeToField()->setText("0.2 kHz"); // a unit, read as the value fields read it
    dialog.pointField()->setCurrentIndex(static_cast<int>(AnalysisRequest::Point::AtTime));
    dialog.timeField()->setText("3 kg");
    CHECK(dialog.problem().contains("time"));
    CHECK_FALSE(dialog.okButton()->isEnabled());
    dialog.timeField()->setText("500 ms");
    CHECK(dialog.request().time == Approx(0.5));
    dialog.pointField()->setCurrentIndex(static_cast<int>(AnalysisRequest::Point::Steady));
    CHECK(dialog.problem().isEmpty());
    const AnalysisRequest r = dialog.request();
    CHECK(r.point == AnalysisRequest::Point::Steady);
    CHECK(r.orders == std::vector<double>{1, 2});
    REQUIRE(r.bodeFrom);
    CHECK(*r.bodeFrom == 10);
    REQUIRE(r.bodeTo);
    CHECK(*r.bodeTo == Approx(200));
    CHECK(r.inputs == std::vector<std::string>{"inertia1.flange_a"});
}
