#include "engine/io/csv_writer.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unordered_map>

namespace flange::io {

size_t csvRowsPerBlock(size_t width)
{
    const size_t byValues = width == 0 ? kCsvRowsPerBlock : kCsvValuesPerBlock / width;
    return std::clamp<size_t>(byValues, 1, kCsvRowsPerBlock);
}

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
    rowsPerBlock_ = csvRowsPerBlock(width_);
    filling_.reserve(width_ * rowsPerBlock_);
    // Two writers where there are two cores or more; a third would only compete with the
    // simulation for a core on the machines Flange is built for.
    const size_t writers = std::thread::hardware_concurrency() >= 2 ? 2 : 1;
    formatters_.resize(writers);
    for (Formatter& f : formatters_)
        writers_.emplace_back([this, &f] { writerLoop(f); });
}

void CsvWriter::row(double time, const std::vector<double>& values)
{
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

void CsvWriter::writerLoop(Formatter& f)
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
        const size_t length = format(f, block.values);
        {
            // The other writer may hold the block before this one: the file takes them in order.
            std::unique_lock lock(mutex_);
            turn_.wait(lock, [&] { return written_ == block.sequence; });
        }
        std::fwrite(f.text.data(), 1, length, file_);
        {
            std::lock_guard lock(mutex_);
            ++written_;
            spare_.push_back(std::move(block.values));
        }
        turn_.notify_all();
    }
}

namespace {

constexpr uint64_t kSignBit = uint64_t{1} << 63;

uint64_t bitsOf(double v)
{
    uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

} // namespace

// Aliases (flange_b.phi = phi, flange_b.tau = -flange_a.tau) are about half of a model's
// columns. Which column repeats which is read off one row per block, the block's last
// (the first rows of a run are mostly zeros, equal by chance). A partner is only a guess:
// its text is used for a row only if the bits match, so a wrong guess costs a formatting,
// never a wrong digit.
void CsvWriter::findPartners(Formatter& f, const double* row) const
{
    std::unordered_map<uint64_t, uint32_t> first; // magnitude -> first column holding it
    first.reserve(width_);
    for (size_t i = 0; i < width_; ++i) {
        const uint64_t magnitude = bitsOf(row[i]) & ~kSignBit;
        if (magnitude == 0)
            continue; // zero tells nothing: keep the guess made on an earlier block
        f.partner[i] = first.try_emplace(magnitude, static_cast<uint32_t>(i)).first->second;
    }
}

namespace {

// 32 bytes from `from` to `to`, which may overlap: both halves are loaded before either is
// stored.
inline void copyText(char* to, const char* from)
{
    char held[32];
    std::memcpy(held, from, sizeof held);
    std::memcpy(to, held, sizeof held);
}

} // namespace

// The text of a value is its cached text when the column held the same bits on the row
// before, its partner's text when the partner holds the same bits on this row, or that
// text with the sign toggled for the negated value: to_chars writes '-' and then the
// digits of the magnitude, so -x reads "-" + text(x) (NaN and infinity included).
// Anything else is formatted. Rows go into one preallocated buffer, a whole block
// becomes one fwrite.
//
// A new text is formatted straight into the buffer, and the column's cache is pointed at
// it there (Formatter::source) instead of receiving a copy: reading back, 16 bytes at a
// time, what to_chars has just stored a byte at a time stalls the processor until those
// stores are done (a failed store-to-load forwarding), which was a third of the writer's
// time. The texts are copied into the cache once, at the end of the block, when the
// buffer is about to be reused.
size_t CsvWriter::format(Formatter& f, const std::vector<double>& block) const
{
    if (f.cache.size() != width_) {
        f.cache.assign(width_, Cached{});
        f.partner.resize(width_);
        f.source.resize(width_);
        for (size_t i = 0; i < width_; ++i) {
            f.partner[i] = static_cast<uint32_t>(i);
            f.source[i] = f.cache[i].text;
        }
    }
    const size_t rows = block.size() / width_;
    if (rows == 0)
        return 0;
    findPartners(f, &block[(rows - 1) * width_]);
    // Every value is written as a copy of 32 bytes, of which the next value overwrites what
    // is not its text: room for 32 bytes per value, plus one.
    const size_t room = rows * width_ * sizeof(Cached::text) + 1;
    if (f.text.size() < room)
        f.text.resize(room);
    char* out = f.text.data();
    for (size_t r = 0; r < rows; ++r) {
        const double* row = &block[r * width_];
        for (size_t i = 0; i < width_; ++i) {
            Cached& c = f.cache[i];
            const uint64_t bits = bitsOf(row[i]);
            if (bits != c.bits || c.length == 0) {
                const size_t p = f.partner[i];
                const Cached& from = f.cache[p]; // may be c itself, which then does not match
                if (from.length != 0 && from.bits == bits) {
                    c.bits = bits;
                    c.length = from.length;
                    f.source[i] = f.source[p];
                } else if (from.length != 0 && from.bits == (bits ^ kSignBit)) {
                    const char* text = f.source[p];
                    c.bits = bits;
                    char held[sizeof(Cached::text)];
                    if (text[0] == '-') { // 31 bytes: the text may be a cache entry's 32
                        std::memcpy(held, text + 1, sizeof held - 1);
                        std::memcpy(out, held, sizeof held - 1);
                        c.length = static_cast<uint8_t>(from.length - 1);
                    } else {
                        std::memcpy(held, text, sizeof held - 1);
                        out[0] = '-';
                        std::memcpy(out + 1, held, sizeof held - 1);
                        c.length = static_cast<uint8_t>(from.length + 1);
                    }
                    f.source[i] = out;
                    out += c.length;
                    *out++ = ',';
                    continue;
                } else {
                    c.bits = bits;
                    c.length = static_cast<uint8_t>(formatCsvNumber(out, row[i]));
                    f.source[i] = out;
                    out += c.length;
                    *out++ = ',';
                    continue;
                }
            }
            copyText(out, f.source[i]);
            out += c.length;
            *out++ = ',';
        }
        out[-1] = '\n';
    }
    // The buffer is rewritten by the next block: the texts it holds move to the cache.
    for (size_t i = 0; i < width_; ++i)
        if (f.source[i] != f.cache[i].text) {
            std::memcpy(f.cache[i].text, f.source[i], sizeof f.cache[i].text);
            f.source[i] = f.cache[i].text;
        }
    return static_cast<size_t>(out - f.text.data());
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
