#pragma once
// The engine's ResultSink on the worker thread: writes the rows into the run's RowStore,
// collects the events, and posts a batch (the store, the rows written so far, the events)
// when the batch interval has passed since the last one, so the GUI thread receives at
// most ~30 batches a second however fast the solver runs. Checking the clock per row
// costs far less than the solver step that produced it.
//
// The first batches of rows come sooner (an eighth of the interval, then doubling): the
// GUI thread then takes in a short run's rows on the other core while the solver goes on,
// instead of all of them after it has finished.
#include "ui/simulation/run_batch.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace flange::ui {

class StreamingSink : public ResultSink {
public:
    using Post = std::function<void(std::shared_ptr<RunBatch>)>;
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    // clock: the time the batch intervals are measured in (tests step it by hand).
    StreamingSink(Post post, const std::atomic<bool>& cancel, int intervalMs,
                  Clock clock = [] { return std::chrono::steady_clock::now(); });

    // Which columns repeat an earlier one (the engine's columnsWithSameValues for the rows
    // it will send): the store keeps each value once. Before the run; without it every
    // column is kept.
    void keepRepeatedOnce(std::vector<int32_t> sameAs) { sameAs_ = std::move(sameAs); }
    void begin(const std::vector<std::string>& names) override;
    void expectRows(long gridRows, bool eventRows) override;
    void row(double time, const std::vector<double>& values) override;
    void event(const EventRecord& e) override;
    bool cancelled() override { return cancel_.load(std::memory_order_relaxed); }

    // The rows a run of this many grid rows will likely send: each event adds two. Without
    // events, exactly the grid's: the store is column by column, so room for rows that
    // never come is still touched, page by page, wherever a column is shorter than a page
    // (the 10,000-inertia chain's 101 rows took 167 MB instead of 89).
    static size_t likelyRows(long gridRows, bool eventRows)
    {
        return static_cast<size_t>(eventRows ? gridRows + gridRows / 4 + 64 : gridRows);
    }
    // Where the rows go (the rows of the last block are written there when the batch is
    // posted).
    const RowStore* store() const { return store_.get(); }

    // Sends what is pending now (the rows before an end or an error).
    void flush();
    // The batch being filled (its events, and the variables in the first); the rows are
    // added when it is posted.
    RunBatch& pending() { return *batch_; }

private:
    // Rows are gathered in a small row-major block and written to the store a block at a
    // time (RowStore::writeRows says why).
    static constexpr size_t kBlockRows = RowStore::kBlockRows;
    void writeBlock();
    void makeRoom(size_t rows);

    Post post_;
    const std::atomic<bool>& cancel_;
    Clock clock_;
    std::chrono::steady_clock::duration interval_;      // the longest wait between batches
    std::chrono::steady_clock::duration wait_;          // before the next batch of rows
    std::chrono::steady_clock::time_point last_;
    std::shared_ptr<RunBatch> batch_;
    size_t width_ = 0;        // variables per row
    std::vector<int32_t> sameAs_;
    size_t likely_ = 0;       // rows the run will likely send (likelyRows)
    std::shared_ptr<RowStore> store_;
    std::vector<double> blockTimes_, block_;
    size_t blockRows_ = 0;    // rows in the block, not yet in store_
    size_t rows_ = 0;         // rows written to store_
    size_t sent_ = 0;         // rows handed to the window so far
};

} // namespace flange::ui
