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
    // exact like %.17g, several times faster, and shorter files. Columns that hold their
    // value (modes, constants, a stuck clutch's speed) reuse the last row's text.
    char buf[32];
    line_.clear();
    auto res = std::to_chars(buf, buf + sizeof buf, time);
    line_.append(buf, res.ptr);
    if (cache_.size() != values.size())
        cache_.assign(values.size(), Cached{});
    for (size_t i = 0; i < values.size(); ++i) {
        Cached& c = cache_[i];
        if (c.length == 0 || std::memcmp(&c.value, &values[i], sizeof(double)) != 0) {
            c.value = values[i];
            c.length = static_cast<uint8_t>(std::to_chars(c.text, c.text + sizeof c.text, c.value).ptr - c.text);
        }
        line_ += ',';
        line_.append(c.text, c.length);
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
