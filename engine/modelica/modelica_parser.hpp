#pragma once
// A recursive-descent parser for the Modelica subset Flange reads (modelica_syntax.hpp).
// Its recursion is bounded: expressions, modifications and classes nested more than
// kMostModelicaNesting deep are refused (docs/limits.md), as is any construct outside the
// subset (`redeclare`, `inner`/`outer`, if-, for- and when-equations, ...), each with the
// file, line and construct named.
#include "engine/modelica/modelica_lexer.hpp"
#include "engine/modelica/modelica_syntax.hpp"

#include <functional>
#include <optional>
#include <string>

namespace flange::modelica {

// Nesting of brackets, calls, modifications and classes in Modelica text.
constexpr int kMostModelicaNesting = 100;
// Levels of one expression's tree, operator chains included (`a + b + ...` nests one per `+`).
constexpr int kMostModelicaExpressionHeight = 1000;

// Throws BadInput "FILE:LINE: ..." naming the construct.
StoredDefinition parseModelica(const std::string& text, const std::string& file);

// The text of an expression as it was typed, each run of white space between tokens as
// one space; `replace` may give another text for a Name (an import's full name, a value).
using Replacement = std::function<std::optional<std::string>(const Expr&)>;
std::string expressionText(const std::vector<Token>& tokens, const Expr& e, const Replacement& replace = {});

// The tokens [first, last) as typed, each run of white space as one space.
std::string tokenText(const std::vector<Token>& tokens, size_t first, size_t last);

} // namespace flange::modelica
