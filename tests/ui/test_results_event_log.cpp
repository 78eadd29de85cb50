// Events in plain words: records as the engine reports them for MSL's CoupledClutches,
// LossyGearDemo2, SimpleGearShift and OneWayClutch and the ElastoGap contact laws, told
// in the words the library's definitions give their values (valueNames), and the event
// log dock.
#include "engine/api/diagram.hpp"
#include "engine/api/simulation.hpp"
#include "ui/results/event_description.hpp"
#include "ui/results/event_log.hpp"
#include "ui_test_support.hpp"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

struct Ran {
    std::shared_ptr<const Model> model;
    std::vector<EventRecord> events;
};

Ran simulated(const QString& example)
{
    auto model = Model::compile(diagram::loadDiagram(test::sourcePath("models/" + example).toStdString()),
                                test::bundledLibrary());
    Run run(model);
    run.runToEnd();
    return {model, run.events()};
}

} // namespace

TEST_CASE("friction events read as what the clutch does, in the library's words", "[results]")
{
    const Ran r = simulated("msl/Rotational/CoupledClutches.json");
    const Model* m = r.model.get();
    REQUIRE(r.events.size() == 11);
    CHECK(eventInWords(r.events[0], m) == "time event: step1 switches; clutch2 free \u2192 slipping backward");
    CHECK(eventInWords(r.events[1], m) == "slipping backward \u2192 stuck");
    // the mode stays stuck, the flags tell what comes
    CHECK(eventInWords(r.events[3], m) == "about to slip backward");
    CHECK(eventInWords(r.events[4], m) == "stuck \u2192 slipping backward");
    CHECK(eventInWords(r.events[10], m) == "slipping backward \u2192 free");
    CHECK(eventComponent(r.events[0]) == "step1");
    CHECK(eventComponent(r.events[1]) == "clutch2");
    // without the model's definitions there are no names, and the relation is told
    CHECK(eventInWords(r.events[1], nullptr) == "w_rel > 0 became true");
}

