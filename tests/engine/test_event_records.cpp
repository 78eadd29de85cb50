// The event log's records as data (issue 35): the cause (the component, its relation as
// written, which way it went), and the net change of each discrete value over the event
// iteration, not its steps (a clutch that locks and releases within one event is not
// listed as locked).
#include "engine/api/model.hpp"
#include "engine/api/simulation.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace flange;
using namespace flange::test;

namespace {

EventChange change(const std::string& instance, const std::string& variable, double before, double after)
{
    EventChange c;
    c.instance = instance;
    c.variable = variable;
    c.before = before;
    c.after = after;
    return c;
}

} // namespace

TEST_CASE("a CoupledClutches event records each discrete value's net change once, as data")
{
    auto s = simulateJson(bundledModel("Rotational/CoupledClutches.json"));
    REQUIRE(s.sink.events.size() == 11);
    // step1 at 0.4 s engages clutch2, which locks and releases again within the event
    // iteration (locked 0 -> 1 -> 0): its free flag and mode are listed, locked is not.
    const EventRecord& step = s.sink.events.front();
    CHECK(step.time == Approx(0.4));
    CHECK(step.cause.timeEvent);
    CHECK(step.cause.instance == "step1");
    CHECK(step.cause.relation == "time < startTime");
    CHECK(step.cause.equation == "y = offset + (if time < startTime then 0 else height)");
    CHECK_FALSE(step.cause.becameTrue);
    REQUIRE(step.changes.size() == 2);
    CHECK(step.changes[0].name() == "clutch2.free");
    CHECK(step.changes[0].isBoolean);
    CHECK(step.changes[0].before == 1);
    CHECK(step.changes[0].after == 0);
    CHECK(step.changes[1].instance == "clutch2");
    CHECK(step.changes[1].variable == "mode");
    CHECK_FALSE(step.changes[1].isBoolean);
    CHECK(step.changes[1].before == 2);
    CHECK(step.changes[1].after == -1);

    // clutch2 locks at 0.71 s: a state event of its own relation
    const EventRecord& lock = s.sink.events[1];
    CHECK_FALSE(lock.cause.timeEvent);
    CHECK(lock.cause.instance == "clutch2");
    CHECK(lock.cause.relation == "w_rel > 0");
    CHECK(lock.cause.becameTrue);
    REQUIRE(lock.changes.size() == 2);
    CHECK(lock.changes[0].name() == "clutch2.mode");
    CHECK(lock.changes[0].before == -1);
    CHECK(lock.changes[0].after == 0);
    CHECK(lock.changes[1].name() == "clutch2.locked");
    CHECK(lock.changes[1].after == 1);

    for (const EventRecord& e : s.sink.events) {
        std::set<std::string> seen;
        for (const EventChange& c : e.changes) {
            INFO("t = " << e.time << ": " << describeChange(c));
            CHECK(seen.insert(c.name()).second);
            CHECK(c.before != c.after);
            CHECK_FALSE(c.reinit);
        }
    }
}

TEST_CASE("an event's cause names the component and its relation, which way it went")
{
    auto gap = simulateJson(bundledModel("../gallery/ElastoGapContactLaws.json"));
    std::set<std::string> causes;
    for (const EventRecord& e : gap.sink.events) {
        INFO(describeCause(e.cause));
        CHECK(e.cause.relation.find(" = ") == std::string::npos); // the relation, not its equation
        CHECK(e.cause.equation.find(" = ") != std::string::npos);
        causes.insert(describeCause(e.cause));
    }
    CHECK(causes.count("elastoGap2: f_linear < 0 became true") == 1);
    CHECK(causes.count("elastoGap2: s_rel < s_rel0 became false") == 1);
}

TEST_CASE("a reinit is recorded with the state's values before and after it")
{
    auto s = simulateJson(bundledModel("Translational/Friction.json"));
    const EventChange* reinit = nullptr;
    double at = 0;
    for (const EventRecord& e : s.sink.events)
        for (const EventChange& c : e.changes)
            if (!reinit && c.reinit && c.name() == "stop2.v") {
                reinit = &c;
                at = e.time;
            }
    REQUIRE(reinit != nullptr);
    CHECK(at == Approx(0.0606).margin(1e-4));
    CHECK(reinit->before == Approx(-6.1).margin(0.01));
    CHECK(reinit->after == 0);
}

TEST_CASE("an event as one line of text names its kind, cause and changes")
{
    EventRecord e;
    e.time = 0.5;
    e.cause.instance = "stop";
    e.cause.relation = "s > smin";
    e.cause.equation = "stopped = if s > smin then 0 else -1";
    e.changes = {change("stop", "stopped", 0, -1), change("stop", "v", -0.25, 0)};
    e.changes[1].reinit = true;
    CHECK(describeEvent(e) == "state: stop: s > smin became false | stop.stopped 0 -> -1; reinit(stop.v) -0.25 -> 0");
    e.cause = {};
    e.cause.timeEvent = true;
    e.changes.clear();
    CHECK(describeEvent(e) == "time: time event");
}

TEST_CASE("a change inside a subsystem names its part by path, which the model's definitions name")
{
    // A spinning inertia braked to rest inside a subsystem: the brake locks (mode 1 -> 0).
    const std::string json = R"({"format": "flange-diagram", "version": 1, "name": "braked",
      "experiment": {"startTime": 0, "stopTime": 1, "interval": 0.01},
      "components": [ { "name": "drive", "type": "Test.Braked",
                        "variables": { "inertia.phi": { "start": 0, "fixed": true },
                                       "inertia.w": { "start": 1, "fixed": true } } } ],
      "connections": [],
      "subsystems": [ { "name": "Test.Braked",
        "components": [ { "name": "inertia", "type": "Rotational.Components.Inertia", "parameters": { "J": 1 } },
                        { "name": "brake", "type": "Rotational.Components.Brake", "parameters": { "fn_max": 10 } },
                        { "name": "force", "type": "Blocks.Sources.Constant", "parameters": { "k": 1 } } ],
        "connections": [ { "from": "inertia.flange_b", "to": "brake.flange_a" },
                         { "from": "force.y", "to": "brake.f_normalized" } ] } ]})";
    static const std::shared_ptr<const library::Library> library(&test::bundledLibrary(),
                                                                 [](const library::Library*) {});
    const auto model = Model::compile(diagramFromJson(json), library);
    Run run(model);
    run.runToEnd();
    const EventChange* lock = nullptr;
    for (const EventRecord& e : run.events())
        for (const EventChange& c : e.changes)
            if (!lock && c.variable == "mode" && c.after == 0) {
                lock = &c;
                CHECK(e.cause.instance == "drive.brake");
            }
    REQUIRE(lock != nullptr);
    CHECK(lock->instance == "drive.brake"); // not "drive", the first part of its name
    CHECK(lock->before == 1);
    const library::VariableDef* mode = model->variableDefinition(lock->instance, lock->variable);
    REQUIRE(mode != nullptr);
    CHECK(*mode->valueName(lock->after) == "stuck");
}
