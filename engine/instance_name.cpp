#include "engine/instance_name.hpp"

#include <cctype>

namespace flange {
namespace {

bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Instances named in text: a dotted name followed by ':' is an origin's prefix and names
// the instance whole ("vehicle.mass: m*a = f"); in a connection origin, a dotted name is a
// connector and its instance is all but the last part ("vehicle.mass.flange_a"); any other
// dotted name is a variable, whose first part is the instance (a variable's own dotted
// members cannot be told from nested instances here). With firstOnly, stops at the first.
std::vector<std::string> scan(std::string_view s, bool firstOnly, bool connection)
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
        size_t start = i, firstEnd = std::string_view::npos, lastDot = std::string_view::npos;
        while (true) {
            while (i < s.size() && identChar(s[i]))
                ++i;
            if (firstEnd == std::string_view::npos)
                firstEnd = i;
            if (i + 1 < s.size() && s[i] == '.' && identChar(s[i + 1]) && !std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
                lastDot = i++;
                continue;
            }
            break;
        }
        bool prefix = i < s.size() && s[i] == ':';
        bool dotted = lastDot != std::string_view::npos;
        if (!prefix && !dotted)
            continue;
        if (prefix)
            out.emplace_back(s.substr(start, i - start));
        else if (connection)
            out.emplace_back(s.substr(start, lastDot - start));
        else
            out.emplace_back(s.substr(start, firstEnd - start));
        if (firstOnly)
            return out;
    }
    return out;
}

} // namespace

std::string instanceOf(std::string_view originOrName)
{
    auto found = scan(originOrName, true, false);
    return found.empty() ? std::string() : found.front();
}

std::vector<std::string> instancesOf(std::string_view origin)
{
    bool connection = origin.starts_with("connection") || origin.starts_with("unconnected") ||
                      origin.starts_with("signals") || origin.starts_with("input");
    return connection ? scan(origin, false, true) : scan(origin, true, false);
}

} // namespace flange
