#include "ui/simulation/streaming_sink.hpp"

namespace flange::ui {

StreamingSink::StreamingSink(Post post, const std::atomic<bool>& cancel, int intervalMs)
    : post_(std::move(post)), cancel_(cancel), interval_(std::chrono::milliseconds(intervalMs)),
      last_(std::chrono::steady_clock::now()), batch_(std::make_shared<RunBatch>())
{
}

void StreamingSink::row(double time, const std::vector<double>& values)
{
    batch_->times.push_back(time);
    batch_->values.insert(batch_->values.end(), values.begin(), values.end());
    if (std::chrono::steady_clock::now() - last_ >= interval_)
        flush();
}

void StreamingSink::event(const EventRecord& e)
{
    batch_->events.push_back(e);
}

void StreamingSink::flush()
{
    last_ = std::chrono::steady_clock::now();
    auto full = std::move(batch_);
    batch_ = std::make_shared<RunBatch>();
    post_(std::move(full));
}

} // namespace flange::ui
