// CombiTimeTable and TimeTable as MSL v4.0.0 defines them: each interpolation and
// extrapolation option against values worked out by hand from the methods' formulas,
// tables read from CSV and MSL text files, the errors for bad files, and the time events
// that make a table's steps happen exactly at their times.
#include "engine/error.hpp"
#include "engine/expr/table_interpolation.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::test;
using expr::Extrapolation;
using expr::Smoothness;
using expr::TableInterpolator;
using expr::TableOptions;

namespace {

// y = x^2 at x = 0, 1, 2, 3.
const std::vector<std::vector<double>> kSquares = {{0, 0}, {1, 1}, {2, 4}, {3, 9}};

TableInterpolator squares(Smoothness s, Extrapolation e = Extrapolation::LastTwoPoints)
{
    return TableInterpolator(kSquares, TableOptions{s, e, expr::TimeEvents::NoTimeEvents});
}

const std::string kDataFolder = FLANGE_SOURCE_DIR "/tests/data/tables";

Simulated simulateIn(const std::string& folder, const std::string& json, const SimulationOptions& options = {})
{
    diagram::Diagram d = diagramFromJson(json);
    d.folder = folder;
    Simulated s;
    s.model = compileModel(d, bundledLibrary());
    s.stats = simulate(*s.model, options, s.sink);
    return s;
}

std::string fileTable(const std::string& file, const std::string& more = "")
{
    return diagramJson({component("table", "Blocks.Sources.CombiTimeTable",
                                  R"({"tableOnFile": true, "fileName": ")" + file + R"(", "tableName": "load")" +
                                      more + "}")},
                       {}, 2.0, 0.25);
}

} // namespace

TEST_CASE("linear and constant segments between table points")
{
    auto lin = squares(Smoothness::LinearSegments);
    CHECK(lin.value(1.5, 2) == Approx(2.5));
    CHECK(lin.slope(1.5, 2) == Approx(3.0));
    auto con = squares(Smoothness::ConstantSegments);
    CHECK(con.value(1.5, 2) == 1.0); // the value of the previous point
    CHECK(con.value(2.0, 2) == 4.0);
    CHECK(con.slope(1.5, 2) == 0.0);
}

TEST_CASE("Akima splines reproduce a parabola sampled at equal steps")
{
    // Divided differences 1, 3, 5 extended by 2*1-3 = -1, 3*1-2*3 = -3 and 7, 9: at each point
    // the two weights are equal, so the slopes are 0, 2, 4, 6 = 2x and the cubics are x^2.
    auto akima = squares(Smoothness::ContinuousDerivative);
    CHECK(akima.value(0.5, 2) == Approx(0.25));
    CHECK(akima.value(1.5, 2) == Approx(2.25));
    CHECK(akima.slope(2.5, 2) == Approx(5.0));
    // Beyond the end: the end slope 6 continued from (3, 9); before the start: slope 0.
    CHECK(akima.value(4.0, 2) == Approx(15.0));
    CHECK(akima.value(-1.0, 2) == Approx(0.0).margin(1e-12));
}

