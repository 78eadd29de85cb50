#pragma once
// Streams result rows to CSV: "time" then the signal names, values at full precision
// (the shortest text that reads back to the same double). Formatting a double costs
// about as much as a solver step spends per variable, so rows are handed in blocks to a
// writer thread that formats and writes while the simulation goes on, and formats as
// few numbers as it can (csv_block_formatter.cpp): a run's output is dense rows of few
// distinct values, since half the columns are aliases of others and many hold still. Blocks are
// formatted on two threads where the machine has two cores: formatting is most of a
// dense run's cost (12,000 rows of 190 columns take the writer longer than the whole
// solve), and each block is written in its turn, so the file is the same.
#include "engine/io/csv_block_formatter.hpp"
#include "engine/io/csv_format.hpp"
#include "engine/io/replacing_file.hpp"
#include "engine/simulation_types.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace flange::io {

// Rows are handed to the writer thread in blocks of at most kCsvRowsPerBlock rows and,
// for wide models, at most about kCsvValuesPerBlock values (one row at least): a drive
// line of 100,000 inertias writes 2.3 million values a row, and blocks of 256 such rows,
// with 32 bytes of text room per value, would need tens of gigabytes.
inline constexpr size_t kCsvRowsPerBlock = 256;
inline constexpr size_t kCsvValuesPerBlock = size_t{1} << 16;
// Rows per block for rows of `width` values, time included.
size_t csvRowsPerBlock(size_t width);

class CsvWriter : public ResultSink {
public:
    // path: a file, or "-" for standard output. The file named is replaced only by
    // finish() (ReplacingFile): a run that fails leaves it as it was. Throws OutputError
    // "PATH: reason" if it cannot be created.
    explicit CsvWriter(const std::string& path);
    ~CsvWriter() override;
    void begin(const std::vector<std::string>& names) override;
    // Headers "name [unit]" (csv_format.hpp), the unit of each name from unitOf; before begin().
    void labelUnits(std::function<std::string(const std::string& name)> unitOf) { unitOf_ = std::move(unitOf); }
    // Throws OutputError "PATH: reason" once a write has failed (a full disk, a closed
    // output): the run stops there instead of computing rows that go nowhere.
    void row(double time, const std::vector<double>& values) override;
    // Writes what is pending, flushes and puts the file in place; throws OutputError if
    // writing failed.
    void finish();
    // After a failure, what became of the file named ("out.csv is left as it was"), or empty.
    std::string leftBehind() const { return file_.leftBehind(); }

private:
    struct Block {
        std::vector<double> values;
        uint64_t sequence = 0; // blocks are written in this order
    };

    std::function<std::string(const std::string&)> unitOf_; // empty: names only
    void writerLoop(CsvBlockFormatter& f);
    void stopWriter();
    void write(std::string_view text); // on the writer threads, in block order
    void throwIfWriteFailed() const;

    ReplacingFile file_;
    std::atomic<int> writeError_{0}; // errno of the first write that failed
    size_t width_ = 0; // values per row, time included

    // Rows as flat blocks of width_ doubles (csvRowsPerBlock rows each); filled here,
    // formatted by the writer threads. At most kMaxQueuedBlocks wait for them.
    static constexpr size_t kMaxQueuedBlocks = 4;
    size_t rowsPerBlock_ = kCsvRowsPerBlock;
    std::vector<double> filling_;
    uint64_t filled_ = 0; // blocks handed over
    std::deque<Block> full_;
    std::vector<std::vector<double>> spare_;
    std::mutex mutex_;
    std::condition_variable wake_;    // the writers: a block is waiting, or closing
    std::condition_variable drained_; // the simulation: a writer has taken a block
    std::condition_variable turn_;    // the writers: the block before theirs is written
    uint64_t written_ = 0;            // blocks written to the file
    bool closing_ = false;
    std::vector<CsvBlockFormatter> formatters_;
    std::vector<std::thread> writers_;
};

} // namespace flange::io
