#pragma once
// Streams result rows to CSV: "time" then the signal names, values at full precision
// (the shortest text that reads back to the same double).
#include "engine/run.hpp"

#include <cstdint>
#include <cstdio>
#include <string>

namespace flange::io {

class CsvWriter : public ResultSink {
public:
    // Throws flange::Error (BadInput) if the file cannot be created.
    explicit CsvWriter(const std::string& path);
    ~CsvWriter() override;
    void begin(const std::vector<std::string>& names) override;
    void row(double time, const std::vector<double>& values) override;
    // Flushes and closes; throws if writing failed (disk full).
    void finish();

private:
    std::FILE* file_ = nullptr;
    std::string path_;
    std::string line_;
    struct Cached {
        double value = 0;
        char text[31];
        uint8_t length = 0; // 0: nothing cached yet
    };
    std::vector<Cached> cache_;
};

} // namespace flange::io
