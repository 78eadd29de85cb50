// The run's result as the window holds it: row-major batches made on the GUI thread
// (tests, benchmarks) become one column per variable, in row order, whatever the
// batches' sizes. (Rows from the worker: test_streaming_sink.cpp.)
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
    // Every row of the big batch, across the blocks its rows are taken in.
    int wrong = 0;
    for (int i = 1; i <= 1000; ++i)
        wrong += r.values(0)[static_cast<size_t>(i)] != 1.0 + i || r.values(1)[static_cast<size_t>(i)] != 2.0 - i ||
                 r.values(2)[static_cast<size_t>(i)] != 3.0 * i;
    CHECK(wrong == 0);
}

TEST_CASE("a result reserved for its rows takes its batches without moving a column", "[results]")
{
    RunResult r;
    r.begin({{"a", "m", false, false}, {"b", "", false, false}});
    r.reserve(3000);
    const double* a = r.values(0).data();
    const double* b = r.values(1).data();
    for (int batch = 0; batch < 30; ++batch) {
        std::vector<double> times, values;
        for (int i = 0; i < 100; ++i) {
            times.push_back(batch * 100 + i);
            values.insert(values.end(), {1.0 * (batch * 100 + i), -1.0 * (batch * 100 + i)});
        }
        r.appendRows(times, values);
    }
    REQUIRE(r.rowCount() == 3000);
    CHECK(r.values(0).data() == a);
    CHECK(r.values(1).data() == b);
    CHECK(r.values(0)[2999] == 2999);
    CHECK(r.values(1)[1234] == -1234);
}
