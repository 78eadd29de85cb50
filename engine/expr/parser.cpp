#include "engine/expr/parser.hpp"

#include <cctype>
#include <cstdlib>
#include <vector>

namespace flange::expr {
namespace {

struct Token {
    enum class Type { End, Number, Ident, Keyword, Symbol };
    Type type = Type::End;
    std::string text;
    double number = 0;
    int column = 0;
};

bool isKeyword(const std::string& s)
{
    static const char* const words[] = {"if", "then", "elseif", "else", "and", "or", "not", "true", "false"};
    for (const char* w : words)
        if (s == w)
            return true;
    return false;
}

std::vector<Token> tokenize(std::string_view src)
{
    std::vector<Token> out;
    size_t i = 0;
    while (i < src.size()) {
        char ch = src[i];
        if (std::isspace(static_cast<unsigned char>(ch))) {
            ++i;
            continue;
        }
        Token t;
        t.column = static_cast<int>(i);
        if (std::isdigit(static_cast<unsigned char>(ch)) || (ch == '.' && i + 1 < src.size() && std::isdigit(static_cast<unsigned char>(src[i + 1])))) {
            std::string num(src.substr(i));
            char* end = nullptr;
            t.number = std::strtod(num.c_str(), &end);
            size_t len = static_cast<size_t>(end - num.c_str());
            t.type = Token::Type::Number;
            t.text = num.substr(0, len);
            i += len;
        } else if (std::isalpha(static_cast<unsigned char>(ch)) || ch == '_') {
            size_t j = i;
            // Dotted names (flange_a.phi, StateSelect.prefer) are one identifier.
            while (j < src.size() && (std::isalnum(static_cast<unsigned char>(src[j])) || src[j] == '_' ||
                                      (src[j] == '.' && j + 1 < src.size() &&
                                       (std::isalpha(static_cast<unsigned char>(src[j + 1])) || src[j + 1] == '_'))))
                ++j;
            t.text = std::string(src.substr(i, j - i));
            t.type = isKeyword(t.text) ? Token::Type::Keyword : Token::Type::Ident;
            i = j;
        } else {
            static const char* const two[] = {"<=", ">=", "==", "<>"};
            t.type = Token::Type::Symbol;
            bool matched = false;
            for (const char* s : two) {
                if (src.substr(i, 2) == s) {
                    t.text = s;
                    i += 2;
                    matched = true;
                    break;
                }
            }
            if (!matched) {
                if (std::string_view("+-*/^()<>=,[];").find(ch) == std::string_view::npos)
                    throw ParseError(std::string("unexpected character '") + ch + "'", static_cast<int>(i));
                t.text = std::string(1, ch);
                ++i;
            }
        }
        out.push_back(std::move(t));
    }
    Token end;
    end.column = static_cast<int>(src.size());
    out.push_back(end);
    return out;
}

class Parser {
public:
    explicit Parser(std::string_view src) : tokens_(tokenize(src)) {}

    AstPtr expression()
    {
        if (isKeyword("if"))
            return ifExpression();
        return orExpr();
    }

    void expectEnd()
    {
        if (peek().type != Token::Type::End)
            throw ParseError("unexpected '" + peek().text + "'", peek().column);
    }

    bool isSymbol(const char* s) const { return peek().type == Token::Type::Symbol && peek().text == s; }
    const Token& peek() const { return tokens_[pos_]; }
    Token next() { return tokens_[pos_++]; }

    void expectSymbol(const char* s)
    {
        if (!isSymbol(s))
            throw ParseError(std::string("expected '") + s + "'" + found(), peek().column);
        ++pos_;
    }

private:
    std::string found() const
    {
        return peek().type == Token::Type::End ? " at end of text" : " but found '" + peek().text + "'";
    }

    bool isKeyword(const char* k) const { return peek().type == Token::Type::Keyword && peek().text == k; }

    void expectKeyword(const char* k)
    {
        if (!isKeyword(k))
            throw ParseError(std::string("expected '") + k + "'" + found(), peek().column);
        ++pos_;
    }

    static AstPtr make(Ast::Kind kind, std::string name, std::vector<AstPtr> args, int column)
    {
        auto a = std::make_shared<Ast>();
        a->kind = kind;
        a->name = std::move(name);
        a->args = std::move(args);
        a->column = column;
        return a;
    }

    AstPtr ifExpression()
    {
        int col = peek().column;
        std::vector<AstPtr> args;
        expectKeyword("if");
        args.push_back(expression());
        expectKeyword("then");
        args.push_back(expression());
        while (isKeyword("elseif")) {
            ++pos_;
            args.push_back(expression());
            expectKeyword("then");
            args.push_back(expression());
        }
        expectKeyword("else");
        args.push_back(expression());
        return make(Ast::Kind::If, "if", std::move(args), col);
    }

    AstPtr orExpr()
    {
        AstPtr left = andExpr();
        while (isKeyword("or")) {
            int col = next().column;
            left = make(Ast::Kind::Binary, "or", {left, andExpr()}, col);
        }
        return left;
    }

    AstPtr andExpr()
    {
        AstPtr left = notExpr();
        while (isKeyword("and")) {
            int col = next().column;
            left = make(Ast::Kind::Binary, "and", {left, notExpr()}, col);
        }
        return left;
    }

