#pragma once
// Recursive-descent parser for Flange's Modelica-like expression language
// (grammar in docs/component-format.md).
#include "engine/expr/ast.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace flange::expr {

// Thrown with the 0-based column where parsing failed; the caller adds file and line.
class ParseError : public std::runtime_error {
public:
    ParseError(const std::string& message, int column) : std::runtime_error(message), column_(column) {}
    int column() const { return column_; }

private:
    int column_;
};

AstPtr parseExpression(std::string_view text);
// The text as messages quote it: long texts (a generated sum) cut to their start.
std::string excerpt(std::string_view text, size_t max = 80);
AstEquation parseEquation(std::string_view text);
// A for-equation's range `i in 1:n`: a Call "range" with args {Ident i, from, to}.
AstPtr parseForRange(std::string_view text);

} // namespace flange::expr
