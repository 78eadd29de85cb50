// The worker's side of a run in the window: rows collected into batches that are sized
// once for the rows they will hold, and posted in order with the run's expected rows.
#include "ui/simulation/streaming_sink.hpp"

#include <catch2/catch.hpp>

#include <atomic>
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
