#pragma once
// Streams result rows to CSV: "time" then the signal names, values at full precision
// (the shortest text that reads back to the same double). Formatting a double costs
// about as much as a solver step spends per variable, so rows are handed in blocks to a
// writer thread that formats and writes while the simulation goes on.
#include "engine/io/csv_format.hpp"
#include "engine/run.hpp"

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace flange::io {

class CsvWriter : public ResultSink {
public:
    // Throws flange::Error (BadInput) if the file cannot be created.
    explicit CsvWriter(const std::string& path);
    ~CsvWriter() override;
    void begin(const std::vector<std::string>& names) override;
    void row(double time, const std::vector<double>& values) override;
    // Writes what is pending, flushes and closes; throws if writing failed (disk full).
    void finish();

private:
    void writerLoop();
    void format(const std::vector<double>& block);
    void stopWriter();

    std::FILE* file_ = nullptr;
    std::string path_;
    size_t width_ = 0; // values per row, time included

    // rows as flat blocks of width_ doubles; filled here, formatted by the writer thread
    static constexpr size_t kRowsPerBlock = 256;
    std::vector<double> filling_;
    std::deque<std::vector<double>> full_;
    std::vector<std::vector<double>> spare_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool closing_ = false;
    std::thread writer_;

    // writer thread only
    std::string text_;
    struct Cached {
        double value = 0;
        char text[kCsvNumberCapacity];
        uint8_t length = 0; // 0: nothing cached yet
    };
    std::vector<Cached> cache_;
};

} // namespace flange::io
