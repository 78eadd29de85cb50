#include "engine/io/mat_writer.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

namespace flange::io {

namespace {

constexpr int32_t kMachine = std::endian::native == std::endian::big ? 1000 : 0;
constexpr size_t kBufferValues = size_t{1} << 17; // 1 MB of data_2 between writes

template <typename T>
void appendRaw(std::string& out, const T& value)
{
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Strings as a text matrix in the transposed layout: `width` characters per string,
// padded with blanks (as Dymola pads; OpenModelica pads with NULs: readers trim both).
void appendText(std::string& out, std::string_view name, const std::vector<std::string_view>& strings)
{
    size_t width = 1;
    for (std::string_view s : strings)
        width = std::max(width, s.size());
    appendMatHeader(out, name, kMatText, static_cast<uint32_t>(width), static_cast<uint32_t>(strings.size()));
    for (std::string_view s : strings) {
        out += s;
        out.append(width - s.size(), ' ');
    }
}

} // namespace

void appendMatHeader(std::string& out, std::string_view name, int32_t type, uint32_t rows, uint32_t columns)
{
    appendRaw(out, static_cast<int32_t>(kMachine + type));
    appendRaw(out, rows);
    appendRaw(out, columns);
    appendRaw(out, uint32_t{0}); // no imaginary part
    appendRaw(out, static_cast<uint32_t>(name.size() + 1));
    out += name;
    out += '\0';
}

MatWriter::MatWriter(const std::string& path, std::vector<MatVariable> variables)
    : file_(path == "-" ? throw OutputError("standard output: a .mat result is written to a file (name it with -o)")
                        : path),
      variables_(std::move(variables))
{
}

void MatWriter::write(const void* data, size_t bytes)
{
    errno = 0;
    if (std::fwrite(data, 1, bytes, file_.stream()) != bytes || std::ferror(file_.stream()))
        throw OutputError(file_.path() + ": " + std::strerror(errno != 0 ? errno : EIO));
}

void MatWriter::begin(const std::vector<std::string>& names)
{
    // Storage: each row column once (in data_1 when it never changes), each parameter once.
    std::map<int32_t, std::pair<int32_t, int32_t>> stored; // row column -> its data set and index there
    std::vector<int32_t> info{0, 1, 0, -1}; // time: the abscissa, row 1 of data_2
    for (const MatVariable& v : variables_) {
        if (v.column >= static_cast<int32_t>(names.size()))
            throw Error(ErrorKind::Internal, "internal error (this is a bug in Flange): the MAT variable " + v.name +
                                                 " reads column " + std::to_string(v.column) + " of a row of " +
                                                 std::to_string(names.size()));
        int32_t set = v.constant || v.column < 0 ? 1 : 2;
        int32_t index = 0;
        if (auto it = v.column >= 0 ? stored.find(v.column) : stored.end(); it != stored.end()) {
            std::tie(set, index) = it->second;
        } else if (set == 1) {
            data1Columns_.push_back(v.column);
            data1Values_.push_back(v.value);
            index = static_cast<int32_t>(data1Columns_.size()) + 1; // after time
        } else {
            data2Columns_.push_back(v.column);
            index = static_cast<int32_t>(data2Columns_.size()) + 1;
        }
        if (v.column >= 0)
            stored.emplace(v.column, std::pair(set, index));
        info.insert(info.end(), {set, v.negated ? -index : index, 0, set == 1 ? 0 : -1});
    }

    std::string head;
    // Aclass holds its four strings as rows (it is not transposed): column-major, the
    // characters interleave.
    const std::vector<std::string_view> aclass{"Atrajectory", "1.1", "", "binTrans"};
    appendMatHeader(head, "Aclass", kMatText, 4, 11);
    for (size_t c = 0; c < 11; ++c)
        for (std::string_view s : aclass)
            head += c < s.size() ? s[c] : ' ';
    std::vector<std::string_view> nameText{"time"}, descriptionText{"Time [s]"};
    for (const MatVariable& v : variables_) {
        nameText.push_back(v.name);
        descriptionText.push_back(v.description);
    }
    appendText(head, "name", nameText);
    appendText(head, "description", descriptionText);
    appendMatHeader(head, "dataInfo", kMatInt32, 4, static_cast<uint32_t>(variables_.size() + 1));
    head.append(reinterpret_cast<const char*>(info.data()), info.size() * sizeof(int32_t));
    write(head.data(), head.size());
    buffer_.reserve(std::max(kBufferValues, data2Columns_.size() + 1));
}

void MatWriter::writeStart(double time, const std::vector<double>* first)
{
    started_ = true;
    const uint32_t n1 = static_cast<uint32_t>(data1Columns_.size() + 1);
    std::string head;
    appendMatHeader(head, "data_1", kMatDouble, n1, 2);
    std::vector<double> data1(2 * n1);
    data1[0] = data1[n1] = time; // the end time is patched by finish()
    for (size_t i = 0; i < data1Columns_.size(); ++i) {
        const int32_t c = data1Columns_[i];
        const double v = c < 0 ? data1Values_[i] : first ? (*first)[static_cast<size_t>(c)] : 0.0;
        data1[i + 1] = data1[n1 + i + 1] = v;
    }
    const long at = std::ftell(file_.stream());
    data1EndTimeAt_ = at + static_cast<long>(head.size() + n1 * sizeof(double));
    head.append(reinterpret_cast<const char*>(data1.data()), data1.size() * sizeof(double));
    data2HeaderAt_ = at + static_cast<long>(head.size());
    appendMatHeader(head, "data_2", kMatDouble, static_cast<uint32_t>(data2Columns_.size() + 1), 0);
    write(head.data(), head.size());
}

void MatWriter::row(double time, const std::vector<double>& values)
{
    if (!started_)
        writeStart(time, &values);
    if (rows_ == std::numeric_limits<uint32_t>::max())
        throw OutputError(file_.path() + ": more than " + std::to_string(rows_) +
                          " rows, which a MAT v4 matrix cannot hold (write CSV instead)");
    buffer_.push_back(time);
    lastTime_ = time;
    for (const int32_t c : data2Columns_)
        buffer_.push_back(values[static_cast<size_t>(c)]);
    ++rows_;
    if (buffer_.size() >= kBufferValues)
        flush();
}

void MatWriter::flush()
{
    write(buffer_.data(), buffer_.size() * sizeof(double));
    buffer_.clear();
}

void MatWriter::patch(long offset, const void* data, size_t bytes)
{
    if (std::fseek(file_.stream(), offset, SEEK_SET) != 0)
        throw OutputError(file_.path() + ": " + std::strerror(errno));
    write(data, bytes);
}

void MatWriter::finish()
{
    if (!started_) // a run without rows: its start time is unknown, the matrices are empty
        writeStart(0.0, nullptr);
    flush();
    // The stop time (the last row's) into data_1, the row count into data_2's header.
    if (rows_ > 0)
        patch(data1EndTimeAt_, &lastTime_, sizeof lastTime_);
    const uint32_t rows = static_cast<uint32_t>(rows_);
    patch(data2HeaderAt_ + 8, &rows, sizeof rows); // after type and row count
    file_.commit();
}

} // namespace flange::io
