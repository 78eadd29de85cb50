#pragma once
// The engine's ResultSink on the worker thread: collects rows and events into batches
// and posts a batch when the batch interval has passed since the last one, so the GUI
// thread receives at most ~30 batches a second however fast the solver runs. Checking
// the clock per row costs far less than the solver step that produced it.
//
// The first batches of rows come sooner (an eighth of the interval, then doubling): the
// GUI thread then takes in a short run's rows on the other core while the solver goes on,
// instead of all of them after it has finished.
#include "ui/simulation/run_batch.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace flange::ui {

class StreamingSink : public ResultSink {
public:
    using Post = std::function<void(std::shared_ptr<RunBatch>)>;
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    // clock: the time the batch intervals are measured in (tests step it by hand).
    StreamingSink(Post post, const std::atomic<bool>& cancel, int intervalMs,
                  Clock clock = [] { return std::chrono::steady_clock::now(); });

    void expectRows(long gridRows) override;
    void row(double time, const std::vector<double>& values) override;
    void event(const EventRecord& e) override;
    bool cancelled() override { return cancel_.load(std::memory_order_relaxed); }

    // The rows a run of this many grid rows will likely send: each event adds two.
    static size_t likelyRows(long gridRows) { return static_cast<size_t>(gridRows + gridRows / 4 + 64); }

    // Sends what is pending now (the rows before an end or an error).
    void flush();
    // The batch being filled; the first one carries the variables.
    RunBatch& pending() { return *batch_; }

private:
    void reserveBatch(size_t width);

    Post post_;
    const std::atomic<bool>& cancel_;
    Clock clock_;
    std::chrono::steady_clock::duration interval_;      // the longest wait between batches
    std::chrono::steady_clock::duration wait_;          // before the next batch of rows
    std::chrono::steady_clock::time_point last_;
    std::shared_ptr<RunBatch> batch_;
    long expected_ = 0;  // grid rows of the run
    long sent_ = 0;      // rows posted so far
    long lastBatch_ = 0; // rows in the last batch posted
};

} // namespace flange::ui
