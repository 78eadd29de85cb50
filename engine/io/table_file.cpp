#include "engine/io/table_file.hpp"

#include "engine/error.hpp"
#include "engine/io/data_files.hpp"

#include <charconv>
#include <filesystem>
#include <map>
#include <mutex>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

namespace flange::io {

namespace {

struct Line {
    size_t number = 0; // 1-based
    std::string text;  // without a '#' comment (MSL text format) and the line end
};

[[noreturn]] void fail(const std::string& path, size_t line, const std::string& msg)
{
    throw badInput(path + (line > 0 ? ":" + std::to_string(line) : "") + ": " + msg);
}

std::vector<std::string> fields(const std::string& s)
{
    std::vector<std::string> out;
    std::string cur;
    for (char ch : s) {
        if (ch == ',' || ch == ';' || ch == ' ' || ch == '\t' || ch == '\r') {
            if (!cur.empty())
                out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += ch;
        }
    }
    if (!cur.empty())
        out.push_back(std::move(cur));
    return out;
}

// A number in C notation whatever the process locale (a GUI may run in one with decimal
// commas, where strtod would misread "0.5").
bool toNumber(const std::string& f, double& v)
{
    const char* b = f.data();
    const char* e = b + f.size();
    if (b != e && *b == '+')
        ++b;
    auto [p, ec] = std::from_chars(b, e, v);
    return ec == std::errc() && p == e;
}

bool allNumbers(const std::vector<std::string>& fs, std::vector<double>& row, size_t& bad)
{
    row.clear();
    for (size_t k = 0; k < fs.size(); ++k) {
        double v = 0;
        if (!toNumber(fs[k], v)) {
            bad = k;
            return false;
        }
        row.push_back(v);
    }
    return true;
}

// Messages say where a file is wrong, never what it holds: a diagram naming a file that
// is not a table must not get a line of it printed (io/data_files.hpp).
std::string notNumbers(size_t bad) { return "value " + std::to_string(bad + 1) + " is not a number"; }

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// Equal length, finite, and time (the first column) never decreasing.
void checkRow(const std::string& path, size_t line, const std::vector<double>& row, size_t width,
              const TableRows& before)
{
    if (row.size() != width)
        fail(path, line, "this row has " + std::to_string(row.size()) + " values, the rows before have " +
                             std::to_string(width) + " (rows must be equally long)");
    for (size_t k = 0; k < row.size(); ++k)
        if (!std::isfinite(row[k]))
            fail(path, line, "value " + std::to_string(k + 1) + " is not a finite number");
    if (!before.empty() && row[0] < before.back()[0])
        fail(path, line, "time (first column) " + number(row[0]) + " comes after " + number(before.back()[0]) +
                             ": times must not decrease");
}

std::vector<Line> splitLines(const std::string& text, bool stripComments)
{
    std::vector<Line> out;
    std::istringstream in(text);
    std::string s;
    size_t n = 0;
    while (std::getline(in, s)) {
        ++n;
        if (stripComments) {
            size_t hash = s.find('#');
            if (hash != std::string::npos)
                s.erase(hash);
        }
        if (s.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        out.push_back({n, s});
    }
    return out;
}

TableRows parseCsv(const std::string& text, const std::string& path)
{
    TableRows rows;
    std::vector<double> row;
    bool first = true;
    for (const Line& l : splitLines(text, false)) {
        if (l.text.find_first_not_of(" \t") != std::string::npos && l.text[l.text.find_first_not_of(" \t")] == '#')
            continue; // a comment line
        size_t bad = 0;
        std::vector<std::string> fs = fields(l.text);
        if (!allNumbers(fs, row, bad)) {
            if (first) { // a header line
                first = false;
                continue;
            }
            fail(path, l.number, notNumbers(bad));
        }
        first = false;
        checkRow(path, l.number, row, rows.empty() ? row.size() : rows[0].size(), rows);
        rows.push_back(row);
    }
    if (rows.empty())
        fail(path, 0, "the file holds no rows of numbers");
    return rows;
}

TableRows parseMslText(const std::string& text, const std::string& path, const std::string& tableName)
{
    static const std::regex header(R"(^\s*(double|float)\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(\s*(\d{1,9})\s*,\s*(\d{1,9})\s*\)\s*$)");
    std::vector<Line> lines = splitLines(text, true);
    std::vector<std::string> names;
    for (size_t i = 0; i < lines.size();) { // the "#1" line is a comment: stripped
        std::smatch m;
        if (!std::regex_match(lines[i].text, m, header))
            fail(path, lines[i].number, "expected a table header such as \"double tab1(3,2)\"");
        const std::string name = m[2];
        const size_t nRows = std::stoul(m[3]), nCols = std::stoul(m[4]);
        names.push_back(name);
        const size_t headerLine = lines[i].number;
        ++i;
        TableRows rows;
        std::vector<double> row;
        for (; rows.size() < nRows; ++i) {
            if (i >= lines.size() || (lines[i].text.find('(') != std::string::npos &&
                                      std::regex_match(lines[i].text, m, header)))
                fail(path, headerLine, "table " + name + " declares " + std::to_string(nRows) + " rows but has " +
                                           std::to_string(rows.size()));
            size_t bad = 0;
            std::vector<std::string> fs = fields(lines[i].text);
            if (!allNumbers(fs, row, bad))
                fail(path, lines[i].number, notNumbers(bad));
            if (row.size() != nCols)
                fail(path, lines[i].number, "this row has " + std::to_string(row.size()) + " values, table " + name +
                                                " declares " + std::to_string(nCols) + " columns");
            checkRow(path, lines[i].number, row, nCols, rows);
            rows.push_back(row);
        }
        if (name == tableName) { // the first table of that name, as MSL's reader
            if (rows.empty())
                fail(path, headerLine, "table " + name + " has no rows");
            return rows;
        }
    }
    fail(path, 0, "no table named '" + tableName + "' (the file has " + std::to_string(names.size()) +
                      (names.size() == 1 ? " table)" : " tables)"));
}

} // namespace

TableRows parseTableText(const std::string& text, const std::string& path, const std::string& tableName)
{
    size_t start = text.find_first_not_of(" \t\r\n");
    if (start != std::string::npos && text.compare(start, 2, "#1") == 0)
        return parseMslText(text, path, tableName);
    return parseCsv(text, path);
}

// The editor asks for a file table's width to draw its outputs whenever it paints: the
// rows of the last files read are kept while their size and time stamp stay the same.
struct Cached {
    std::uintmax_t size = 0;
    std::filesystem::file_time_type stamp;
    TableRows rows;
};

TableRows readTableFile(const std::string& path, const std::string& tableName)
{
    static std::mutex mutex;
    static std::map<std::pair<std::string, std::string>, Cached> cache;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    const auto stamp = ec ? std::filesystem::file_time_type() : std::filesystem::last_write_time(path, ec);
    const auto key = std::make_pair(path, tableName);
    if (!ec) {
        std::lock_guard<std::mutex> lock(mutex);
        auto it = cache.find(key);
        if (it != cache.end() && it->second.size == size && it->second.stamp == stamp)
            return it->second.rows;
    }
    TableRows rows = readTableFileUncached(path, tableName);
    if (!ec) {
        std::lock_guard<std::mutex> lock(mutex);
        if (cache.size() >= 8)
            cache.clear();
        cache[key] = Cached{size, stamp, rows};
    }
    return rows;
}

TableRows readTableFileUncached(const std::string& path, const std::string& tableName)
{
    return parseTableText(readDataFile(path), path, tableName);
}

} // namespace flange::io
