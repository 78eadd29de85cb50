#include "engine/io/csv_writer.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace flange::io {

size_t csvRowsPerBlock(size_t width)
{
    const size_t byValues = width == 0 ? kCsvRowsPerBlock : kCsvValuesPerBlock / width;
    return std::clamp<size_t>(byValues, 1, kCsvRowsPerBlock);
}

CsvWriter::CsvWriter(const std::string& path) : file_(path) {}

CsvWriter::~CsvWriter() { stopWriter(); }

void CsvWriter::write(std::string_view text)
{
    if (writeError_.load() != 0)
        return; // the run is stopping: nothing more goes to the file
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), file_.stream()) != text.size() || std::ferror(file_.stream())) {
        int expected = 0;
        writeError_.compare_exchange_strong(expected, errno != 0 ? errno : EIO);
    }
}

void CsvWriter::throwIfWriteFailed() const
{
    if (const int error = writeError_.load(); error != 0)
        throw OutputError((file_.path() == "-" ? std::string("standard output") : file_.path()) + ": " +
                           std::strerror(error));
}

void CsvWriter::begin(const std::vector<std::string>& names)
{
    std::string header;
    std::vector<std::string> units;
    if (unitOf_)
        for (const auto& name : names)
            units.push_back(unitOf_(name));
    appendCsvHeader(header, names, units);
    write(header);
    throwIfWriteFailed();
    width_ = names.size() + 1;
    rowsPerBlock_ = csvRowsPerBlock(width_);
    filling_.reserve(width_ * rowsPerBlock_);
    // Two writers where there are two cores or more; a third would only compete with the
    // simulation for a core on the machines Flange is built for.
    const size_t writers = std::thread::hardware_concurrency() >= 2 ? 2 : 1;
    formatters_.reserve(writers); // the threads hold references: no reallocation after this
    for (size_t i = 0; i < writers; ++i)
        formatters_.emplace_back(width_);
    for (CsvBlockFormatter& f : formatters_)
        writers_.emplace_back([this, &f] { writerLoop(f); });
}

void CsvWriter::row(double time, const std::vector<double>& values)
{
    throwIfWriteFailed();
    filling_.push_back(time);
    filling_.insert(filling_.end(), values.begin(), values.end());
    if (filling_.size() < width_ * rowsPerBlock_)
        return;
    std::vector<double> next;
    {
        std::unique_lock lock(mutex_);
        // A writer far behind (a wide model, a slow disk) holds the simulation back
        // instead of letting the waiting rows grow without bound.
        drained_.wait(lock, [this] { return full_.size() < kMaxQueuedBlocks; });
        full_.push_back({std::move(filling_), filled_++});
        if (!spare_.empty()) {
            next = std::move(spare_.back());
            spare_.pop_back();
        }
    }
    wake_.notify_one();
    next.clear();
    next.reserve(width_ * rowsPerBlock_);
    filling_ = std::move(next);
}

void CsvWriter::writerLoop(CsvBlockFormatter& f)
{
    for (;;) {
        Block block;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return closing_ || !full_.empty(); });
            if (full_.empty())
                return; // closing and nothing left
            block = std::move(full_.front());
            full_.pop_front();
        }
        drained_.notify_one();
        const std::string_view text = f.format(block.values);
        {
            // The other writer may hold the block before this one: the file takes them in order.
            std::unique_lock lock(mutex_);
            turn_.wait(lock, [&] { return written_ == block.sequence; });
        }
        write(text);
        {
            std::lock_guard lock(mutex_);
            ++written_;
            spare_.push_back(std::move(block.values));
        }
        turn_.notify_all();
    }
}

void CsvWriter::stopWriter()
{
    if (writers_.empty())
        return;
    {
        std::lock_guard lock(mutex_);
        if (!filling_.empty())
            full_.push_back({std::move(filling_), filled_++});
        filling_.clear();
        closing_ = true;
    }
    wake_.notify_all();
    for (std::thread& w : writers_)
        w.join();
    writers_.clear();
}

void CsvWriter::finish()
{
    stopWriter();
    throwIfWriteFailed();
    file_.commit();
}

} // namespace flange::io