TEST_CASE("modified Akima (Makima), Fritsch-Butland and Steffen slopes")
{
    // Cubic Hermite midpoint of [x0, x1]: (y0 + y1)/2 + h (s0 - s1)/8.
    // Makima at x = 1: weights |5-3| + |5+3|/2 = 6 and |1+1| + 0 = 2: s1 = 0.75*1 + 0.25*3 = 1.5;
    // at x = 2: 8 and 4: s2 = 2/3*3 + 1/3*5 = 11/3; at x = 0: 4 and 4: s0 = (-1 + 1)/2 = 0.
    auto makima = squares(Smoothness::ModifiedContinuousDerivative);
    CHECK(makima.value(1.5, 2) == Approx(2.5 + (1.5 - 11.0 / 3.0) / 8));
    CHECK(makima.value(0.5, 2) == Approx(0.5 + (0 - 1.5) / 8));
    // Fritsch-Butland: s = 3(h0 + h1)/((h0 + 2h1)/d0 + (h1 + 2h0)/d1): s1 = 6/(3 + 1) = 1.5,
    // s2 = 6/(1 + 0.6) = 3.75; end slopes are the end secants: s0 = 1, s3 = 5.
    auto fb = squares(Smoothness::MonotoneContinuousDerivative1);
    CHECK(fb.value(1.5, 2) == Approx(2.5 + (1.5 - 3.75) / 8));
    CHECK(fb.value(0.5, 2) == Approx(0.5 + (1 - 1.5) / 8));
    CHECK(fb.value(4.0, 2) == Approx(9 + 5));
    // Steffen: s1 = (1 + 3)/2 = 2, s2 = 4 (no limiting), s0 = 1.
    auto steffen = squares(Smoothness::MonotoneContinuousDerivative2);
    CHECK(steffen.value(1.5, 2) == Approx(2.25));
    CHECK(steffen.value(0.5, 2) == Approx(0.5 + (1 - 2) / 8.0));

    // Where they differ: secants 0.1 and 1.9. Fritsch-Butland s1 = 6/(30 + 3/1.9) = 0.19;
    // Steffen's (0.1 + 1.9)/2 = 1 exceeds twice the smaller secant, so s1 = 0.2.
    const std::vector<std::vector<double>> knee = {{0, 0}, {1, 0.1}, {2, 2}};
    TableInterpolator fbKnee(knee, {Smoothness::MonotoneContinuousDerivative1, Extrapolation::LastTwoPoints, {}});
    TableInterpolator stKnee(knee, {Smoothness::MonotoneContinuousDerivative2, Extrapolation::LastTwoPoints, {}});
    CHECK(fbKnee.value(0.5, 2) == Approx(0.05 + (0.1 - 0.19) / 8));
    CHECK(stKnee.value(0.5, 2) == Approx(0.05 + (0.1 - 0.2) / 8));
    CHECK(stKnee.slope(1.0, 2) == Approx(0.2));
}

TEST_CASE("extrapolation: hold, last two points, periodic, none")
{
    auto hold = squares(Smoothness::LinearSegments, Extrapolation::HoldLastPoint);
    CHECK(hold.value(4.0, 2) == 9.0);
    CHECK(hold.value(-1.0, 2) == 0.0);
    CHECK(hold.slope(4.0, 2) == 0.0);
    auto two = squares(Smoothness::LinearSegments, Extrapolation::LastTwoPoints);
    CHECK(two.value(4.0, 2) == Approx(14.0));
    CHECK(two.value(-1.0, 2) == Approx(-1.0));
    auto periodic = squares(Smoothness::LinearSegments, Extrapolation::Periodic);
    CHECK(periodic.value(4.5, 2) == Approx(2.5));  // 4.5 - 3 = 1.5
    CHECK(periodic.value(-0.5, 2) == Approx(6.5)); // -0.5 + 3 = 2.5
    auto none = squares(Smoothness::LinearSegments, Extrapolation::NoExtrapolation);
    CHECK(none.value(2.5, 2) == Approx(6.5));
    CHECK(std::isnan(none.value(3.5, 2)));
}

TEST_CASE("a table's order is checked for its interpolation")
{
    using expr::tableOrderDefect;
    using Rows = std::vector<std::vector<double>>;
    CHECK(tableOrderDefect(Rows{{0, 0}, {1, 1}, {1, 2}}, {}).empty()); // a jump is fine for linear segments
    CHECK_THAT(tableOrderDefect(Rows{{0, 0}, {2, 1}, {1, 2}}, {}), Catch::Contains("must not decrease"));
    CHECK_THAT(tableOrderDefect(Rows{{0, 0}, {1, 1}, {1, 2}}, {Smoothness::ContinuousDerivative, {}, {}}),
               Catch::Contains("increase strictly"));
    CHECK_THAT(tableOrderDefect(Rows{{1, 0}, {1, 1}}, {Smoothness::LinearSegments, Extrapolation::Periodic, {}}),
               Catch::Contains("positive period"));
}

TEST_CASE("CombiTimeTable: time scale, shift time and start time")
{
    // u = (time - shiftTime)/timeScale = (t - 0.5)/2; before startTime = 0.25 the output is the offset.
    auto s = simulateJson(diagramJson({component("table", "Blocks.Sources.CombiTimeTable",
                                                 R"({"table": [[0, 0], [1, 10]], "timeScale": 2, "startTime": 0.25,
                                                     "shiftTime": 0.5, "offset": 1})")},
                                      {}, 2.5, 0.125));
    CHECK(s.sink.at("table.y[1]", 0.125) == Approx(1.0));
    CHECK(s.sink.at("table.y[1]", 1.5) == Approx(1 + 10 * 0.5));
    CHECK(s.sink.at("table.y[1]", 2.5) == Approx(1 + 10 * 1.0));
    CHECK(s.sink.at("table.y[1]", 0.375) == Approx(1 + 10 * (0.375 - 0.5) / 2)); // extrapolated before the table
}

