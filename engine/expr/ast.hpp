#pragma once
// Parse tree of one expression or equation, names still unresolved. The flattener
// resolves names and lowers it into the hash-consed Pool.
#include <memory>
#include <string>
#include <vector>

namespace flange::expr {

struct Ast;
using AstPtr = std::shared_ptr<const Ast>;

struct Ast {
    enum class Kind { Number, Boolean, Ident, Unary, Binary, If, Call, Matrix };
    Kind kind = Kind::Number;
    double number = 0;      // Number; Boolean as 0/1
    std::string name;       // Ident (dotted), Unary/Binary operator, Call function name
    std::vector<AstPtr> args; // operands; If: c1, e1, c2, e2, ..., else; Matrix: rows as Call "row"
    int column = 0;         // 0-based offset in the source text, for messages
};

// An equation `lhs = rhs`, or `reinit(x, e)` (then rhs is null and lhs is the call).
struct AstEquation {
    AstPtr lhs;
    AstPtr rhs;
};

} // namespace flange::expr
