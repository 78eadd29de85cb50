#pragma once
// The text of blocks of result rows, for the CSV writer's threads (one formatter each):
// every value in its shortest round-trip text, formatted as rarely as possible. A run's
// rows hold few distinct values (half the columns are aliases of others, many hold still),
// so a value's text is reused from the column's last one or from an alias's
// (csv_block_formatter.cpp says how).
#include "engine/io/csv_format.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace flange::io {

class CsvBlockFormatter {
public:
    explicit CsvBlockFormatter(size_t width); // values per row, time included
    // The lines of a block of rows (width values each, one after the other). The text is
    // valid until the next call; what a block leaves cached serves the next block.
    std::string_view format(const std::vector<double>& block);

private:
    // Each column's last value and its text. 32 bytes of text, aligned, so that a copy of
    // the whole array (two aligned vector moves) replaces a copy of `length` bytes.
    struct alignas(16) Cached {
        char text[32];
        uint64_t bits = 0;
        uint8_t length = 0; // 0: nothing cached yet
    };
    static_assert(sizeof(Cached::text) > kCsvNumberCapacity);

    void findPartners(const double* row);
    void keepTexts();

    size_t width_;
    std::vector<char> text_;
    std::vector<Cached> cache_;
    // Where each column's current text is read from: its cache entry, or its last
    // appearance in text_ while a block is formatted.
    std::vector<const char*> source_;
    // An earlier column that last held the same value or its negation (an alias), or the
    // column itself when none did: its text is reused after a check of the bits.
    std::vector<uint32_t> partner_;
    std::vector<Cached> kept_; // the texts moving into the cache at the end of a block
};

} // namespace flange::io
