#include "engine/modelica/modelica_lexer.hpp"

#include "engine/error.hpp"

#include <cctype>

namespace flange::modelica {

namespace {

bool identStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool identChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

} // namespace

std::vector<Token> tokenize(const std::string& s, const std::string& file)
{
    std::vector<Token> out;
    int line = 1;
    size_t i = 0;
    bool space = false;
    auto fail = [&](int at, const std::string& what) -> Error {
        return badInput(file + ":" + std::to_string(at) + ": " + what);
    };
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\n') {
            ++line;
            ++i;
            space = true;
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            space = true;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            while (i < s.size() && s[i] != '\n')
                ++i;
            space = true;
            continue;
        }
        if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            const int from = line;
            i += 2;
            while (i + 1 < s.size() && !(s[i] == '*' && s[i + 1] == '/'))
                line += s[i++] == '\n';
            if (i + 1 >= s.size())
                throw fail(from, "a comment /* is not closed");
            i += 2;
            space = true;
            continue;
        }
        Token t;
        t.line = line;
        t.spaceBefore = space;
        space = false;
        if (identStart(c)) {
            const size_t b = i;
            while (i < s.size() && identChar(s[i]))
                ++i;
            t.kind = Token::Kind::Identifier;
            t.text = s.substr(b, i - b);
        } else if (c == '\'') {
            // A quoted identifier ('my name'): kept with its quotes, a name of its own.
            const size_t b = i++;
            while (i < s.size() && s[i] != '\'' && s[i] != '\n')
                i += s[i] == '\\' ? 2 : 1;
            if (i >= s.size() || s[i] != '\'')
                throw fail(line, "a quoted identifier is not closed");
            ++i;
            t.kind = Token::Kind::Identifier;
            t.text = s.substr(b, i - b);
        } else if (digit(c) || (c == '.' && i + 1 < s.size() && digit(s[i + 1]))) {
            const size_t b = i;
            while (i < s.size() && digit(s[i]))
                ++i;
            if (i < s.size() && s[i] == '.') {
                ++i;
                while (i < s.size() && digit(s[i]))
                    ++i;
            }
            if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
                size_t j = i + 1;
                if (j < s.size() && (s[j] == '+' || s[j] == '-'))
                    ++j;
                if (j < s.size() && digit(s[j])) {
                    i = j;
                    while (i < s.size() && digit(s[i]))
                        ++i;
                }
            }
            t.kind = Token::Kind::Number;
            t.text = s.substr(b, i - b);
        } else if (c == '"') {
            const int from = line;
            ++i;
            while (i < s.size() && s[i] != '"') {
                if (s[i] == '\\' && i + 1 < s.size()) {
                    const char e = s[i + 1];
                    t.text += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                    i += 2;
                    continue;
                }
                line += s[i] == '\n';
                t.text += s[i++];
            }
            if (i >= s.size())
                throw fail(from, "a string is not closed");
            ++i;
            t.kind = Token::Kind::String;
        } else {
            static const char* const two[] = {"==", "<=", ">=", "<>", ":=", ".+", ".-", ".*", "./", ".^"};
            t.kind = Token::Kind::Symbol;
            for (const char* op : two)
                if (s.compare(i, 2, op) == 0)
                    t.text = op;
            if (t.text.empty()) {
                if (std::string("()[]{},;.=+-*/^<>:").find(c) == std::string::npos)
                    throw fail(line, std::string("the character '") + c + "' is not Modelica");
                t.text = std::string(1, c);
            }
            i += t.text.size();
        }
        out.push_back(std::move(t));
    }
    Token end;
    end.line = line;
    out.push_back(end);
    return out;
}

} // namespace flange::modelica
