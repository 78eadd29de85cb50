#include "engine/io/csv_writer.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"

#include <cerrno>
#include <cstring>

namespace flange::io {

CsvWriter::CsvWriter(const std::string& path) : path_(path)
{
    file_ = path == "-" ? stdout : std::fopen(path.c_str(), "w");
    if (!file_)
        throw badInput(path + ": cannot write (" + std::strerror(errno) + ")");
}

CsvWriter::~CsvWriter()
{
    stopWriter();
    if (file_ && file_ != stdout)
        std::fclose(file_);
}

void CsvWriter::begin(const std::vector<std::string>& names)
{
    std::string header;
    appendCsvHeader(header, names);
    std::fputs(header.c_str(), file_);
    width_ = names.size() + 1;
    filling_.reserve(width_ * kRowsPerBlock);
    writer_ = std::thread([this] { writerLoop(); });
}

void CsvWriter::row(double time, const std::vector<double>& values)
{
    filling_.push_back(time);
    filling_.insert(filling_.end(), values.begin(), values.end());
    if (filling_.size() < width_ * kRowsPerBlock)
        return;
    std::vector<double> next;
    {
        std::lock_guard lock(mutex_);
        full_.push_back(std::move(filling_));
        if (!spare_.empty()) {
            next = std::move(spare_.back());
            spare_.pop_back();
        }
    }
    wake_.notify_one();
    next.clear();
    next.reserve(width_ * kRowsPerBlock);
    filling_ = std::move(next);
}

void CsvWriter::writerLoop()
{
    for (;;) {
        std::vector<double> block;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return closing_ || !full_.empty(); });
            if (full_.empty())
                return; // closing and nothing left
            block = std::move(full_.front());
            full_.pop_front();
        }
        format(block);
        std::lock_guard lock(mutex_);
        spare_.push_back(std::move(block));
    }
}

void CsvWriter::format(const std::vector<double>& block)
{
    // Columns that hold their value (modes, constants, a stuck clutch's speed) reuse the
    // text of the row before.
    if (cache_.size() != width_)
        cache_.assign(width_, Cached{});
    text_.clear();
    for (size_t r = 0; r + width_ <= block.size(); r += width_) {
        for (size_t i = 0; i < width_; ++i) {
            Cached& c = cache_[i];
            const double v = block[r + i];
            if (c.length == 0 || std::memcmp(&c.value, &v, sizeof(double)) != 0) {
                c.value = v;
                c.length = static_cast<uint8_t>(formatCsvNumber(c.text, v));
            }
            if (i)
                text_ += ',';
            text_.append(c.text, c.length);
        }
        text_ += '\n';
    }
    std::fwrite(text_.data(), 1, text_.size(), file_);
}

void CsvWriter::stopWriter()
{
    if (!writer_.joinable())
        return;
    {
        std::lock_guard lock(mutex_);
        if (!filling_.empty())
            full_.push_back(std::move(filling_));
        filling_.clear();
        closing_ = true;
    }
    wake_.notify_one();
    writer_.join();
}

void CsvWriter::finish()
{
    stopWriter();
    if (!file_)
        return;
    bool bad = std::fflush(file_) != 0 || std::ferror(file_);
    if (file_ != stdout)
        bad = std::fclose(file_) != 0 || bad;
    file_ = nullptr;
    if (bad)
        throw simulationFailed(path_ + ": writing the result failed");
}

} // namespace flange::io
