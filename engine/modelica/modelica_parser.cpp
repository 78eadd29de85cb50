#include "engine/modelica/modelica_parser.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace flange::modelica {

namespace {

using Kind = Token::Kind;

bool isClassKeyword(const std::string& s)
{
    static const std::set<std::string> k = {"class", "model", "record", "block", "connector", "type",
                                            "package", "function", "operator", "expandable", "pure", "impure"};
    return k.count(s) > 0;
}

class Parser {
public:
    Parser(std::vector<Token>& tokens, const std::string& file) : t_(tokens), file_(file) {}

    StoredDefinition storedDefinition()
    {
        StoredDefinition sd;
        sd.file = file_;
        if (word("within")) {
            ++p_;
            if (!symbol(";"))
                sd.within = name();
            expect(";");
        }
        while (t_[p_].kind != Kind::End) {
            if (word("final"))
                ++p_;
            sd.classes.push_back(classDefinition(sd.within));
            expect(";");
        }
        return sd;
    }

private:
    // Counts nesting on the way down; past the limit the input is refused, not followed.
    struct Depth {
        explicit Depth(Parser& p) : p_(p)
        {
            if (++p_.depth_ > kMostModelicaNesting)
                throw p_.fail("nested more than " + std::to_string(kMostModelicaNesting) + " levels deep");
        }
        ~Depth() { --p_.depth_; }
        Parser& p_;
    };

    const Token& cur() const { return t_[p_]; }
    bool word(const char* w) const { return cur().kind == Kind::Identifier && cur().text == w; }
    bool symbol(const char* s) const { return cur().kind == Kind::Symbol && cur().text == s; }
    bool accept(const char* s)
    {
        if ((cur().kind == Kind::Symbol || cur().kind == Kind::Identifier) && cur().text == s) {
            ++p_;
            return true;
        }
        return false;
    }

    Error fail(const std::string& what) const
    {
        return badInput(file_ + ":" + std::to_string(cur().line) + ": " + what);
    }
    std::string shown() const
    {
        switch (cur().kind) {
        case Kind::End:
            return "the end of the file";
        case Kind::String:
            return "a string";
        default:
            return "'" + cur().text + "'";
        }
    }
    void expect(const char* s)
    {
        if (!accept(s))
            throw fail(std::string("expected '") + s + "', found " + shown());
    }
    std::string ident()
    {
        if (cur().kind != Kind::Identifier)
            throw fail("expected a name, found " + shown());
        return t_[p_++].text;
    }
    std::string name()
    {
        std::string n = accept(".") ? "." : "";
        n += ident();
        while (symbol(".") && t_[p_ + 1].kind == Kind::Identifier) {
            ++p_;
            n += "." + ident();
        }
        return n;
    }
    // Constructs outside the subset, refused by name where they start.
    void refuse(const std::string& construct)
    {
        throw fail(construct + " is not in the Modelica subset Flange reads");
    }

    std::unique_ptr<ClassDef> classDefinition(const std::string& enclosing)
    {
        Depth d(*this);
        auto c = std::make_unique<ClassDef>();
        c->file = file_;
        c->line = cur().line;
        if (accept("encapsulated")) {
        }
        if (accept("partial"))
            c->partial = true;
        if (word("expandable"))
            refuse("an expandable connector");
        if (word("operator"))
            refuse("an operator class");
        if (accept("pure") || accept("impure")) {
        }
        if (!isClassKeyword(cur().text) || cur().kind != Kind::Identifier)
            throw fail("expected a class (model, package, function, ...), found " + shown());
        c->restriction = ident();
        if (word("extends"))
            refuse("a class extending one of the same name (`" + c->restriction + " extends`)");
        c->name = ident();
        c->fullName = enclosing.empty() ? c->name : enclosing + "." + c->name;
        if (accept("=")) {
            if (accept("enumeration")) {
                expect("(");
                if (accept(":"))
                    refuse("an enumeration without literals (`enumeration(:)`)");
                while (!symbol(")")) {
                    c->enumeration.push_back(ident());
                    comment(nullptr, nullptr);
                    if (!accept(","))
                        break;
                }
                expect(")");
            } else {
                if (word("input") || word("output"))
                    ++p_;
                Extends base;
                base.line = cur().line;
                base.name = name();
                if (symbol("["))
                    refuse("an array type (`" + c->name + " = " + base.name + "[...]`)");
                if (symbol("("))
                    base.modifiers = classModification();
                c->shortBase = std::move(base);
            }
            comment(&c->description, &c->annotation);
            return c;
        }
        c->description = stringComment();
        composition(*c);
        expect("end");
        const std::string closing = ident();
        if (closing != c->name)
            throw fail("`end " + closing + "` closes class " + c->name + " (line " + std::to_string(c->line) + ")");
        return c;
    }

