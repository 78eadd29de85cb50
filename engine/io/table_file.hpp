#pragma once
// Tables read from files for CombiTimeTable's tableOnFile: MSL's text format (a "#1"
// line, then blocks "double name(rows,cols)" followed by their rows) or CSV (fields
// separated by commas, semicolons or white space; a first line that is not all numbers is
// a header and skipped). Read once at translation. Bad input throws flange::Error
// (BadInput) naming the file and line.
#include <string>
#include <vector>

namespace flange::io {

using TableRows = std::vector<std::vector<double>>;

// The table `tableName` of an MSL text file, or the whole of a CSV file (the name is then
// not used). Rows are checked for equal length and finite numbers, not for order.
// The last few files read are kept (by size and time stamp), as the editor asks often.
TableRows readTableFile(const std::string& path, const std::string& tableName);
TableRows readTableFileUncached(const std::string& path, const std::string& tableName);

// Reads the same formats from text; `path` names the source in messages.
TableRows parseTableText(const std::string& text, const std::string& path, const std::string& tableName);

} // namespace flange::io
