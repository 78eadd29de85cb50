#pragma once
// The text of Flange's result CSV, in one place: flange-sim's writer and the editor's
// export must produce byte-identical files, so both build their lines from these.
// Layout: a header of quoted names, "time" first; then one line per row, values joined
// by ',' and ended by '\n'.
#include <charconv>
#include <cstddef>
#include <string>
#include <vector>

namespace flange::io {

// Room for the longest shortest-round-trip double ("-2.2250738585072014e-308").
inline constexpr size_t kCsvNumberCapacity = 31;

// Writes the shortest text that reads back to the identical double (exact like %.17g,
// several times faster, and "0.1" rather than "0.10000000000000001") at `out`, which has
// room for kCsvNumberCapacity characters. Returns its length.
inline size_t formatCsvNumber(char* out, double value)
{
    return static_cast<size_t>(std::to_chars(out, out + kCsvNumberCapacity, value).ptr - out);
}

template <size_t N>
inline size_t formatCsvNumber(char (&buffer)[N], double value)
{
    static_assert(N >= kCsvNumberCapacity);
    return formatCsvNumber(static_cast<char*>(buffer), value);
}

inline void appendCsvNumber(std::string& out, double value)
{
    char buffer[kCsvNumberCapacity];
    out.append(buffer, formatCsvNumber(buffer, value));
}

// The same text on its own, for messages: "2.5", not std::to_string's "2.500000" (nor its
// 309 digits for 1e308).
inline std::string shortestNumber(double value)
{
    std::string out;
    appendCsvNumber(out, value);
    return out;
}

// "time","a","b"\n -- names are written as they are: variable names hold no quotes.
// The header: "time" and the names; with units (one per name, "" for none), "time [s]" and
// "name [unit]" (flange-sim --units, the window's export option). Off by default, so the
// files compare with references by name.
inline void appendCsvHeader(std::string& out, const std::vector<std::string>& names,
                            const std::vector<std::string>& units = {})
{
    const bool labelled = !units.empty();
    out += labelled ? "\"time [s]\"" : "\"time\"";
    for (size_t i = 0; i < names.size(); ++i) {
        out += ",\"";
        out += names[i];
        if (labelled && i < units.size() && !units[i].empty()) {
            out += " [";
            out += units[i];
            out += ']';
        }
        out += '"';
    }
    out += '\n';
}

} // namespace flange::io