    bool atSectionEnd() const
    {
        return word("end") || word("equation") || word("algorithm") || word("public") || word("protected") ||
               (word("initial") && t_[p_ + 1].kind == Kind::Identifier &&
                (t_[p_ + 1].text == "equation" || t_[p_ + 1].text == "algorithm")) ||
               cur().kind == Kind::End;
    }

    void composition(ClassDef& c)
    {
        bool isProtected = false;
        while (!word("end")) {
            if (cur().kind == Kind::End)
                throw fail("class " + c.name + " (line " + std::to_string(c.line) + ") has no `end " + c.name + ";`");
            if (accept("public")) {
                isProtected = false;
            } else if (accept("protected")) {
                isProtected = true;
            } else if (accept("equation")) {
                equations(c.equations);
            } else if (word("initial") && t_[p_ + 1].text == "equation") {
                p_ += 2;
                equations(c.initialEquations);
            } else if (word("initial") && t_[p_ + 1].text == "algorithm") {
                refuse("an initial algorithm");
            } else if (accept("algorithm")) {
                while (!atSectionEnd() && !word("annotation"))
                    c.algorithm.push_back(statement());
            } else if (word("annotation")) {
                ++p_;
                c.annotation = classModification();
                expect(";");
            } else {
                element(c, isProtected);
                expect(";");
            }
        }
    }

    void element(ClassDef& c, bool isProtected)
    {
        const int line = cur().line;
        if (accept("import")) {
            Import im;
            im.line = line;
            if (cur().kind == Kind::Identifier && t_[p_ + 1].text == "=" && t_[p_ + 1].kind == Kind::Symbol) {
                im.alias = ident();
                ++p_;
                im.target = name();
            } else {
                im.target = name();
                if (accept(".*")) { // the tokenizer reads `.*` as the element-wise product
                    im.wildcard = true;
                } else if (accept(".")) {
                    if (accept("{"))
                        refuse("an import of a list of names (`import A.{b, c}`)");
                    expect("*");
                    im.wildcard = true;
                } else {
                    im.alias = im.target.substr(im.target.rfind('.') + 1);
                }
            }
            comment(nullptr, nullptr);
            c.imports.push_back(std::move(im));
            return;
        }
        if (accept("extends")) {
            Extends e;
            e.line = line;
            e.name = name();
            if (symbol("("))
                e.modifiers = classModification();
            if (word("annotation")) {
                ++p_;
                classModification();
            }
            c.extends.push_back(std::move(e));
            return;
        }
        if (word("redeclare"))
            refuse("`redeclare`");
        if (word("inner") || word("outer"))
            refuse("`" + cur().text + "`");
        if (word("replaceable"))
            refuse("`replaceable`");
        Declaration d;
        d.isProtected = isProtected;
        if (accept("final"))
            d.isFinal = true;
        if (word("inner") || word("outer"))
            refuse("`" + cur().text + "`");
        if (word("replaceable"))
            refuse("`replaceable`");
        if (word("encapsulated") || word("partial") || (isClassKeyword(cur().text) && cur().kind == Kind::Identifier)) {
            c.classes.push_back(classDefinition(c.fullName));
            return;
        }
        if (word("stream"))
            refuse("a stream connector");
        if (accept("flow"))
            d.flow = true;
        if (accept("discrete")) {
        } else if (accept("parameter")) {
            d.parameter = true;
        } else if (accept("constant")) {
            d.constant = true;
        }
        if (accept("input"))
            d.input = true;
        else if (accept("output"))
            d.output = true;
        d.type = name();
        if (symbol("["))
            refuse("an array of components (`" + d.type + "[...]`)");
        // A list `Real a, b;` declares each with the same prefixes.
        const Declaration prefix = d;
        for (;;) {
            d.line = cur().line;
            d.name = ident();
            if (symbol("["))
                d.dimensions = subscripts();
            if (symbol("("))
                d.modifiers = classModification();
            if (accept("=")) {
                d.value = expression();
            } else if (symbol(":=")) {
                refuse("a binding with `:=` in a declaration");
            }
            if (accept("if"))
                d.condition = expression();
            comment(&d.description, &d.annotation);
            c.declarations.push_back(std::move(d));
            if (!accept(","))
                break;
            d = prefix;
        }
    }

