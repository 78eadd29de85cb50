// Tables of any length: a table's time events are one counter and two relations, not one
// relation per row, so translation and each step cost the same for 10^3 and 10^6 rows
// (issue 33). 500,000 rows crashed translation (a chain of 500,000 relations compiled
// recursively) on an 8 MB stack; the event times come from the breakpoints themselves.
#include "engine/error.hpp"
#include "engine/io/table_file.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

using namespace flange;
using namespace flange::test;

namespace {

// A drive cycle sampled every `dt` seconds: speed 10 sin(0.3 t) + 0.5 sin(7 t).
double cycle(double t) { return 10 * std::sin(0.3 * t) + 0.5 * std::sin(7 * t); }

std::filesystem::path writeCycle(const TempFolder& folder, long rows, double dt)
{
    const auto path = folder.path() / "cycle.csv";
    std::ofstream out(path);
    out.precision(17);
    out << "time,speed\n";
    for (long i = 0; i < rows; ++i)
        out << static_cast<double>(i) * dt << "," << cycle(static_cast<double>(i) * dt) << "\n";
    return path;
}

Simulated simulateCycle(const TempFolder& folder, const std::string& more, double stop)
{
    diagram::Diagram d = diagramFromJson(diagramJson(
        {component("cycle", "Blocks.Sources.CombiTimeTable",
                   R"({"tableOnFile": true, "fileName": "cycle.csv")" + more + "}")},
        {}, stop, 0.01));
    d.folder = folder.path().string();
    Simulated s;
    s.model = compileModel(d, bundledLibrary());
    s.stats = simulate(*s.model, {}, s.sink);
    return s;
}

} // namespace

TEST_CASE("a table of 500,000 rows translates on the main stack with two relations for its time events")
{
    const TempFolder folder("flange-test-long-table");
    writeCycle(folder, 500000, 0.001);
    const auto s = simulateCycle(folder, "", 0.05);
    // time < startTime, and u >= the next point and u >= the last one passed.
    CHECK(s.model->relations.size() == 3);
    // A time event at every breakpoint in (0, 0.05]: 50 of them.
    CHECK(s.stats.timeEvents == 50);
    for (const EventRecord& e : s.sink.events)
        CHECK(e.time == Approx(std::round(e.time * 1000) / 1000).margin(1e-15));
    // Linear between the points: at 0.0255, halfway between 0.025 and 0.026.
    CHECK(s.sink.at("cycle.y[1]", 0.0255) == Approx(0.5 * (cycle(0.025) + cycle(0.026))).epsilon(1e-12));
}

TEST_CASE("a table entered in its middle counts the points before the start, and steps at the next ones")
{
    const TempFolder folder("flange-test-table-middle");
    writeCycle(folder, 2001, 1.0); // points at 0, 1, ..., 2000 s
    // u = time + 1000.5: the run starts halfway between the points 1000 and 1001, and
    // constant segments hold each point's value until the next, exactly at its time.
    const auto s = simulateCycle(folder, R"(, "shiftTime": -1000.5, "smoothness": "Smoothness.ConstantSegments")", 2.0);
    CHECK(s.sink.at("cycle.y[1]", 0.25) == cycle(1000));
    CHECK(s.sink.at("cycle.y[1]", 0.75) == cycle(1001));
    CHECK(s.sink.at("cycle.y[1]", 1.75) == cycle(1002));
    REQUIRE(s.sink.events.size() == 2);
    CHECK(s.sink.events[0].time == 0.5);
    CHECK(s.sink.events[1].time == 1.5);
}

TEST_CASE("a long table without time events has events at its ends only, and the same values")
{
    const TempFolder folder("flange-test-table-noevents");
    writeCycle(folder, 100000, 0.001);
    const auto s = simulateCycle(folder, R"(, "timeEvents": "TimeEvents.NoTimeEvents")", 0.05);
    // The start time and the table's two ends (MSL's events at the interval boundaries).
    CHECK(s.model->relations.size() == 3);
    CHECK(s.stats.timeEvents == 0);
    CHECK(s.sink.at("cycle.y[1]", 0.03) == Approx(cycle(0.03)).epsilon(1e-12));
    CHECK(s.sink.at("cycle.y[1]", 0.05) == Approx(cycle(0.05)).epsilon(1e-12));
}

TEST_CASE("a table header line a million characters long is read without recursing along it")
{
    // A regular expression matched the header "double name(rows,cols)" and recursed once
    // per character of the spaces: this line overflowed the stack.
    const std::string text = "#1\ndouble" + std::string(1000000, ' ') + "t(2,2)\n0 0\n1 1\n";
    const io::TableRows rows = io::parseTableText(text, "long.txt", "t");
    REQUIRE(rows.size() == 2);
    CHECK(rows[1][0] == 1.0);
    CHECK_THROWS_WITH(io::parseTableText("#1\ndouble" + std::string(1000000, ' ') + "(2,2)\n", "long.txt", "t"),
                      Catch::Contains("long.txt:2: expected a table header"));
}

TEST_CASE("a table file is read in pieces: lines across their seams, long lines and line numbers stay whole")
{
    const TempFolder folder("flange-test-table-pieces");
    // A header line of 100,000 characters, Windows line ends, and 20,000 rows: well past the
    // pieces of 64 KB the file is read in; row 15,000 (line 15,002 with the header and a
    // comment) is bad.
    std::string text = std::string(100000, 'h') + "\r\n# a comment\r\n";
    for (int i = 0; i < 20000; ++i)
        text += std::to_string(i) + "," + (i == 14999 ? std::string("x") : std::to_string(2 * i)) + "\r\n";
    std::ofstream(folder.path() / "bad.csv") << text;
    CHECK_THROWS_WITH(io::readTableFileUncached((folder.path() / "bad.csv").string(), ""),
                      Catch::Contains("bad.csv:15002: value 2 is not a number"));
    const size_t at = text.find("14999,x");
    text.replace(at, 7, "14999,7");
    std::ofstream(folder.path() / "good.csv") << text;
    const io::TableRows rows = io::readTableFileUncached((folder.path() / "good.csv").string(), "");
    REQUIRE(rows.size() == 20000);
    CHECK(rows[14999][1] == 7.0);
    CHECK(rows[19999][0] == 19999.0);
    CHECK(rows[19999][1] == 39998.0);
}
