#pragma once
// Tables read from files for CombiTimeTable's tableOnFile: MSL's text format (a "#1"
// line, then blocks "double name(rows,cols)" followed by their rows) or CSV (fields
// separated by commas, semicolons or white space; a first line that is not all numbers is
// a header and skipped). Read once at translation, in pieces, straight into the flat rows
// the interpolator reads: a table of 10^6 rows takes the room of its numbers, never that
// of its text as well. Bad input throws flange::Error (BadInput) naming the file and
// line, never quoting the file (io/data_files.hpp opens it).
#include "engine/expr/table_rows.hpp"

#include <string>
#include <string_view>

namespace flange::io {

using TableRows = expr::TableRows;

// The table `tableName` of an MSL text file, or the whole of a CSV file (the name is then
// not used). Rows are checked for equal length, finite numbers and times that do not decrease.
// The last few files read are kept (by size and time stamp), as the editor asks often;
// the rows are shared with the tables made from them, not copied.
TableRows readTableFile(const std::string& path, const std::string& tableName);
TableRows readTableFileUncached(const std::string& path, const std::string& tableName);

// Reads the same formats from text; `path` names the source in messages.
TableRows parseTableText(std::string_view text, const std::string& path, const std::string& tableName);

} // namespace flange::io
