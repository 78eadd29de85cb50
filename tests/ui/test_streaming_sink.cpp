// The worker's side of a run in the window: rows collected into batches that are sized
// once for the rows they will hold, and posted in order with the run's expected rows.
#include "ui/simulation/streaming_sink.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

using namespace flange::ui;

TEST_CASE("a streaming batch is sized for the run's rows once and posts them in order", "[simulation]")
{
    std::vector<std::shared_ptr<RunBatch>> posted;
    std::atomic<bool> cancel{false};
    // A long interval: nothing is posted until flush().
    StreamingSink sink([&](std::shared_ptr<RunBatch> b) { posted.push_back(std::move(b)); }, cancel, 1000000);
    sink.expectRows(2001);
    const std::vector<double> row(50, 1.5);
    sink.row(0, row);
    const double* start = sink.pending().values.data();
    REQUIRE(sink.pending().values.capacity() >= 2001 * row.size());
    for (int i = 1; i < 2001; ++i)
        sink.row(i * 1e-3, row);
    CHECK(sink.pending().values.data() == start); // never moved while it filled
    sink.flush();
    REQUIRE(posted.size() == 1);
    CHECK(posted[0]->expectedRows == 2001);
    CHECK(posted[0]->times.size() == 2001);
    CHECK(posted[0]->values.size() == 2001 * row.size());
    CHECK(posted[0]->times.back() == 2.0);
    CHECK(StreamingSink::likelyRows(2001) > 2001); // room for the rows of events
}

TEST_CASE("a run's first batches of rows come after an eighth of the interval, then twice as long each, up to it", "[simulation]")
{
    // So the GUI thread takes in a short run's rows while the solver goes on.
    using namespace std::chrono;
    steady_clock::time_point now{};
    std::vector<std::shared_ptr<RunBatch>> posted;
    std::atomic<bool> cancel{false};
    StreamingSink sink([&](std::shared_ptr<RunBatch> b) { posted.push_back(std::move(b)); }, cancel, 80,
                       [&] { return now; });
    sink.flush(); // the variables' batch, without rows: the waits do not grow
    REQUIRE(posted.size() == 1);
    const std::vector<double> row{1.0};
    auto rowAt = [&](int ms) {
        now = steady_clock::time_point{} + milliseconds(ms);
        sink.row(ms, row); // the row's time in ms, exact
        return posted.size() - 1; // batches of rows posted so far
    };
    CHECK(rowAt(1) == 0);
    CHECK(rowAt(9) == 0);
    CHECK(rowAt(10) == 1); // 10 ms: an eighth of 80
    CHECK(rowAt(29) == 1);
    CHECK(rowAt(30) == 2); // 20 more
    CHECK(rowAt(69) == 2);
    CHECK(rowAt(70) == 3); // 40 more
    CHECK(rowAt(149) == 3);
    CHECK(rowAt(150) == 4); // 80 more: the interval
    CHECK(rowAt(229) == 4);
    CHECK(rowAt(230) == 5); // and no longer than it
    REQUIRE(posted.size() == 6);
    CHECK(posted[1]->times == std::vector<double>{1, 9, 10});
    CHECK(posted[2]->times == std::vector<double>{29, 30});
    CHECK(posted[5]->times == std::vector<double>{229, 230});
}
