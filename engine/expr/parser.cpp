#include "engine/expr/parser.hpp"

#include "engine/expr/balanced_fold.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
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

bool isDigitAt(std::string_view s, size_t i) { return i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); }

// Length of the decimal number starting at `start`: digits, a fraction, an exponent.
size_t numberLength(std::string_view s, size_t start)
{
    size_t j = start;
    while (isDigitAt(s, j))
        ++j;
    if (j < s.size() && s[j] == '.') {
        ++j;
        while (isDigitAt(s, j))
            ++j;
    }
    if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-'))
            ++k;
        if (isDigitAt(s, k)) {
            while (isDigitAt(s, k))
                ++k;
            j = k;
        }
    }
    return j - start;
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
            // Only the number's own characters are copied: copying the rest of the text for
            // every number made long expressions cost quadratic time.
            size_t len = numberLength(src, i);
            t.text = std::string(src.substr(i, len));
            errno = 0;
            t.number = std::strtod(t.text.c_str(), nullptr);
            if (errno == ERANGE && std::isinf(t.number))
                throw ParseError("number " + t.text + " is too large (a Real holds up to 1.8e308)", static_cast<int>(i));
            if (errno == ERANGE && t.number == 0) // 1e-400: refused like 1e400, not silently 0
                throw ParseError("number " + t.text + " is too small (a nonzero Real holds down to 4.9e-324)",
                                 static_cast<int>(i));
            t.type = Token::Type::Number;
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
                if (std::string_view("+-*/^()<>=,[];:").find(ch) == std::string_view::npos)
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

// Parentheses, calls, if-expressions and 'not' nest by recursion here and in every pass
// over the tree; past this depth the text is refused instead of overflowing the stack.
constexpr int kMaxNesting = 100;

class Parser {
public:
    explicit Parser(std::string_view src) : tokens_(tokenize(src)) {}

    AstPtr expression()
    {
        Nesting guard(*this);
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

    struct LoopRange {
        Token var;
        AstPtr from, to;
    };

    // `i in a:b`, in for-equations and reductions alike.
    LoopRange loopRange(const char* noVariable)
    {
        if (peek().type != Token::Type::Ident)
            throw ParseError(noVariable + found(), peek().column);
        Token var = next();
        if (peek().type != Token::Type::Ident || peek().text != "in")
            throw ParseError("expected 'in'" + found(), peek().column);
        ++pos_;
        AstPtr from = expression();
        expectSymbol(":");
        AstPtr to = expression();
        return {var, std::move(from), std::move(to)};
    }

    // `i in a:b` (a for-equation's range): a Call "range" with args {i, a, b}.
    AstPtr forRange()
    {
        auto [var, from, to] = loopRange("expected a loop variable");
        expectEnd();
        return make(Ast::Kind::Call, "range", {make(Ast::Kind::Ident, var.text, {}, var.column), std::move(from), std::move(to)},
                    var.column);
    }

private:
    struct Nesting {
        explicit Nesting(Parser& p) : parser(p)
        {
            if (++parser.depth_ > kMaxNesting)
                throw ParseError("expression nested more than " + std::to_string(kMaxNesting) + " levels deep",
                                 parser.peek().column);
        }
        ~Nesting() { --parser.depth_; }
        Parser& parser;
    };

    // One operand of a chain; `inverse` marks a subtracted (divided) operand.
    struct Operand {
        AstPtr node;
        bool inverse = false;
        int column = 0;
    };

    // a op1 b op2 c ...: left-deep as written while short, else combined pairwise from
    // kBalanceFrom operands on (balanced_fold.hpp), so that a sum of 100,000 terms is 17
    // levels deep, not 100,000; shorter chains keep their order of evaluation (and so
    // their rounding) exactly.
    // plus/minus name the chain's operators ("+" "-", "*" "/", "or" "or"); for an
    // inverse operand left over at the end, unit is the neutral element (0 or 1).
    AstPtr chain(std::vector<Operand> items, const char* plus, const char* minus, double unit)
    {
        if (items.size() < kBalanceFrom) {
            AstPtr left = items[0].node;
            for (size_t i = 1; i < items.size(); ++i)
                left = make(Ast::Kind::Binary, items[i].inverse ? minus : plus, {left, items[i].node}, items[i].column);
            return left;
        }
        while (items.size() > 1) {
            std::vector<Operand> next;
            for (size_t i = 0; i + 1 < items.size(); i += 2) {
                const Operand& a = items[i];
                const Operand& b = items[i + 1];
                Operand c;
                if (a.inverse == b.inverse) // -a - b = -(a + b)
                    c = {make(Ast::Kind::Binary, plus, {a.node, b.node}, b.column), a.inverse, a.column};
                else if (b.inverse)
                    c = {make(Ast::Kind::Binary, minus, {a.node, b.node}, b.column), false, a.column};
                else
                    c = {make(Ast::Kind::Binary, minus, {b.node, a.node}, b.column), false, a.column};
                next.push_back(std::move(c));
            }
            if (items.size() % 2)
                next.push_back(items.back());
            items = std::move(next);
        }
        if (!items[0].inverse)
            return items[0].node;
        auto u = std::make_shared<Ast>();
        u->number = unit;
        u->column = items[0].column;
        return make(Ast::Kind::Binary, minus, {u, items[0].node}, items[0].column);
    }

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
        std::vector<Operand> items{{andExpr(), false, 0}};
        while (isKeyword("or")) {
            int col = next().column;
            items.push_back({andExpr(), false, col});
        }
        return chain(std::move(items), "or", "or", 0);
    }

