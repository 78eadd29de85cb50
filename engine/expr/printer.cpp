#include "engine/expr/printer.hpp"

#include <sstream>

namespace flange::expr {
namespace {

int precedence(Op op)
{
    switch (op) {
    case Op::If: return 0;
    case Op::Or: return 1;
    case Op::And: return 2;
    case Op::Not: return 3;
    case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne: return 4;
    case Op::Add: case Op::Sub: return 5;
    case Op::Mul: case Op::Div: return 6;
    case Op::Neg: return 7;
    case Op::Pow: return 8;
    default: return 9;
    }
}

std::string print(const Pool& p, NodeId id, const std::function<std::string(int32_t)>& name, int outer)
{
    const Node& n = p.node(id);
    std::string s;
    int prec = precedence(n.op);
    switch (n.op) {
    case Op::Const: {
        std::ostringstream o;
        o.precision(17);
        o << n.value;
        s = o.str();
        if (n.value < 0 && outer > 5)
            s = "(" + s + ")";
        return s;
    }
    case Op::Time: return "time";
    case Op::Initial: return "initial()";
    case Op::Var:
    case Op::Disc: return name(n.index);
    case Op::Pre: return "pre(" + name(n.index) + ")";
    case Op::Rel: return "rel[" + std::to_string(n.index) + "]";
    // Appended, not "-" + print(...): GCC 12 warns (-Wrestrict, a false positive) on a
    // literal joined to a temporary string there.
    case Op::Neg: s = "-"; s += print(p, n.a, name, prec); break;
    case Op::Not: s = "not "; s += print(p, n.a, name, prec); break;
    case Op::If:
        s = "if " + print(p, n.a, name, 0) + " then " + print(p, n.b, name, 0) + " else " + print(p, n.c, name, 0);
        break;
    case Op::Interp:
    case Op::InterpSlope:
        return std::string(n.op == Op::Interp ? "interpolate" : "interpolateSlope") + "(table" +
               std::to_string(n.index) + ", " + print(p, n.a, name, 0) + ", " + print(p, n.b, name, 0) + ")";
    default:
        if (n.op >= Op::Sin && n.op <= Op::Integer)
            return std::string(opName(n.op)) + "(" + print(p, n.a, name, 0) + ")";
        if ((n.op >= Op::Atan2 && n.op <= Op::IntDiv) || n.op == Op::WithDer)
            return std::string(opName(n.op)) + "(" + print(p, n.a, name, 0) + ", " + print(p, n.b, name, 0) + ")";
        // Binary: left-associative, so the right operand needs parentheses at equal precedence.
        s = print(p, n.a, name, prec) + " " + opName(n.op) + " " + print(p, n.b, name, prec + 1);
    }
    if (prec < outer)
        s = "(" + s + ")";
    return s;
}

} // namespace

std::string toString(const Pool& pool, NodeId id, const std::function<std::string(int32_t)>& varName)
{
    return print(pool, id, varName, 0);
}

} // namespace flange::expr
