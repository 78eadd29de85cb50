#pragma once
// The engine's ResultSink on the worker thread: collects rows and events into batches
// and posts a batch when kBatchIntervalMs have passed since the last one, so the GUI
// thread receives at most ~30 batches a second however fast the solver runs. Checking
// the clock per row costs far less than the solver step that produced it.
#include "ui/simulation/run_batch.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace flange::ui {

class StreamingSink : public ResultSink {
public:
    using Post = std::function<void(std::shared_ptr<RunBatch>)>;
    StreamingSink(Post post, const std::atomic<bool>& cancel, int intervalMs);

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
    std::chrono::steady_clock::duration interval_;
    std::chrono::steady_clock::time_point last_;
    std::shared_ptr<RunBatch> batch_;
    long expected_ = 0;  // grid rows of the run
    long sent_ = 0;      // rows posted so far
    long lastBatch_ = 0; // rows in the last batch posted
};

} // namespace flange::ui
