#include "engine/io/csv_writer.hpp"

#include "engine/error.hpp"

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
    char buf[32];
    line_.clear();
    std::snprintf(buf, sizeof buf, "%.17g", time);
    line_ += buf;
    for (double v : values) {
        std::snprintf(buf, sizeof buf, ",%.17g", v);
        line_ += buf;
    }
    line_ += '\n';
    std::fputs(line_.c_str(), file_);
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
