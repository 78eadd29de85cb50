#include "ui/simulation/streaming_sink.hpp"

#include <algorithm>

namespace flange::ui {

StreamingSink::StreamingSink(Post post, const std::atomic<bool>& cancel, int intervalMs, Clock clock)
    : post_(std::move(post)), cancel_(cancel), clock_(std::move(clock)), interval_(std::chrono::milliseconds(intervalMs)),
      wait_(interval_ / 8), last_(clock_()), batch_(std::make_shared<RunBatch>())
{
}

void StreamingSink::begin(const std::vector<std::string>& names) { width_ = names.size(); }

void StreamingSink::expectRows(long gridRows, bool eventRows) { likely_ = likelyRows(gridRows, eventRows); }

// The store is sized once for the rows the run will likely write, at most 256 MB (the
// memory is reserved, not touched, until rows are written); a run that writes more gets
// a store twice as large, with the rows so far copied.
void StreamingSink::makeRoom(size_t rows)
{
    constexpr size_t kMostValues = size_t{32} << 20;
    const size_t kept = RowStore::keptColumns(width_, sameAs_); // a repeated column is kept once
    const size_t most = std::max<size_t>(kMostValues / (kept + 1), 64);
    size_t capacity = store_ ? 2 * store_->capacity() : std::min(likely_, most);
    capacity = std::max(capacity, rows);
    store_ = store_ ? store_->grown(rows_, capacity) : std::make_shared<RowStore>(width_, capacity, sameAs_);
}

void StreamingSink::writeBlock()
{
    if (blockRows_ == 0)
        return;
    if (!store_ || rows_ + blockRows_ > store_->capacity())
        makeRoom(rows_ + blockRows_);
    store_->writeRows(rows_, blockRows_, blockTimes_.data(), block_.data());
    rows_ += blockRows_;
    blockRows_ = 0;
}

void StreamingSink::row(double time, const std::vector<double>& values)
{
    if (block_.empty()) {
        width_ = values.size(); // as begin() said, unless a caller skipped it
        blockTimes_.resize(kBlockRows);
        block_.resize(kBlockRows * width_ + 1);
    }
    blockTimes_[blockRows_] = time;
    std::copy(values.begin(), values.end(), block_.begin() + static_cast<std::ptrdiff_t>(blockRows_ * width_));
    if (++blockRows_ == kBlockRows)
        writeBlock();
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
    writeBlock();
    if (rows_ > sent_) {
        batch_->newRows = true;
        sent_ = rows_;
        wait_ = std::min(interval_, 2 * wait_);
    }
    batch_->rows = store_;
    batch_->rowCount = rows_;
    auto full = std::move(batch_);
    batch_ = std::make_shared<RunBatch>();
    post_(std::move(full));
}

} // namespace flange::ui
