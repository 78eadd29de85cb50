// The run's result as the window holds it: row-major batches from the worker become one
// column per variable, in row order, whatever the batches' sizes.
#include "ui/results/run_result.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace flange::ui;

TEST_CASE("rows appended in batches of any size land in their columns in order", "[results]")
{
    RunResult r;
    r.begin({{"a", "m", false, false}, {"b", "", false, false}, {"c", "N", false, false}});
    r.appendRows({0}, {1, 2, 3});
    r.appendRows({}, {}); // an events-only batch has no rows
    std::vector<double> times, values;
    for (int i = 1; i <= 1000; ++i) { // one batch of many rows: the columns grow past their first capacity
        times.push_back(0.001 * i);
        values.insert(values.end(), {1.0 + i, 2.0 - i, 3.0 * i});
    }
    r.appendRows(times, values);
    r.appendRows({2}, {-1, -2, -3});

    REQUIRE(r.rowCount() == 1002);
    REQUIRE(r.values(0).size() == 1002);
    REQUIRE(r.values(2).size() == 1002);
    CHECK(r.time()[0] == 0);
    CHECK(r.time()[500] == 0.5);
    CHECK(r.time()[1001] == 2);
    CHECK(r.values(0)[0] == 1);
    CHECK(r.values(1)[0] == 2);
    CHECK(r.values(2)[0] == 3);
    CHECK(r.values(0)[1] == 2);   // row 1 of the big batch: 1 + 1
    CHECK(r.values(1)[1] == 1);   // 2 - 1
    CHECK(r.values(2)[1000] == 3000); // 3 * 1000
    CHECK(r.values(0)[1001] == -1);
    CHECK(r.values(1)[1001] == -2);
    CHECK(r.values(2)[1001] == -3);
}
