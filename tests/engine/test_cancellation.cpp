// Cancellation reaches translation, initialization and integration: each stops with
// ErrorKind::Cancelled at the next check instead of running to the end.
#include "engine/error.hpp"
#include "support/test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

diagram::Diagram coupledClutches()
{
    return diagram::loadDiagram(std::string(FLANGE_SOURCE_DIR) + "/models/msl/Rotational/CoupledClutches.json");
}

// Asks to stop once it holds `after` rows; -1 never, 0 from the start.
struct StoppingSink : MemorySink {
    explicit StoppingSink(long after) : after_(after) {}
    bool cancelled() override
    {
        ++polls;
        return after_ >= 0 && static_cast<long>(rows.size()) >= after_;
    }
    long polls = 0;

private:
    long after_;
};

ErrorKind kindOfFailure(const std::function<void()>& f)
{
    try {
        f();
    } catch (const Error& e) {
        return e.kind();
    }
    FAIL("no error");
    return ErrorKind::BadInput;
}

} // namespace

TEST_CASE("a sink that cancels after 10 rows stops the run with Cancelled and no more rows")
{
    auto model = compileModel(coupledClutches(), bundledLibrary());
    StoppingSink sink(10);
    try {
        simulate(*model, {}, sink);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
        REQUIRE(e.time.has_value());
        CHECK(*e.time < 0.05); // 10 rows of a 0.0005 s grid, and a step or two
    }
    CHECK(sink.rows.size() >= 10);
    CHECK(sink.rows.size() < 100); // of 3000: stopped within a step or two of asking
}

TEST_CASE("a sink cancelled from the start stops before any integration step")
{
    auto model = compileModel(coupledClutches(), bundledLibrary());
    StoppingSink sink(0);
    CHECK(kindOfFailure([&] { simulate(*model, {}, sink); }) == ErrorKind::Cancelled);
    CHECK(sink.rows.size() < 2); // at most the initial row
    CHECK(sink.polls >= 1);

    // The same model without cancellation polls during initialization too, not only per step.
    StoppingSink never(-1);
    simulate(*model, {}, never);
    CHECK(never.polls > static_cast<long>(never.rows.size()) / 2);
}

TEST_CASE("compileModel with cancelled() already true throws Cancelled")
{
    CompileOptions options;
    int asked = 0;
    options.cancelled = [&asked] {
        ++asked;
        return true;
    };
    CHECK(kindOfFailure([&] { compileModel(coupledClutches(), bundledLibrary(), options); }) == ErrorKind::Cancelled);
    CHECK(asked >= 1);
}

TEST_CASE("compileModel cancelled during flattening stops inside the phase")
{
    // Cancel on the third poll: the per-component loop of instantiation polls first.
    CompileOptions options;
    int polls = 0;
    options.cancelled = [&polls] { return ++polls >= 3; };
    std::vector<std::string> phases;
    options.progress = [&phases](const std::string& phase, double) { phases.push_back(phase); };
    CHECK(kindOfFailure([&] { compileModel(coupledClutches(), bundledLibrary(), options); }) == ErrorKind::Cancelled);
    CHECK(phases.empty()); // no phase finished
}

TEST_CASE("compile progress is reported per phase with non-decreasing fractions ending at 1")
{
    CompileOptions options;
    std::vector<std::pair<std::string, double>> reports;
    options.progress = [&reports](const std::string& phase, double fraction) { reports.emplace_back(phase, fraction); };
    auto model = compileModel(coupledClutches(), bundledLibrary(), options);
    REQUIRE(model);
    REQUIRE(reports.size() >= 3);
    for (size_t i = 1; i < reports.size(); ++i)
        CHECK(reports[i].second >= reports[i - 1].second);
    CHECK(reports.front().second > 0);
    CHECK(reports.back().second == 1.0);
    for (const auto& [phase, fraction] : reports)
        CHECK_FALSE(phase.empty());
}
