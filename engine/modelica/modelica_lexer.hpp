#pragma once
// Modelica text as tokens (Modelica 3.5 specification, chapter 2): identifiers (quoted
// ones too), unsigned numbers, strings with their escapes resolved, and the operators and
// punctuation of the language. Comments are skipped; each token remembers its line and
// whether white space came before it, so an expression can be written back as it was typed.
#include <string>
#include <vector>

namespace flange::modelica {

struct Token {
    enum class Kind { Identifier, Number, String, Symbol, End };
    Kind kind = Kind::End;
    std::string text;      // a string's content with escapes resolved; a number as written
    int line = 0;
    bool spaceBefore = false;
};

// Throws BadInput "FILE:LINE: ..." for a character Modelica does not have, or a string or
// comment that is not closed.
std::vector<Token> tokenize(const std::string& text, const std::string& file);

} // namespace flange::modelica
