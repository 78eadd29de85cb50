// Events in plain words (records as the engine reports them for MSL's CoupledClutches,
// ElastoGap, Backlash, LossyGearDemo2 and SimpleGearShift), and the event log dock.
#include "ui/results/event_description.hpp"
#include "ui/results/event_log.hpp"

#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

const char* kStartForward = "startForward = pre(mode) == Stuck and (sa > tau0_max/unitTorque or pre(startForward) and "
                            "sa > tau0/unitTorque) or pre(mode) == Backward and w_relfric > w_small or initial() and "
                            "(w_relfric > 0)";
const char* kStartBackward = "startBackward = pre(mode) == Stuck and (sa < -tau0_max/unitTorque or pre(startBackward) "
                             "and sa < -tau0/unitTorque) or pre(mode) == Forward and w_relfric < -w_small or initial() "
                             "and (w_relfric < 0)";

EventRecord record(double t, bool timeEvent, const std::string& cause, std::vector<std::string> changes)
{
    EventRecord e;
    e.time = t;
    e.timeEvent = timeEvent;
    e.cause = cause;
    e.changes = std::move(changes);
    return e;
}

// CoupledClutches, in the order the engine reports them.
std::vector<EventRecord> coupledClutches()
{
    const std::string step = "y = offset + (if time < startTime then 0 else height)";
    return {
        record(0.4, true, "step1: " + step,
               {"clutch2.free 1 -> 0", "clutch2.locked 0 -> 1", "clutch2.mode 2 -> -1", "clutch2.locked 1 -> 0"}),
        record(0.7096214435, false, std::string("clutch2: ") + kStartForward,
               {"clutch2.mode -1 -> 0", "clutch2.locked 0 -> 1"}),
        record(0.8311085061, false, std::string("clutch1: ") + kStartBackward,
               {"clutch1.startBackward 0 -> 1", "clutch1.locked 1 -> 0"}),
        record(0.8311085061, false, std::string("clutch1: ") + kStartForward,
               {"clutch1.mode 0 -> -1", "clutch1.startBackward 1 -> 0"}),
        record(1.25, false, "clutch1: free = fn <= 0", {"clutch1.free 0 -> 1", "clutch1.mode -1 -> 2"}),
    };
}

} // namespace

TEST_CASE("friction events read as what the clutch does", "[results]")
{
    const auto events = coupledClutches();
    CHECK(describeEvent(events[0]) == "time event: step1 switches; clutch2 engages, slipping backward");
    CHECK(describeEvent(events[1]) == "locked (stuck)");
    CHECK(describeEvent(events[2]) == "about to slip backward");
    CHECK(describeEvent(events[3]) == "breaks away, slipping backward");
    CHECK(describeEvent(events[4]) == "disengaged (free)");
    CHECK(eventComponent(events[0]) == "step1");
    CHECK(eventComponent(events[1]) == "clutch2");
    EventRecord nested = events[1];
    nested.component = "drive.clutch2"; // the engine's own field wins over the cause text
    CHECK(eventComponent(nested) == "drive.clutch2");
}

TEST_CASE("events name every element they changed", "[results]")
{
    // LossyGearDemo2: the gear locks while its bearing friction passes through stuck
    const EventRecord gear = record(0.06359109521, false, "gear: startForward = pre(mode) == Stuck and sa > 0",
                                    {"gear.mode -1 -> 0", "bearingFriction.mode -1 -> 0", "gear.locked 0 -> 1",
                                     "bearingFriction.locked 0 -> 1", "bearingFriction.mode 0 -> 1"});
    CHECK(describeEvent(gear) == "locked (stuck); bearingFriction reverses, slipping forward");
    // SimpleGearShift: the ramp releases the brake
    const EventRecord ramp = record(2.1, true, "ramp: y = offset + height", {"brake.free 0 -> 1", "brake.mode 1 -> 2"});
    CHECK(describeEvent(ramp) == "time event: ramp switches; brake disengaged (free)");
    CHECK(describeEvent(record(5, true, "ramp: y = offset", {})) == "time event: ramp switches");
}

TEST_CASE("gap events read as contact, or as their relation when the record cannot tell", "[results]")
{
    CHECK(describeEvent(record(0.87, false, "elastoGap1: contact = s_rel < s_rel0", {"elastoGap1.contact 0 -> 1"})) ==
          "contact");
    CHECK(describeEvent(record(0.58, false, "elastoGap2: contact = s_rel < s_rel0", {"elastoGap2.contact 1 -> 0"})) ==
          "contact lifts off");
    const EventRecord backlash =
        record(0.026, false, "elastoBacklash: tau_c = if phi_diff > bMax then c*(phi_diff - bMax) else 0", {});
    CHECK(eventComponent(backlash) == "elastoBacklash");
    CHECK(describeEvent(backlash) == "tau_c = if phi_diff > bMax then c*(phi_diff - bMax) else 0");
}

TEST_CASE("the changes column lists every change with arrows", "[results]")
{
    CHECK(describeChanges(coupledClutches()[1]) == "clutch2.mode -1 \u2192 0; clutch2.locked 0 \u2192 1");
    CHECK(describeChanges(record(1, false, "x: y", {})).isEmpty());
}

TEST_CASE("the event log appends new events and reports the activated one", "[results]")
{
    auto result = std::make_shared<RunResult>();
    result->begin({});
    const auto events = coupledClutches();
    for (size_t i = 0; i < 3; ++i)
        result->appendEvent(events[i]);

    EventLog log;
    log.resize(800, 300);
    log.show();
    CHECK(log.rowCount() == 0);
    log.setResult(result);
    REQUIRE(log.rowCount() == 3);
    QAbstractItemModel* model = log.view()->model();
    CHECK(model->index(1, EventLog::TimeColumn).data().toString() == "0.7096214435");
    CHECK(model->index(1, EventLog::ComponentColumn).data().toString() == "clutch2");
    CHECK(model->index(1, EventLog::EventColumn).data().toString() == "locked (stuck)");
    CHECK(model->index(1, EventLog::ChangesColumn).data().toString() ==
          "clutch2.mode -1 \u2192 0; clutch2.locked 0 \u2192 1");

    log.view()->setCurrentIndex(model->index(0, 0));
    result->appendEvent(events[3]);
    result->appendEvent(events[4]);
    log.refresh();
    REQUIRE(log.rowCount() == 5);
    CHECK(model->index(4, EventLog::EventColumn).data().toString() == "disengaged (free)");
    CHECK(log.view()->currentIndex().row() == 0); // rows already there were not rebuilt
    log.refresh();
    CHECK(log.rowCount() == 5);

    QSignalSpy activated(&log, &EventLog::eventActivated);
    const QRect rect = log.view()->visualRect(model->index(4, EventLog::EventColumn));
    // A click on an event (a double-click too) activates it once.
    QWidget* viewport = log.view()->viewport();
    QTest::mouseClick(viewport, Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(viewport, Qt::LeftButton, {}, rect.center());
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, rect.center());
    REQUIRE(activated.count() == 1);
    CHECK(activated[0][0].toDouble() == 1.25);
    CHECK(activated[0][1].toString() == "clutch1");
    // The arrow keys step to the neighbouring event.
    QTest::keyClick(log.view(), Qt::Key_Up);
    REQUIRE(activated.count() == 2);
    CHECK(activated[1][0].toDouble() == events[3].time);

    log.setResult(nullptr);
    CHECK(log.rowCount() == 0);
}
