#include "engine/io/table_file.hpp"

#include "engine/error.hpp"
#include "engine/io/data_files.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>

namespace flange::io {

namespace {

[[noreturn]] void fail(const std::string& path, size_t line, const std::string& msg)
{
    throw badInput(path + (line > 0 ? ":" + std::to_string(line) : "") + ": " + msg);
}

// The lines of a table's text, read in place from a buffer that its source (a file read
// in pieces, or a text) refills: each non-blank line with its 1-based number, without its
// line end and (MSL text format) without a '#' comment. A line is valid until the next.
class Lines {
public:
    using Source = std::function<size_t(char*, size_t)>;
    // totalLines: how many lines the source has, for linesLeft().
    Lines(Source source, size_t totalLines) : source_(std::move(source)), total_(totalLines) {}
    void stripComments() { strip_ = true; }

    bool next(size_t& number, std::string_view& line)
    {
        for (;;) {
            const size_t nl = std::string_view(buf_.data(), end_).find('\n', begin_);
            if (nl == std::string_view::npos && !eof_) {
                fill();
                continue;
            }
            if (begin_ >= end_ && eof_)
                return false;
            const size_t stop = nl == std::string_view::npos ? end_ : nl;
            line = std::string_view(buf_.data() + begin_, stop - begin_);
            begin_ = nl == std::string_view::npos ? end_ : nl + 1;
            number = ++number_;
            if (strip_)
                line = line.substr(0, line.find('#'));
            if (line.find_first_not_of(" \t\r") != std::string_view::npos)
                return true;
        }
    }
    // At most this many lines follow: room to reserve for rows without growing.
    size_t linesLeft() const { return total_ > number_ ? total_ - number_ : 0; }

    // Whether the text after any white space begins with `prefix` (consumes blank lines only).
    bool startsWith(std::string_view prefix)
    {
        for (;;) {
            const std::string_view have(buf_.data() + begin_, end_ - begin_);
            const size_t k = have.find_first_not_of(" \t\r\n");
            if (k != std::string_view::npos && (have.size() - k >= prefix.size() || eof_))
                return have.substr(k, prefix.size()) == prefix;
            if (k == std::string_view::npos) { // white space only: drop its whole lines
                const size_t nl = have.rfind('\n');
                if (nl != std::string_view::npos) {
                    number_ += static_cast<size_t>(std::count(have.begin(), have.begin() + static_cast<std::ptrdiff_t>(nl) + 1, '\n'));
                    begin_ += nl + 1;
                }
            }
            if (eof_)
                return false;
            fill();
        }
    }

private:
    void fill()
    {
        if (begin_ > 0) {
            std::copy(buf_.begin() + static_cast<std::ptrdiff_t>(begin_), buf_.begin() + static_cast<std::ptrdiff_t>(end_),
                      buf_.begin());
            end_ -= begin_;
            begin_ = 0;
        }
        if (end_ == buf_.size()) // a line longer than the buffer
            buf_.resize(std::max<size_t>(1 << 16, 2 * buf_.size()));
        const size_t n = source_(buf_.data() + end_, buf_.size() - end_);
        eof_ = n == 0;
        end_ += n;
    }

    Source source_;
    std::string buf_;
    size_t begin_ = 0, end_ = 0;
    bool eof_ = false, strip_ = false;
    size_t total_, number_ = 0;
};

bool isSeparator(char ch) { return ch == ',' || ch == ';' || ch == ' ' || ch == '\t' || ch == '\r'; }

void fields(std::string_view s, std::vector<std::string_view>& out)
{
    out.clear();
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSeparator(s[i]))
            ++i;
        const size_t start = i;
        while (i < s.size() && !isSeparator(s[i]))
            ++i;
        if (i > start)
            out.push_back(s.substr(start, i - start));
    }
}

// A number in C notation whatever the process locale (a GUI may run in one with decimal
// commas, where strtod would misread "0.5").
bool toNumber(std::string_view f, double& v)
{
    const char* b = f.data();
    const char* e = b + f.size();
    if (b != e && *b == '+')
        ++b;
    auto [p, ec] = std::from_chars(b, e, v);
    return ec == std::errc() && p == e;
}

bool allNumbers(const std::vector<std::string_view>& fs, std::vector<double>& row, size_t& bad)
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

// Equal length, finite, and time (the first column) never decreasing. lastTime: the
// time of the row before, if there is one.
void checkRow(const std::string& path, size_t line, const std::vector<double>& row, size_t width,
              const double* lastTime)
{
    if (row.size() != width)
        fail(path, line, "this row has " + std::to_string(row.size()) + " values, the rows before have " +
                             std::to_string(width) + " (rows must be equally long)");
    for (size_t k = 0; k < row.size(); ++k)
        if (!std::isfinite(row[k]))
            fail(path, line, "value " + std::to_string(k + 1) + " is not a finite number");
    if (lastTime && row[0] < *lastTime)
        fail(path, line, "time (first column) " + number(row[0]) + " comes after " + number(*lastTime) +
                             ": times must not decrease");
}