TEST_CASE("the words are the library's: a definition that names its values otherwise is told so", "[results]")
{
    // A user's folder replaces the friction elements' base with its own names.
    QFile bundled(test::sourcePath("resources/components/Rotational/Interfaces/PartialFriction.json"));
    REQUIRE(bundled.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(bundled.readAll());
    REQUIRE(text.contains("\"slipping backward\""));
    text.replace("\"slipping backward\"", "\"turning backward\"").replace("\"2\": \"free\"", "\"2\": \"open\"");
    QTemporaryDir folder;
    QFile own(folder.filePath("PartialFriction.json"));
    REQUIRE(own.open(QIODevice::WriteOnly));
    own.write(text.toUtf8());
    own.close();
    auto library = std::make_shared<library::Library>();
    library->loadFolder(test::sourcePath("resources/components").toStdString());
    library->loadFolder(folder.path().toStdString());
    library->resolve();
    const auto model = Model::compile(
        diagram::loadDiagram(test::sourcePath("models/msl/Rotational/CoupledClutches.json").toStdString()), library);
    Run run(model);
    run.runToEnd();
    CHECK(eventInWords(run.events().front(), model.get()) ==
          "time event: step1 switches; clutch2 open \u2192 turning backward");
}

TEST_CASE("events name every element they changed", "[results]")
{
    // LossyGearDemo2: the gear locks while its bearing friction reverses
    const Ran gear = simulated("msl/Rotational/LossyGearDemo2.json");
    REQUIRE(gear.events.size() > 1);
    CHECK(eventInWords(gear.events[1], gear.model.get()) ==
          "rolling backward \u2192 stuck; bearingFriction slipping backward \u2192 slipping forward");
    // SimpleGearShift: the ramp releases the brake
    const Ran shift = simulated("msl/Rotational/SimpleGearShift.json");
    REQUIRE(shift.events.size() > 5);
    CHECK(eventInWords(shift.events[0], shift.model.get()) == "time event: torqueStep switches");
    CHECK(eventInWords(shift.events[5], shift.model.get()) ==
          "time event: ramp switches; brake slipping forward \u2192 free");
    // OneWayClutch: its stuck flag tells its state, before the locked flag
    const Ran oneWay = simulated("msl/Rotational/OneWayClutch.json");
    REQUIRE(oneWay.events.size() > 3);
    CHECK(eventInWords(oneWay.events[0], oneWay.model.get()) == "stuck");
    CHECK(eventInWords(oneWay.events[2], oneWay.model.get()) == "freewheeling");
    CHECK(eventInWords(oneWay.events[3], oneWay.model.get()) ==
          "time event: signalEngagement switches; oneWayClutch engaged");
}

TEST_CASE("gap events read as contact, or as their relation when no value changed", "[results]")
{
    const Ran r = simulated("gallery/ElastoGapContactLaws.json");
    const Model* m = r.model.get();
    REQUIRE(r.events.size() > 3);
    CHECK(eventComponent(r.events[0]) == "elastoGap2");
    CHECK(eventInWords(r.events[0], m) == "f_linear < 0 became true");
    CHECK(eventInWords(r.events[1], m) == "in contact; elastoGap2 in contact; elastoGap3 in contact");
    CHECK(eventInWords(r.events[3], m) == "lifted off");
    CHECK(causeInWords(r.events[3]) == "elastoGap2: s_rel < s_rel0 became false\nin contact = s_rel < s_rel0");
}

TEST_CASE("the changes column lists every change with its values and their names", "[results]")
{
    const Ran r = simulated("msl/Rotational/CoupledClutches.json");
    CHECK(changesInWords(r.events[1], r.model.get()) ==
          "clutch2.mode -1 \u2192 0 (slipping backward \u2192 stuck); clutch2.locked false \u2192 true");
    CHECK(changesInWords(r.events[1], nullptr) == "clutch2.mode -1 \u2192 0; clutch2.locked false \u2192 true");
    CHECK(changesInWords(EventRecord{}, r.model.get()).isEmpty());
    const Ran stop = simulated("msl/Translational/Friction.json");
    QString reinit;
    for (const EventRecord& e : stop.events)
        if (reinit.isEmpty() && !e.changes.empty() && e.changes.back().reinit)
            reinit = changesInWords(e, stop.model.get());
    CHECK(reinit.endsWith("reinit stop2.v -6.10566 \u2192 0"));
}

TEST_CASE("the event log appends new events and reports the activated one", "[results]")
{
    const Ran r = simulated("msl/Rotational/CoupledClutches.json");
    auto result = std::make_shared<RunResult>();
    result->begin({});
    result->model = r.model;
    for (size_t i = 0; i < 3; ++i)
        result->appendEvent(r.events[i]);

    EventLog log;
    log.resize(800, 300);
    log.show();
    CHECK(log.rowCount() == 0);
    log.setResult(result);
    REQUIRE(log.rowCount() == 3);
    QAbstractItemModel* model = log.view()->model();
    CHECK(model->index(1, EventLog::TimeColumn).data().toString() == QString::number(r.events[1].time, 'g', 10));
    CHECK(model->index(1, EventLog::ComponentColumn).data().toString() == "clutch2");
    CHECK(model->index(1, EventLog::EventColumn).data().toString() == "slipping backward \u2192 stuck");
    CHECK(model->index(1, EventLog::ChangesColumn).data().toString() ==
          "clutch2.mode -1 \u2192 0 (slipping backward \u2192 stuck); clutch2.locked false \u2192 true");
    CHECK(model->index(1, EventLog::EventColumn).data(Qt::ToolTipRole).toString().contains("clutch2: w_rel > 0 became true"));

    log.view()->setCurrentIndex(model->index(0, 0));
    for (size_t i = 3; i < r.events.size(); ++i)
        result->appendEvent(r.events[i]);
    log.refresh();
    REQUIRE(log.rowCount() == 11);
    CHECK(model->index(10, EventLog::EventColumn).data().toString() == "slipping backward \u2192 free");
    CHECK(log.view()->currentIndex().row() == 0); // rows already there were not rebuilt
    log.refresh();
    CHECK(log.rowCount() == 11);

    QSignalSpy activated(&log, &EventLog::eventActivated);
    const QRect rect = log.view()->visualRect(model->index(10, EventLog::EventColumn));
    // A click on an event (a double-click too) activates it once.
    QWidget* viewport = log.view()->viewport();
    QTest::mouseClick(viewport, Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(viewport, Qt::LeftButton, {}, rect.center());
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, rect.center());
    REQUIRE(activated.count() == 1);
    CHECK(activated[0][0].toDouble() == r.events[10].time);
    CHECK(activated[0][1].toString() == "clutch1");
    // The arrow keys step to the neighbouring event.
    QTest::keyClick(log.view(), Qt::Key_Up);
    REQUIRE(activated.count() == 2);
    CHECK(activated[1][0].toDouble() == r.events[9].time);

    log.setResult(nullptr);
    CHECK(log.rowCount() == 0);
}
