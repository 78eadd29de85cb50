// Fuzz target: the expression and equation parser (engine/expr/parser). Any input may be
// rejected with ParseError; nothing else may happen. Every accepted tree is walked, so
// that a dangling or malformed node is touched under the sanitizers.
#include "fuzz_limits.hpp"

#include "engine/expr/parser.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

namespace {

size_t walk(const flange::expr::AstPtr& node)
{
    if (!node)
        return 0;
    size_t n = 1 + node->name.size() % 2;
    for (const auto& a : node->args)
        n += walk(a);
    return n;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        walk(flange::expr::parseExpression(text));
    } catch (const flange::expr::ParseError& e) {
        flange::fuzz::noteRefusal("expression", e.what());
    } catch (const std::exception& e) {
        flange::fuzz::strayException("expression", e.what());
    }
    try {
        auto eq = flange::expr::parseEquation(text);
        walk(eq.lhs);
        walk(eq.rhs);
    } catch (const flange::expr::ParseError& e) {
        flange::fuzz::noteRefusal("expression", e.what());
    } catch (const std::exception& e) {
        flange::fuzz::strayException("expression", e.what());
    }
    return 0;
}
