#include "engine/instance_name.hpp"

#include <cctype>

namespace flange {
namespace {

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Identifiers in text followed by '.' or ':' (the instance of a dotted name or an origin
// prefix); with firstOnly, stops at the first. A dotted name's later parts are skipped,
// so "a.b.c" yields "a" only.
std::vector<std::string> scan(std::string_view s, bool firstOnly)
{
    std::vector<std::string> out;
    size_t i = 0;
    while (i < s.size()) {
        if (!identChar(s[i]) || std::isdigit(static_cast<unsigned char>(s[i]))) {
            // a number such as 1.5 is no instance: skip it whole
            while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'))
                ++i;
            if (i < s.size() && !identChar(s[i]))
                ++i;
            continue;
        }
        size_t start = i;
        while (i < s.size() && identChar(s[i]))
            ++i;
        if (i < s.size() && (s[i] == '.' || s[i] == ':')) {
            out.emplace_back(s.substr(start, i - start));
            if (firstOnly)
                return out;
            while (i < s.size() && (identChar(s[i]) || s[i] == '.'))
                ++i;
        }
    }
    return out;
}

} // namespace

std::string instanceOf(std::string_view originOrName)
{
    auto found = scan(originOrName, true);
    return found.empty() ? std::string() : found.front();
}

std::vector<std::string> instancesOf(std::string_view origin)
{
    bool connection = origin.starts_with("connection") || origin.starts_with("unconnected") ||
                      origin.starts_with("signals") || origin.starts_with("input");
    return connection ? scan(origin, false) : scan(origin, true);
}

} // namespace flange
