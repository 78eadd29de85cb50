#include "ui/simulation/streaming_sink.hpp"

#include <algorithm>

namespace flange::ui {

StreamingSink::StreamingSink(Post post, const std::atomic<bool>& cancel, int intervalMs, Clock clock)
    : post_(std::move(post)), cancel_(cancel), clock_(std::move(clock)), interval_(std::chrono::milliseconds(intervalMs)),
      wait_(interval_ / 8), last_(clock_()), batch_(std::make_shared<RunBatch>())
{
}

void StreamingSink::expectRows(long gridRows)
{
    expected_ = gridRows;
    batch_->expectedRows = gridRows;
}

// A batch that grows row by row would be copied at every doubling and touch twice the
// pages it needs: for a wide model that was most of the worker's time. It is sized for
// the rows it will likely hold instead: all the run's for the first, later twice as many
// as the last one held (the waits double); never more than 64 MB.
void StreamingSink::reserveBatch(size_t width)
{
    constexpr long kMostValues = 8L << 20;
    const long remaining = std::max(0L, static_cast<long>(likelyRows(expected_)) - sent_);
    long rows = lastBatch_ == 0 ? remaining : std::min(remaining, 2 * lastBatch_ + 16);
    rows = std::min(rows, kMostValues / static_cast<long>(std::max<size_t>(width, 1)));
    batch_->times.reserve(static_cast<size_t>(rows));
    batch_->values.reserve(static_cast<size_t>(rows) * width);
}

void StreamingSink::row(double time, const std::vector<double>& values)
{
    if (batch_->times.empty())
        reserveBatch(values.size());
    batch_->times.push_back(time);
    batch_->values.insert(batch_->values.end(), values.begin(), values.end());
    if (clock_() - last_ >= wait_)
        flush();
}

void StreamingSink::event(const EventRecord& e)
{
    batch_->events.push_back(e);
}

void StreamingSink::flush()
{
    last_ = clock_();
    if (!batch_->times.empty()) {
        lastBatch_ = static_cast<long>(batch_->times.size());
        sent_ += lastBatch_;
        wait_ = std::min(interval_, 2 * wait_);
    }
    auto full = std::move(batch_);
    batch_ = std::make_shared<RunBatch>();
    post_(std::move(full));
}

} // namespace flange::ui
