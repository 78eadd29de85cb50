// The event log's records (issue 34, defect 10): the cause in words, the component and its
// relation, not the equation around it ("elastoGap2: f = if contact and f_linear < 0 ..."),
// and the net change of each discrete value over the event iteration, not its steps
// ("clutch2.locked 0 -> 1; ...; clutch2.locked 1 -> 0").
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace flange;
using namespace flange::test;

namespace {

std::string variableOf(const std::string& change) { return change.substr(0, change.find(' ')); }

} // namespace

TEST_CASE("an event records each discrete value's net change once")
{
    auto s = simulateJson(bundledModel("Rotational/CoupledClutches.json"));
    REQUIRE_FALSE(s.sink.events.empty());
    const EventRecord& step = s.sink.events.front(); // step1 at 0.4 s engages clutch2
    CHECK(step.time == Approx(0.4));
    CHECK(step.changes == std::vector<std::string>{"clutch2.free 1 -> 0", "clutch2.mode 2 -> -1"});
    for (const EventRecord& e : s.sink.events) {
        std::set<std::string> seen;
        for (const std::string& change : e.changes) {
            INFO("t = " << e.time << ": " << change);
            CHECK(seen.insert(variableOf(change)).second);
            const size_t arrow = change.find(" -> ");
            REQUIRE(arrow != std::string::npos);
            CHECK(change.substr(change.find(' ') + 1, arrow - change.find(' ') - 1) != change.substr(arrow + 4));
        }
    }
}

TEST_CASE("an event's cause names the component and its relation, which way it went")
{
    auto gap = simulateJson(bundledModel("../gallery/ElastoGapContactLaws.json"));
    std::set<std::string> causes;
    for (const EventRecord& e : gap.sink.events) {
        INFO(e.cause);
        CHECK(e.cause.find(" = ") == std::string::npos); // no equation
        causes.insert(e.cause);
    }
    CHECK(causes.count("elastoGap2: f_linear < 0 became true") == 1);
    CHECK(causes.count("elastoGap2: s_rel < s_rel0 became false") == 1);

    auto clutches = simulateJson(bundledModel("Rotational/CoupledClutches.json"));
    CHECK(clutches.sink.events.front().cause == "step1: time < startTime became false");
    CHECK(clutches.sink.events.front().component == "step1");
}