TEST_CASE("CombiTimeTable reads a CSV file with a header line, relative to the diagram's folder")
{
    auto s = simulateIn(kDataFolder, fileTable("profile.csv"));
    CHECK(s.sink.at("table.y[1]", 0.5) == Approx(1.0));
    CHECK(s.sink.at("table.y[1]", 1.5) == Approx(2.0));
    CHECK(s.sink.at("table.y[2]", 1.5) == Approx(15.0));
    // Semicolons, a comment line and a jump at t = 1.
    auto semi = simulateIn(kDataFolder, fileTable("semicolon.csv"));
    CHECK(semi.sink.at("table.y[1]", 0.75) == Approx(1.5));
    CHECK(semi.sink.at("table.y[1]", 1.25) == Approx(5.0));
}

TEST_CASE("CombiTimeTable reads the named table of an MSL text file, with each smoothness")
{
    auto s = simulateIn(kDataFolder, fileTable("profile.txt"));
    CHECK(s.sink.at("table.y[1]", 0.5) == Approx(1.0));
    CHECK(s.sink.at("table.y[2]", 1.5) == Approx(15.0));
    // Three rows (0,10) (1,10) (2,20) in column 3, Fritsch-Butland: secants 0 and 10, so the
    // slope at t = 1 is 0 and at the end 10; midpoint of [1, 2]: 15 + (0 - 10)/8.
    auto fb = simulateIn(kDataFolder, fileTable("profile.txt", R"(, "smoothness": "Smoothness.MonotoneContinuousDerivative1")"));
    CHECK(fb.sink.at("table.y[2]", 1.5) == Approx(15 - 10.0 / 8).epsilon(1e-9));
    // Constant segments: the previous point's value.
    auto con = simulateIn(kDataFolder, fileTable("profile.txt", R"(, "smoothness": "Smoothness.ConstantSegments")"));
    CHECK(con.sink.at("table.y[1]", 0.75) == Approx(0.0));
    CHECK(con.sink.at("table.y[1]", 1.25) == Approx(2.0));
}

