// The worker's side of a run in the window: rows written once into a store the window
// reads, handed over in batches that come sooner at the start of a run.
#include "ui/simulation/streaming_sink.hpp"
#include "ui/results/run_result.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

using namespace flange::ui;

TEST_CASE("a run's rows are written once into a store sized for them, which every batch hands over", "[simulation]")
{
    std::vector<std::shared_ptr<RunBatch>> posted;
    std::atomic<bool> cancel{false};
    // A long interval: nothing is posted until flush().
    StreamingSink sink([&](std::shared_ptr<RunBatch> b) { posted.push_back(std::move(b)); }, cancel, 1000000);
    sink.begin({"a", "b", "c"});
    sink.expectRows(2001, true);
    for (int i = 0; i < 1000; ++i)
        sink.row(i, {1.0 * i, -1.0 * i, 0.5});
    const RowStore* store = sink.store();
    REQUIRE(store != nullptr);
    CHECK(store->capacity() >= 2001);
    sink.flush();
    for (int i = 1000; i < 2001; ++i)
        sink.row(i, {1.0 * i, -1.0 * i, 0.5});
    sink.flush();
    sink.flush(); // nothing new
    REQUIRE(posted.size() == 3);
    CHECK(posted[0]->newRows);
    CHECK(posted[0]->rowCount == 1000);
    CHECK(posted[1]->newRows);
    CHECK(posted[1]->rowCount == 2001);
    CHECK_FALSE(posted[2]->newRows);
    CHECK(posted[0]->rows.get() == store); // the same memory: no row was copied
    CHECK(posted[1]->rows.get() == store);

    RunResult r;
    r.begin({{"a", "m", false, false}, {"b", "", false, false}, {"c", "", false, false}});
    r.adoptRows(posted[0]->rows, posted[0]->rowCount);
    CHECK(r.rowCount() == 1000);
    r.adoptRows(posted[1]->rows, posted[1]->rowCount);
    REQUIRE(r.rowCount() == 2001);
    CHECK(r.time()[2000] == 2000);
    CHECK(r.values(0)[1234] == 1234);
    CHECK(r.values(1)[1999] == -1999);
    CHECK(r.values(2)[7] == 0.5);
}

TEST_CASE("a run that cannot have events gets a store of exactly its grid's rows, one that can more", "[simulation]")
{
    std::atomic<bool> cancel{false};
    for (const bool events : {false, true}) {
        StreamingSink sink([](std::shared_ptr<RunBatch>) {}, cancel, 1000000);
        sink.begin({"a", "b"});
        sink.expectRows(101, events);
        for (int i = 0; i < 101; ++i)
            sink.row(i, {1.0 * i, 2.0});
        sink.flush();
        REQUIRE(sink.store() != nullptr);
        // with events: a quarter more and 64 rows, room for 95 events before the store grows
        CHECK(sink.store()->capacity() == (events ? 101u + 25u + 64u : 101u));
        CHECK(sink.store()->column(0)[100] == 100.0);
    }
}

TEST_CASE("rows beyond the store's room go to a larger copy while the rows handed over stay as they were", "[simulation]")
{
    std::vector<std::shared_ptr<RunBatch>> posted;
    std::atomic<bool> cancel{false};
    StreamingSink sink([&](std::shared_ptr<RunBatch> b) { posted.push_back(std::move(b)); }, cancel, 1000000);
    sink.begin({"x"});
    sink.expectRows(10, true); // then far more rows arrive (events, or a caller that guessed wrong)
    for (int i = 0; i < 50; ++i)
        sink.row(i, {2.0 * i});
    sink.flush();
    const std::shared_ptr<const RowStore> first = posted.back()->rows;
    for (int i = 50; i < 5000; ++i)
        sink.row(i, {2.0 * i});
    sink.flush();
    const std::shared_ptr<const RowStore> last = posted.back()->rows;
    CHECK(last != first);
    CHECK(last->capacity() >= 5000);
    for (int i = 0; i < 50; ++i)
        CHECK(first->column(0)[i] == 2.0 * i); // what the window read is untouched
    int wrong = 0;
    for (int i = 0; i < 5000; ++i)
        wrong += last->time()[i] != i || last->column(0)[i] != 2.0 * i;
    CHECK(wrong == 0);
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
    sink.begin({"x"});
    sink.flush(); // the variables' batch, without rows: the waits do not grow
    REQUIRE(posted.size() == 1);
    CHECK_FALSE(posted[0]->newRows);
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
    // Each batch hands over all rows so far: the batch at 10 ms the first three.
    CHECK(posted[1]->rowCount == 3);
    CHECK(posted[2]->rowCount == 5);
    CHECK(posted[5]->rowCount == 11);
    CHECK(posted[5]->rows->time()[10] == 230);
}