    AstPtr notExpr()
    {
        if (isKeyword("not")) {
            int col = next().column;
            return make(Ast::Kind::Unary, "not", {notExpr()}, col);
        }
        return relation();
    }

    AstPtr relation()
    {
        AstPtr left = additive();
        static const char* const ops[] = {"<", "<=", ">", ">=", "==", "<>"};
        for (const char* op : ops) {
            if (isSymbol(op)) {
                int col = next().column;
                return make(Ast::Kind::Binary, op, {left, additive()}, col);
            }
        }
        if (isSymbol("=") && allowSingleEqualsAsError_)
            throw ParseError("'=' in an expression: use '==' to compare", peek().column);
        return left;
    }

    AstPtr additive()
    {
        AstPtr left;
        // Modelica allows a leading sign on the first term: -a*b means -(a*b).
        if (isSymbol("-") || isSymbol("+")) {
            Token t = next();
            AstPtr term = multiplicative();
            left = t.text == "-" ? make(Ast::Kind::Unary, "-", {term}, t.column) : term;
        } else {
            left = multiplicative();
        }
        while (isSymbol("+") || isSymbol("-")) {
            Token t = next();
            left = make(Ast::Kind::Binary, t.text, {left, multiplicative()}, t.column);
        }
        return left;
    }

    AstPtr multiplicative()
    {
        AstPtr left = power();
        while (isSymbol("*") || isSymbol("/")) {
            Token t = next();
            left = make(Ast::Kind::Binary, t.text, {left, power()}, t.column);
        }
        return left;
    }

    AstPtr power()
    {
        AstPtr base = primary();
        if (isSymbol("^")) {
            Token t = next();
            // Modelica's ^ is not associative; a unary sign is allowed on the exponent.
            AstPtr exponent;
            if (isSymbol("-")) {
                Token m = next();
                exponent = make(Ast::Kind::Unary, "-", {primary()}, m.column);
            } else {
                exponent = primary();
            }
            return make(Ast::Kind::Binary, "^", {base, exponent}, t.column);
        }
        return base;
    }

    AstPtr primary()
    {
        const Token& t = peek();
        if (t.type == Token::Type::Number) {
            Token n = next();
            auto a = std::make_shared<Ast>();
            a->kind = Ast::Kind::Number;
            a->number = n.number;
            a->column = n.column;
            return a;
        }
        if (t.type == Token::Type::Keyword && (t.text == "true" || t.text == "false")) {
            Token n = next();
            auto a = std::make_shared<Ast>();
            a->kind = Ast::Kind::Boolean;
            a->number = n.text == "true" ? 1 : 0;
            a->column = n.column;
            return a;
        }
        if (t.type == Token::Type::Keyword && t.text == "if")
            return ifExpression();
        if (t.type == Token::Type::Ident) {
            Token id = next();
            if (isSymbol("(")) {
                ++pos_;
                std::vector<AstPtr> args;
                if (!isSymbol(")")) {
                    args.push_back(expression());
                    while (isSymbol(",")) {
                        ++pos_;
                        args.push_back(expression());
                    }
                }
                expectSymbol(")");
                return make(Ast::Kind::Call, id.text, std::move(args), id.column);
            }
            return make(Ast::Kind::Ident, id.text, {}, id.column);
        }
        if (isSymbol("(")) {
            ++pos_;
            AstPtr inner = expression();
            expectSymbol(")");
            return inner;
        }
        if (isSymbol("["))
            return matrix();
        if (t.type == Token::Type::End)
            throw ParseError("expression ends too early", t.column);
        throw ParseError("unexpected '" + t.text + "'", t.column);
    }

    // [1, 2; 3, 4]: rows separated by ';'.
    AstPtr matrix()
    {
        int col = next().column;
        std::vector<AstPtr> rows;
        std::vector<AstPtr> row;
        int rowCol = col;
        for (;;) {
            row.push_back(expression());
            if (isSymbol(",")) {
                ++pos_;
                continue;
            }
            rows.push_back(make(Ast::Kind::Call, "row", std::move(row), rowCol));
            row.clear();
            if (isSymbol(";")) {
                rowCol = next().column;
                continue;
            }
            expectSymbol("]");
            break;
        }
        return make(Ast::Kind::Matrix, "matrix", std::move(rows), col);
    }

    std::vector<Token> tokens_;
    size_t pos_ = 0;
    bool allowSingleEqualsAsError_ = false;
};

} // namespace

AstPtr parseExpression(std::string_view text)
{
    Parser p(text);
    AstPtr e = p.expression();
    p.expectEnd();
    return e;
}

AstEquation parseEquation(std::string_view text)
{
    Parser p(text);
    AstEquation eq;
    eq.lhs = p.expression();
    if (p.peek().type == Token::Type::End) {
        if (eq.lhs->kind == Ast::Kind::Call && eq.lhs->name == "reinit")
            return eq;
        throw ParseError("expected '=' in equation", p.peek().column);
    }
    p.expectSymbol("=");
    eq.rhs = p.expression();
    p.expectEnd();
    return eq;
}

} // namespace flange::expr
