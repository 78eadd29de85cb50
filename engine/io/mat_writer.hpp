#pragma once
// Streams result rows to a MATLAB v4 file in the "Dymola" trajectory layout that Dymola,
// OpenModelica and System Modeler write and DyMat, BuildingsPy, PyFMI and OMEdit read:
//
//   Aclass       4 x 11 text: "Atrajectory", "1.1", "", "binTrans"
//   name         text, one name per column (binTrans: the file holds the transpose of
//   description  the n x m matrix the layout describes, so each name is contiguous)
//   dataInfo     int32, 4 x n: [data set (0 time, 1 data_1, 2 data_2), signed 1-based
//                column (negative: the negated value), interpolation 0, extrapolation]
//   data_1       double, n1 x 2: time-invariant values at the start and at the end
//                (row 1 is the time itself: start and stop)
//   data_2       double, n2 x rows: one column per output row, time first
//
// data_2 is written row by row as the simulation gives them, behind a header whose column
// count is 0 until finish() patches it (and data_1's end time), so a long run never holds
// its rows in memory. v4 is written directly rather than through libmatio: the format is
// a 20-byte header per matrix (docs/guide/modelica-tools.md), and matio cannot append to a
// v4 matrix, so it would need the whole trajectory in memory.
#include "engine/io/replacing_file.hpp"
#include "engine/simulation_types.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace flange::io {

// One name of the file. `column`: the row column it reads (of the values given to row());
// negative for a parameter, whose `value` is given here. Variables that read the same
// column share its storage (`negated`: the file's index is negative); a column whose value
// never changes (`constant`: a constant, a parameter) is stored in data_1, the others in data_2.
struct MatVariable {
    std::string name;
    std::string description; // "Rotation angle [rad]"
    int32_t column = -1;
    bool negated = false;
    bool constant = false;
    double value = 0; // a parameter's value (column < 0)
};

// MAT v4 type codes (MOPT: machine, 0, precision, type); machine 0 little-endian, 1 big.
inline constexpr int32_t kMatDouble = 0;
inline constexpr int32_t kMatInt32 = 20;
inline constexpr int32_t kMatText = 51; // uint8 characters
// A matrix's header (type, rows, columns, imaginary flag, name length with its NUL) and
// its name, for a matrix stored rows x columns, column-major.
void appendMatHeader(std::string& out, std::string_view name, int32_t type, uint32_t rows, uint32_t columns);

class MatWriter : public ResultSink {
public:
    // Throws OutputError "PATH: reason" if the file cannot be created. Standard output
    // ("-") is refused: the headers are patched at the end, which needs a file.
    MatWriter(const std::string& path, std::vector<MatVariable> variables);
    // names: the row columns (time excluded), as many as the variables' columns reach.
    void begin(const std::vector<std::string>& names) override;
    void row(double time, const std::vector<double>& values) override;
    // Writes what is pending, patches the headers and puts the file in place; throws
    // OutputError if writing failed.
    void finish();
    std::string leftBehind() const { return file_.leftBehind(); }

private:
    void writeStart(double time, const std::vector<double>* first);
    void write(const void* data, size_t bytes);
    void flush();
    void patch(long offset, const void* data, size_t bytes);

    ReplacingFile file_;
    std::vector<MatVariable> variables_;
    std::vector<int32_t> data1Columns_; // row column per data_1 row after time (-1: a parameter)
    std::vector<double> data1Values_;   // the parameters' values, by data_1 row after time
    std::vector<int32_t> data2Columns_; // row column per data_2 row after time
    std::vector<double> buffer_;        // data_2 values waiting to be written
    long data1EndTimeAt_ = -1;          // file offset of data_1's end time
    long data2HeaderAt_ = -1;           // file offset of data_2's header
    uint64_t rows_ = 0;
    double lastTime_ = 0;
    bool started_ = false;              // data_1 and data_2's header written
};

} // namespace flange::io