    AstPtr andExpr()
    {
        std::vector<Operand> items{{notExpr(), false, 0}};
        while (isKeyword("and")) {
            int col = next().column;
            items.push_back({notExpr(), false, col});
        }
        return chain(std::move(items), "and", "and", 1);
    }

    AstPtr notExpr()
    {
        if (isKeyword("not")) {
            Nesting guard(*this);
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
        std::vector<Operand> items{{left, false, 0}};
        while (isSymbol("+") || isSymbol("-")) {
            Token t = next();
            items.push_back({multiplicative(), t.text == "-", t.column});
        }
        return chain(std::move(items), "+", "-", 0);
    }

    AstPtr multiplicative()
    {
        std::vector<Operand> items{{power(), false, 0}};
        while (isSymbol("*") || isSymbol("/")) {
            Token t = next();
            items.push_back({power(), t.text == "/", t.column});
        }
        return chain(std::move(items), "*", "/", 1);
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
                    if (peek().type == Token::Type::Ident && peek().text == "for")
                        return reduction(id, std::move(args.front()));
                    while (isSymbol(",")) {
                        ++pos_;
                        args.push_back(expression());
                    }
                }
                expectSymbol(")");
                return make(Ast::Kind::Call, id.text, std::move(args), id.column);
            }
            if (isSymbol("[")) {
                // A member of a vector: u[1], q_end[i]. The subscript is resolved when lowered.
                ++pos_;
                AstPtr index = expression();
                expectSymbol("]");
                return make(Ast::Kind::Ident, id.text, {std::move(index)}, id.column);
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

    // sum(e for i in a:b): a Call named "reduce:sum" with args {e, i, a, b}; the opening
    // parenthesis and the body are read, the `for` is next.
    AstPtr reduction(const Token& function, AstPtr body)
    {
        ++pos_; // for
        auto [var, from, to] = loopRange("expected a loop variable after 'for'");
        expectSymbol(")");
        return make(Ast::Kind::Call, "reduce:" + function.text,
                    {std::move(body), make(Ast::Kind::Ident, var.text, {}, var.column), std::move(from), std::move(to)},
                    function.column);
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
    int depth_ = 0;
    bool allowSingleEqualsAsError_ = false;
};

} // namespace

std::string excerpt(std::string_view text, size_t max)
{
    if (text.size() <= max)
        return std::string(text);
    return std::string(text.substr(0, max)) + "... (" + std::to_string(text.size()) + " characters)";
}

AstPtr parseExpression(std::string_view text)
{
    Parser p(text);
    AstPtr e = p.expression();
    p.expectEnd();
    return e;
}

AstPtr parseForRange(std::string_view text)
{
    Parser p(text);
    return p.forRange();
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