    std::vector<Expr> subscripts()
    {
        Depth d(*this);
        expect("[");
        std::vector<Expr> out;
        do {
            if (symbol(":"))
                refuse("an unsized dimension `[:]`");
            out.push_back(expression());
        } while (accept(","));
        expect("]");
        return out;
    }

    std::string stringComment()
    {
        std::string s;
        if (cur().kind != Kind::String)
            return s;
        s = t_[p_++].text;
        while (symbol("+") && t_[p_ + 1].kind == Kind::String) {
            ++p_;
            s += t_[p_++].text;
        }
        return s;
    }
    void comment(std::string* description, std::vector<Argument>* annotation)
    {
        std::string s = stringComment();
        if (description)
            *description = std::move(s);
        if (accept("annotation")) {
            auto a = classModification();
            if (annotation)
                *annotation = std::move(a);
        }
    }

    std::vector<Argument> classModification()
    {
        Depth d(*this);
        expect("(");
        std::vector<Argument> out;
        if (accept(")"))
            return out;
        do {
            Argument a;
            a.line = cur().line;
            a.first = p_;
            if (word("redeclare"))
                refuse("`redeclare`");
            if (word("replaceable"))
                refuse("`replaceable`");
            for (;;) {
                if (accept("each"))
                    a.each = true;
                else if (accept("final"))
                    a.isFinal = true;
                else
                    break;
            }
            if (word("redeclare") || word("replaceable"))
                refuse("`" + cur().text + "`");
            a.name = name();
            if (symbol("("))
                a.modifiers = classModification();
            if (accept("="))
                a.value = expression();
            else if (symbol(":="))
                refuse("a modifier with `:=`");
            stringComment();
            a.last = p_;
            out.push_back(std::move(a));
        } while (accept(","));
        expect(")");
        return out;
    }

    std::string componentReference()
    {
        std::string s;
        for (;;) {
            s += ident();
            if (symbol("[")) {
                const size_t b = p_;
                subscripts();
                for (size_t i = b; i < p_; ++i)
                    s += t_[i].text;
            }
            if (!accept("."))
                return s;
            s += ".";
        }
    }

    void equations(std::vector<Equation>& out)
    {
        while (!atSectionEnd() && !word("annotation")) {
            Equation e;
            e.line = cur().line;
            for (const char* w : {"if", "for", "when"})
                if (word(w))
                    refuse(std::string("a ") + w + "-equation");
            if (word("assert") || word("terminate") || word("reinit"))
                refuse("`" + cur().text + "(...)` in an equation section");
            if (word("connect") && t_[p_ + 1].text == "(") {
                p_ += 2;
                e.connect = true;
                e.from = componentReference();
                expect(",");
                e.to = componentReference();
                expect(")");
            } else {
                e.lhs = expression();
                if (!symbol("="))
                    throw fail("expected '=' in an equation, found " + shown());
                ++p_;
                e.rhs = expression();
            }
            comment(nullptr, &e.annotation);
            expect(";");
            out.push_back(std::move(e));
        }
    }

    Statement statement()
    {
        Depth d(*this);
        Statement s;
        s.line = cur().line;
        if (accept("for")) {
            s.kind = Statement::Kind::For;
            s.target = nameExpr();
            expect("in");
            s.value = expression();
            expect("loop");
            while (!word("end"))
                s.body.push_back(statement());
            expect("end");
            expect("for");
            expect(";");
            return s;
        }
        for (const char* w : {"if", "while", "when", "return", "break"})
            if (word(w))
                refuse(std::string("`") + w + "` in an algorithm");
        if (symbol("("))
            refuse("an assignment of several outputs `(a, b) := f(...)`");
        s.target = primary();
        if (s.target.kind != Expr::Kind::Name)
            throw fail("expected a variable to assign to");
        if (!accept(":="))
            throw fail("expected ':=' in an algorithm, found " + shown());
        s.value = expression();
        comment(nullptr, nullptr);
        expect(";");
        return s;
    }

