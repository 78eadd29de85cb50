#include "engine/io/csv_writer.hpp"

#include "engine/error.hpp"

#include <cerrno>
#include <charconv>
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
    if (file_ && file_ != stdout)
        std::fclose(file_);
}

void CsvWriter::begin(const std::vector<std::string>& names)
{
    line_ = "\"time\"";
    for (const auto& n : names)
        line_ += ",\"" + n + "\"";
    line_ += "\n";
    std::fputs(line_.c_str(), file_);
}

void CsvWriter::row(double time, const std::vector<double>& values)
{
    // to_chars writes the shortest text that reads back to the identical double:
    // exact like %.17g, several times faster, and shorter files.
    char buf[32];
    line_.clear();
    auto put = [&](double v) {
        auto res = std::to_chars(buf, buf + sizeof buf, v);
        line_.append(buf, res.ptr);
    };
    put(time);
    for (double v : values) {
        line_ += ',';
        put(v);
    }
    line_ += '\n';
    std::fwrite(line_.data(), 1, line_.size(), file_);
}

void CsvWriter::finish()
{
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
