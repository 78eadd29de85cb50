#include "fuzz_limits.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>

namespace flange::fuzz {
namespace {

bool ragged(const nlohmann::json& j)
{
    if (j.is_array()) {
        size_t rowLength = 0;
        bool first = true;
        for (const auto& row : j) {
            if (row.is_array()) {
                if (!first && row.size() != rowLength)
                    return true;
                rowLength = row.size();
                first = false;
            }
            if (ragged(row))
                return true;
        }
    } else if (j.is_object()) {
        for (const auto& [key, value] : j.items())
            if (ragged(value))
                return true;
    }
    return false;
}

} // namespace

bool exceedsKnownLimits(const std::string& text)
{
    if (!kCapsOn)
        return false;
    int depth = 0, deepest = 0, operators = 0;
    for (char c : text) {
        if (c == '[' || c == '{' || c == '(')
            deepest = std::max(deepest, ++depth);
        else if (c == ']' || c == '}' || c == ')')
            --depth;
        else if (c == '+' || c == '-' || c == '*' || c == '/' || c == '^')
            ++operators;
    }
    return deepest > kMaxNesting || operators > kMaxOperators;
}

bool hasRaggedTable(const std::string& jsonText)
{
    if (!kCapsOn)
        return false;
    nlohmann::json j = nlohmann::json::parse(jsonText, nullptr, /*allow_exceptions=*/false);
    return !j.is_discarded() && ragged(j);
}

void noteRefusal(const char* target, const char* what)
{
    if (!kCapsOn)
        std::fprintf(stderr, "fuzz %s: refused: %s\n", target, what);
}

void strayException(const char* target, const char* what)
{
    std::fprintf(stderr, "fuzz %s: an exception other than flange::Error escaped: %s\n", target, what);
    std::abort();
}

} // namespace flange::fuzz