    // ---- expressions ----
    Expr node(Expr::Kind k, size_t first)
    {
        Expr e;
        e.kind = k;
        e.first = first;
        e.line = t_[first].line;
        return e;
    }
    // A chain `a + b + c ...` nests one level per operator without brackets; its height is
    // bounded as well, so that walking a tree never recurses deeper than the limit allows.
    Expr finish(Expr e)
    {
        e.last = p_;
        e.height = 1;
        for (const Expr& a : e.args)
            e.height = std::max(e.height, a.height + 1);
        for (const auto& row : e.rows)
            for (const Expr& a : row)
                e.height = std::max(e.height, a.height + 1);
        if (e.height > kMostModelicaExpressionHeight)
            throw fail("an expression of more than " + std::to_string(kMostModelicaExpressionHeight) +
                       " operators in a chain");
        return e;
    }
    Expr binary(const std::string& op, Expr a, Expr b)
    {
        Expr e = node(Expr::Kind::Binary, a.first);
        e.text = op;
        e.args.push_back(std::move(a));
        e.args.push_back(std::move(b));
        return finish(std::move(e));
    }

    Expr expression()
    {
        Depth d(*this);
        const size_t b = p_;
        if (accept("if")) {
            Expr e = node(Expr::Kind::If, b);
            e.args.push_back(expression());
            expect("then");
            e.args.push_back(expression());
            while (accept("elseif")) {
                e.args.push_back(expression());
                expect("then");
                e.args.push_back(expression());
            }
            expect("else");
            e.args.push_back(expression());
            return finish(std::move(e));
        }
        Expr a = logical();
        if (!symbol(":"))
            return a;
        Expr r = node(Expr::Kind::Range, b);
        r.args.push_back(std::move(a));
        while (accept(":"))
            r.args.push_back(logical());
        if (r.args.size() > 3)
            throw fail("a range has at most three parts (a:b:c)");
        return finish(std::move(r));
    }
    Expr logical()
    {
        Expr a = logicalTerm();
        while (accept("or"))
            a = binary("or", std::move(a), logicalTerm());
        return a;
    }
    Expr logicalTerm()
    {
        Expr a = logicalFactor();
        while (accept("and"))
            a = binary("and", std::move(a), logicalFactor());
        return a;
    }
    Expr logicalFactor()
    {
        const size_t b = p_;
        if (accept("not")) {
            Depth d(*this);
            Expr e = node(Expr::Kind::Unary, b);
            e.text = "not";
            e.args.push_back(logicalFactor());
            return finish(std::move(e));
        }
        Expr a = arithmetic();
        for (const char* op : {"<", "<=", ">", ">=", "==", "<>"})
            if (symbol(op)) {
                ++p_;
                return binary(op, std::move(a), arithmetic());
            }
        return a;
    }
    Expr arithmetic()
    {
        const size_t b = p_;
        Expr a;
        if (symbol("+") || symbol("-")) {
            Expr u = node(Expr::Kind::Unary, b);
            u.text = t_[p_++].text;
            u.args.push_back(term());
            a = finish(std::move(u));
        } else {
            a = term();
        }
        while (symbol("+") || symbol("-") || symbol(".+") || symbol(".-")) {
            const std::string op = t_[p_++].text;
            a = binary(op, std::move(a), term());
        }
        return a;
    }
    Expr term()
    {
        Expr a = factor();
        while (symbol("*") || symbol("/") || symbol(".*") || symbol("./")) {
            const std::string op = t_[p_++].text;
            a = binary(op, std::move(a), factor());
        }
        return a;
    }
    Expr factor()
    {
        Expr a = primary();
        if (symbol("^") || symbol(".^")) {
            const std::string op = t_[p_++].text;
            a = binary(op, std::move(a), primary());
        }
        return a;
    }
    Expr nameExpr()
    {
        const size_t b = p_;
        Expr e = node(Expr::Kind::Name, b);
        e.text = name();
        return finish(std::move(e));
    }
    Expr primary()
    {
        Depth d(*this);
        const size_t b = p_;
        const Token& t = cur();
        if (t.kind == Kind::Number) {
            Expr e = node(Expr::Kind::Number, b);
            e.number = std::strtod(t.text.c_str(), nullptr);
            ++p_;
            return finish(std::move(e));
        }
        if (t.kind == Kind::String) {
            Expr e = node(Expr::Kind::String, b);
            e.text = t.text;
            ++p_;
            return finish(std::move(e));
        }
        if (word("true") || word("false")) {
            Expr e = node(Expr::Kind::Boolean, b);
            e.number = t.text == "true";
            ++p_;
            return finish(std::move(e));
        }
        if (word("end")) {
            ++p_;
            return finish(node(Expr::Kind::End, b));
        }
        if (word("function"))
            refuse("a function argument (`function f(...)`)");
        if (accept("(")) {
            if (symbol(")") || symbol(","))
                refuse("an output list `(a, b)`");
            Expr inner = expression();
            if (symbol(","))
                refuse("an output list `(a, b)`");
            expect(")");
            // The brackets stay in the token range, so the text keeps them.
            inner.first = b;
            inner.last = p_;
            return inner;
        }
        if (accept("[")) {
            Expr e = node(Expr::Kind::Matrix, b);
            if (!symbol("]"))
                do {
                    std::vector<Expr> row;
                    do
                        row.push_back(expression());
                    while (accept(","));
                    e.rows.push_back(std::move(row));
                } while (accept(";"));
            expect("]");
            return finish(std::move(e));
        }
        if (accept("{")) {
            Expr e = node(Expr::Kind::Array, b);
            if (!symbol("}"))
                do {
                    e.args.push_back(expression());
                    if (word("for"))
                        refuse("an array constructor with `for`");
                } while (accept(","));
            expect("}");
            return finish(std::move(e));
        }
        if (t.kind != Kind::Identifier && !symbol("."))
            throw fail("expected an expression, found " + shown());
        Expr e = node(Expr::Kind::Name, b);
        e.text = name();
        if (symbol("(")) {
            e.kind = Expr::Kind::Call;
            ++p_;
            if (!symbol(")"))
                do {
                    std::string argName;
                    if (cur().kind == Kind::Identifier && t_[p_ + 1].kind == Kind::Symbol && t_[p_ + 1].text == "=") {
                        argName = ident();
                        ++p_;
                    }
                    e.argNames.push_back(argName);
                    e.args.push_back(expression());
                    if (word("for"))
                        refuse("a reduction with `for`");
                } while (accept(","));
            expect(")");
            return finish(std::move(e));
        }
        if (symbol("[")) {
            e.args = subscripts();
            if (symbol("."))
                refuse("a subscripted name followed by a member (`a[1].b`) in an expression");
        }
        return finish(std::move(e));
    }

