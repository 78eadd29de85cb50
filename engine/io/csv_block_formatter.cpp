#include "engine/io/csv_block_formatter.hpp"

#include <cstring>
#include <unordered_map>

namespace flange::io {

CsvBlockFormatter::CsvBlockFormatter(size_t width)
    : width_(width), cache_(width), source_(width), partner_(width), kept_(width)
{
    for (size_t i = 0; i < width_; ++i) {
        partner_[i] = static_cast<uint32_t>(i);
        source_[i] = cache_[i].text;
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
void CsvBlockFormatter::findPartners(const double* row)
{
    std::unordered_map<uint64_t, uint32_t> first; // magnitude -> first column holding it
    first.reserve(width_);
    for (size_t i = 0; i < width_; ++i) {
        const uint64_t magnitude = bitsOf(row[i]) & ~kSignBit;
        if (magnitude == 0)
            continue; // zero tells nothing: keep the guess made on an earlier block
        partner_[i] = first.try_emplace(magnitude, static_cast<uint32_t>(i)).first->second;
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
// it there (source_) instead of receiving a copy: reading back, 16 bytes at a
// time, what to_chars has just stored a byte at a time stalls the processor until those
// stores are done (a failed store-to-load forwarding), which was a third of the writer's
// time. The texts are copied into the cache once, at the end of the block, when the
// buffer is about to be reused.
std::string_view CsvBlockFormatter::format(const std::vector<double>& block)
{
    const size_t rows = block.size() / width_;
    if (rows == 0)
        return {};
    findPartners(&block[(rows - 1) * width_]);
    // Every value is written as a copy of 32 bytes, of which the next value overwrites what
    // is not its text: room for 32 bytes per value, plus one.
    const size_t room = rows * width_ * sizeof(Cached::text) + 1;
    if (text_.size() < room)
        text_.resize(room);
    char* out = text_.data();
    for (size_t r = 0; r < rows; ++r) {
        const double* row = &block[r * width_];
        for (size_t i = 0; i < width_; ++i) {
            Cached& c = cache_[i];
            const uint64_t bits = bitsOf(row[i]);
            if (bits != c.bits || c.length == 0) {
                const size_t p = partner_[i];
                const Cached& from = cache_[p]; // may be c itself, which then does not match
                if (from.length != 0 && from.bits == bits) {
                    c.bits = bits;
                    c.length = from.length;
                    source_[i] = source_[p];
                } else if (from.length != 0 && from.bits == (bits ^ kSignBit)) {
                    const char* text = source_[p];
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
                    source_[i] = out;
                    out += c.length;
                    *out++ = ',';
                    continue;
                } else {
                    c.bits = bits;
                    c.length = static_cast<uint8_t>(formatCsvNumber(out, row[i]));
                    source_[i] = out;
                    out += c.length;
                    *out++ = ',';
                    continue;
                }
            }
            copyText(out, source_[i]);
            out += c.length;
            *out++ = ',';
        }
        out[-1] = '\n';
    }
    keepTexts();
    return {text_.data(), static_cast<size_t>(out - text_.data())};
}

// The buffer is rewritten by the next block: the texts it holds move to the cache. A
// column's text may be another column's cache entry (an alias that took it over before
// that column changed), so every text is read before any entry is written: copied in
// place column by column, a later column took the text its partner had just received,
// with its own value's bits, and wrote it for as long as its value held (a Boolean
// written as 1 where it was 0, on one run in forty, as the two writers shared the blocks).
void CsvBlockFormatter::keepTexts()
{
    for (size_t i = 0; i < width_; ++i)
        if (source_[i] != cache_[i].text)
            std::memcpy(kept_[i].text, source_[i], sizeof kept_[i].text);
    for (size_t i = 0; i < width_; ++i)
        if (source_[i] != cache_[i].text) {
            std::memcpy(cache_[i].text, kept_[i].text, sizeof cache_[i].text);
            source_[i] = cache_[i].text;
        }
}

} // namespace flange::io