TEST_CASE("a large row store given up is written again by the next one of a similar size", "[simulation]")
{
    // A re-run writes into memory already mapped instead of faulting in fresh pages.
    // The newest block given up is kept, whatever earlier tests left.
    const double* first = nullptr;
    {
        RowStore a(99, 10000); // 1e6 values: kept when given up
        first = a.time();
    }
    RowStore tiny(1, 100); // too small to take a large block
    CHECK(tiny.time() != first);
    RowStore half(99, 4000); // less than half the block: not worth holding it
    CHECK(half.time() != first);
    RowStore b(99, 9000);
    CHECK(b.time() == first);
    RowStore c(99, 9000); // the one kept block is taken
    CHECK(c.time() != first);
}

TEST_CASE("a column that repeats an earlier one is kept once and read from the earlier one's memory", "[simulation]")
{
    std::vector<std::shared_ptr<RunBatch>> posted;
    std::atomic<bool> cancel{false};
    StreamingSink sink([&](std::shared_ptr<RunBatch> b) { posted.push_back(std::move(b)); }, cancel, 1000000);
    // b repeats a, d repeats c; e points at b, which is not a group's first: kept itself.
    sink.keepRepeatedOnce({0, 0, 2, 2, 1});
    sink.begin({"a", "b", "c", "d", "e"});
    sink.expectRows(40, true);
    for (int i = 0; i < 100; ++i) // past the expected rows: the store grows once
        sink.row(i, {1.0 * i, 1.0 * i, -2.0 * i, -2.0 * i, 3.0 * i});
    sink.flush();
    REQUIRE(posted.size() == 1);
    const RowStore& store = *posted[0]->rows;
    CHECK(store.capacity() >= 100);
    CHECK(store.keptColumns() == 3);
    CHECK(store.column(1) == store.column(0));
    CHECK(store.column(3) == store.column(2));
    CHECK(store.column(4) != store.column(0));
    CHECK(store.column(4) != store.column(2));

    RunResult r;
    r.begin({{"a", "", false, false}, {"b", "", false, false}, {"c", "", false, false}, {"d", "", false, false},
             {"e", "", false, false}});
    r.adoptRows(posted[0]->rows, posted[0]->rowCount);
    REQUIRE(r.rowCount() == 100);
    for (int i : {0, 31, 32, 57, 99}) {
        CHECK(r.values(0)[i] == i);
        CHECK(r.values(1)[i] == i);
        CHECK(r.values(2)[i] == -2.0 * i);
        CHECK(r.values(3)[i] == -2.0 * i);
        CHECK(r.values(4)[i] == 3.0 * i);
    }
}

TEST_CASE("a map of repeated columns that does not fit the row keeps every column", "[simulation]")
{
    RowStore store(3, 10, {0, 0}); // two entries for three columns
    CHECK(store.keptColumns() == 3);
    CHECK(store.column(1) != store.column(0));
    RowStore forward(2, 10, {1, 1}); // a column cannot repeat a later one
    CHECK(forward.keptColumns() == 2);
}