    std::vector<Token>& t_;
    const std::string& file_;
    size_t p_ = 0;
    int depth_ = 0;
};

} // namespace

StoredDefinition parseModelica(const std::string& text, const std::string& file)
{
    std::vector<Token> tokens = tokenize(text, file);
    Parser parser(tokens, file);
    StoredDefinition sd = parser.storedDefinition();
    sd.tokens = std::move(tokens);
    return sd;
}

std::string expressionText(const std::vector<Token>& tokens, const Expr& e, const Replacement& replace)
{
    // The replaced ranges, found by walking the tree (as deep as the parser allowed).
    std::vector<std::pair<const Expr*, std::string>> swaps;
    auto walk = [&](auto&& self, const Expr& x) -> void {
        if (replace && (x.kind == Expr::Kind::Name || x.kind == Expr::Kind::Call))
            if (std::optional<std::string> r = replace(x)) {
                swaps.emplace_back(&x, *r);
                return;
            }
        for (const Expr& a : x.args)
            self(self, a);
        for (const auto& row : x.rows)
            for (const Expr& a : row)
                self(self, a);
    };
    walk(walk, e);
    std::string out;
    size_t i = e.first;
    auto emit = [&](const Token& t, const std::string& text) {
        if (i != e.first && t.spaceBefore)
            out += ' ';
        out += text;
    };
    while (i < e.last) {
        bool swapped = false;
        for (const auto& [x, r] : swaps)
            if (x->first == i) {
                emit(tokens[i], r);
                i = x->last;
                swapped = true;
                break;
            }
        if (swapped)
            continue;
        const Token& t = tokens[i];
        if (t.kind == Token::Kind::String) {
            std::string q = "\"";
            for (char c : t.text)
                q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
            emit(t, q + "\"");
        } else {
            emit(t, t.text);
        }
        ++i;
    }
    return out;
}

std::string tokenText(const std::vector<Token>& tokens, size_t first, size_t last)
{
    Expr range;
    range.first = first;
    range.last = last;
    return expressionText(tokens, range);
}

} // namespace flange::modelica