TableRows parseCsv(Lines& lines, const std::string& path)
{
    std::vector<double> values, row;
    std::vector<std::string_view> fs;
    size_t columns = 0, number = 0;
    std::string_view line;
    bool first = true;
    while (lines.next(number, line)) {
        if (line[line.find_first_not_of(" \t")] == '#')
            continue; // a comment line
        size_t bad = 0;
        fields(line, fs);
        if (!allNumbers(fs, row, bad)) {
            if (first) { // a header line
                first = false;
                continue;
            }
            fail(path, number, notNumbers(bad));
        }
        first = false;
        if (row.empty())
            fail(path, number, "the line holds no values");
        if (columns == 0) {
            columns = row.size();
            values.reserve(columns * lines.linesLeft() + columns);
        }
        checkRow(path, number, row, columns, values.empty() ? nullptr : &values[values.size() - columns]);
        values.insert(values.end(), row.begin(), row.end());
    }
    if (values.empty())
        fail(path, 0, "the file holds no rows of numbers");
    return TableRows(std::move(values), columns);
}

// "double name(rows,cols)" or "float name(rows,cols)", spaces allowed around the
// punctuation. Read by hand: a regular expression recursed as deep as the line was long.
bool tableHeader(std::string_view s, std::string& name, size_t& rows, size_t& cols)
{
    size_t i = 0;
    auto spaces = [&] {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
            ++i;
    };
    auto literal = [&](std::string_view w) {
        if (s.substr(i, w.size()) != w)
            return false;
        i += w.size();
        return true;
    };
    auto count = [&](size_t& v) {
        const size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9')
            ++i;
        if (i == start || i - start > 9)
            return false;
        v = std::stoul(std::string(s.substr(start, i - start)));
        return true;
    };
    spaces();
    if (!literal("double") && !literal("float"))
        return false;
    const size_t beforeName = i;
    spaces();
    if (i == beforeName || i >= s.size() || !(std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_'))
        return false;
    const size_t start = i;
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_'))
        ++i;
    name = std::string(s.substr(start, i - start));
    spaces();
    if (!literal("("))
        return false;
    spaces();
    if (!count(rows))
        return false;
    spaces();
    if (!literal(","))
        return false;
    spaces();
    if (!count(cols))
        return false;
    spaces();
    if (!literal(")"))
        return false;
    spaces();
    return i == s.size();
}

TableRows parseMslText(Lines& lines, const std::string& path, const std::string& tableName, size_t textSize)
{
    lines.stripComments(); // the "#1" line is a comment: stripped
    std::vector<double> row;
    std::vector<std::string_view> fs;
    size_t tables = 0, number = 0;
    std::string_view line;
    bool pending = lines.next(number, line);
    while (pending) {
        std::string name;
        size_t nRows = 0, nCols = 0;
        if (!tableHeader(line, name, nRows, nCols))
            fail(path, number, "expected a table header such as \"double tab1(3,2)\"");
        ++tables;
        const size_t headerLine = number;
        const bool wanted = name == tableName; // the first table of that name, as MSL's reader
        std::vector<double> values;
        if (wanted && nCols > 0 && nCols <= textSize) // no more room than the file can fill
            values.reserve(std::min(nRows, lines.linesLeft()) * nCols);
        size_t have = 0;
        double lastTime = 0;
        for (; have < nRows; ++have) {
            std::string dummy;
            size_t r = 0, c = 0;
            if (!lines.next(number, line) ||
                (line.find('(') != std::string_view::npos && tableHeader(line, dummy, r, c)))
                fail(path, headerLine, "table " + name + " declares " + std::to_string(nRows) + " rows but has " +
                                           std::to_string(have));
            size_t bad = 0;
            fields(line, fs);
            if (!allNumbers(fs, row, bad))
                fail(path, number, notNumbers(bad));
            if (row.size() != nCols)
                fail(path, number, "this row has " + std::to_string(row.size()) + " values, table " + name +
                                       " declares " + std::to_string(nCols) + " columns");
            checkRow(path, number, row, nCols, have > 0 ? &lastTime : nullptr);
            lastTime = row[0];
            if (wanted)
                values.insert(values.end(), row.begin(), row.end());
        }
        if (wanted) {
            if (nRows == 0)
                fail(path, headerLine, "table " + name + " has no rows");
            return TableRows(std::move(values), nCols);
        }
        pending = lines.next(number, line);
    }
    fail(path, 0, "no table named '" + tableName + "' (the file has " + std::to_string(tables) +
                      (tables == 1 ? " table)" : " tables)"));
}

// Either format, told apart by a first "#1".
TableRows parseLines(Lines& lines, const std::string& path, const std::string& tableName, size_t textSize)
{
    if (lines.startsWith("#1"))
        return parseMslText(lines, path, tableName, textSize);
    return parseCsv(lines, path);
}

} // namespace

TableRows parseTableText(std::string_view text, const std::string& path, const std::string& tableName)
{
    size_t at = 0;
    Lines lines(
        [&text, &at](char* buf, size_t n) {
            n = std::min(n, text.size() - at);
            std::copy_n(text.data() + at, n, buf);
            at += n;
            return n;
        },
        static_cast<size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    return parseLines(lines, path, tableName, text.size());
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
    // Twice through the file, in pieces: its lines counted, then parsed into rows reserved
    // for them, so that it never takes the room of its text and of its numbers together.
    DataFileReader file(path);
    size_t newlines = 0, bytes = 0;
    std::vector<char> buf(1 << 16);
    while (const size_t n = file.read(buf.data(), buf.size())) {
        newlines += static_cast<size_t>(std::count(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n), '\n'));
        bytes += n;
    }
    file.rewind();
    Lines lines([&file](char* b, size_t n) { return file.read(b, n); }, newlines + 1);
    return parseLines(lines, path, tableName, bytes);
}

} // namespace flange::io