TEST_CASE("bad table files are reported with file, line and component")
{
    auto message = [](const std::string& file, const std::string& more = "") {
        try {
            simulateIn(kDataFolder, fileTable(file, more));
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadInput);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(message("nowhere.csv"), Catch::Contains("component 'table' (Blocks.Sources.CombiTimeTable)") &&
                                           Catch::Contains("nowhere.csv: cannot read"));
    CHECK_THAT(message("ragged.csv"), Catch::Contains("ragged.csv:3: this row has 3 values, the rows before have 2"));
    CHECK_THAT(message("notanumber.csv"), Catch::Contains("notanumber.csv:3: value 2 is not a number"));
    CHECK_THAT(message("decreasing.csv"), Catch::Contains("decreasing.csv:3: time (first column) 1 comes after 2"));
    CHECK_THAT(message("short.txt"), Catch::Contains("short.txt:2: table load declares 3 rows but has 2"));
    CHECK_THAT(message("profile.txt", R"(, "tableName": "missing")"),
               Catch::Contains("no table named 'missing' (the file has 2 tables)"));
}

TEST_CASE("constant segments step exactly at the table time, as a time event")
{
    // A torque of 0 until t = 1.3, then 2 N.m, on an inertia of 1 kg.m2: w = 2 (t - 1.3).
    auto s = simulateJson(diagramJson(
        {component("table", "Blocks.Sources.CombiTimeTable",
                   R"({"table": [[0, 0], [1.3, 2], [3, 2]], "smoothness": "Smoothness.ConstantSegments"})"),
         component("torque", "Rotational.Sources.Torque"),
         component("inertia", "Rotational.Components.Inertia", R"({"J": 1})",
                   R"({"phi": {"start": 0, "fixed": true}, "w": {"start": 0, "fixed": true}})")},
        {{"table.y[1]", "torque.tau"}, {"torque.flange", "inertia.flange_a"}}, 2.0, 0.1));
    CHECK(s.sink.at("inertia.w", 2.0) == Approx(2 * 0.7).epsilon(1e-9));
    bool stepAt13 = false;
    for (const EventRecord& e : s.sink.events)
        stepAt13 = stepAt13 || (e.cause.timeEvent && e.time == Approx(1.3).epsilon(1e-14));
    CHECK(stepAt13);
    CHECK(s.stats.timeEvents >= 1);
}

TEST_CASE("a linear table's jump is a time event: the left and right limits are both output")
{
    auto s = simulateJson(diagramJson({component("table", "Blocks.Sources.CombiTimeTable",
                                                 R"({"table": [[0, 0], [1, 1], [1, 3], [2, 3]]})")},
                                      {}, 2.0, 0.5));
    std::vector<double> atJump;
    const int y = s.sink.column("table.y[1]");
    for (size_t r = 0; r < s.sink.times.size(); ++r)
        if (s.sink.times[r] == Approx(1.0).epsilon(1e-14))
            atJump.push_back(s.sink.rows[r][static_cast<size_t>(y)]);
    REQUIRE(atJump.size() >= 2);
    CHECK(atJump.front() == Approx(1.0));
    CHECK(atJump.back() == Approx(3.0));
}

TEST_CASE("TimeTable: linear through its points, a jump at a repeated time, offset and start time")
{
    auto s = simulateJson(diagramJson({component("tt", "Blocks.Sources.TimeTable",
                                                 R"({"table": [[0, 0], [1, 2], [1, 4], [2, 6]], "offset": 1,
                                                     "startTime": 0.5})")},
                                      {}, 3.0, 0.25));
    CHECK(s.sink.at("tt.y", 0.25) == Approx(1.0));               // before startTime: offset
    CHECK(s.sink.at("tt.y", 0.75) == Approx(1 + 2 * 0.25));      // shiftTime = startTime: u = 0.25
    CHECK(s.sink.at("tt.y", 1.75) == Approx(1 + 4 + 2 * 0.25));  // u = 1.25, after the jump at u = 1
    CHECK(s.sink.at("tt.y", 3.0) == Approx(1 + 6 + 2 * 0.5));    // u = 2.5: through the last two points
}

TEST_CASE("NoExtrapolation stops the simulation when time leaves the table")
{
    try {
        simulateJson(diagramJson({component("table", "Blocks.Sources.CombiTimeTable",
                                            R"({"table": [[0, 0], [1, 1]], "extrapolation": "Extrapolation.NoExtrapolation"})")},
                                 {}, 2.0, 0.5));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains("component 'table': the time left the range [0, 1] of "
                                                          "table 'tableData', which has no extrapolation") &&
                                              Catch::Contains("at t = 1 s"));
        REQUIRE(e.time);
        CHECK(*e.time == Approx(1.0));
        CHECK(e.instances == std::vector<std::string>{"table"});
    }
}

TEST_CASE("a table's last time is a time event, also at the stop time, as MSL's CombiTimeTable")
{
    // Linear segments with a jump at 1 and the table's end at 2: time events at 1 and at
    // 2 (MSL's "at least one time event at the interval boundaries"), none at its first
    // time 0 where the run starts. Run to 3 s: 2 time events; run to 2 s, the table's end
    // being the stop time: still 2, the one at 2 s with its left and right limits (as
    // Dymola counts Translational Vehicle's table end at its stop time).
    const std::string table = R"({"table": [[0, 0], [1, 1], [1, 3], [2, 3]]})";
    auto past = simulateJson(
        diagramJson({component("table", "Blocks.Sources.CombiTimeTable", table)}, {}, 3.0, 0.5));
    CHECK(past.stats.timeEvents == 2);
    auto atStop = simulateJson(
        diagramJson({component("table", "Blocks.Sources.CombiTimeTable", table)}, {}, 2.0, 0.5));
    CHECK(atStop.stats.timeEvents == 2);
    REQUIRE(atStop.sink.times.size() >= 2);
    CHECK(atStop.sink.times.back() == 2.0);
    CHECK(atStop.sink.times[atStop.sink.times.size() - 2] == 2.0);
}
