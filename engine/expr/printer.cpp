#include "engine/expr/printer.hpp"

#include <sstream>
#include <vector>

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

// One operand of a node's text: the text before it, the operand (kNone after the last)
// and the precedence it is printed at.
struct Piece {
    std::string before;
    NodeId operand = kNone;
    int outer = 0;
};

// A node being printed: its pieces, the next one, and whether it is in parentheses.
struct Frame {
    std::vector<Piece> pieces;
    size_t next = 0;
    bool parenthesize = false;
};

// A leaf's text, or false for a node with operands.
bool leafText(const Node& n, const std::function<std::string(int32_t)>& name, int outer, std::string& s)
{
    switch (n.op) {
    case Op::Const:
    case Op::Param: { // a parameter reads as its value, as it did when folded
        std::ostringstream o;
        o.precision(17);
        o << n.value;
        s = o.str();
        if (n.value < 0 && outer > 5)
            s = "(" + s + ")";
        return true;
    }
    case Op::Time: s = "time"; return true;
    case Op::Initial: s = "initial()"; return true;
    case Op::Var:
    case Op::Disc: s = name(n.index); return true;
    case Op::Pre: s = "pre(" + name(n.index) + ")"; return true;
    case Op::Rel: s = "rel[" + std::to_string(n.index) + "]"; return true;
    default: return false;
    }
}

Frame frameOf(const Node& n, int outer)
{
    const int prec = precedence(n.op);
    Frame f;
    switch (n.op) {
    case Op::Neg: f.pieces = {{"-", n.a, prec}}; break;
    case Op::Not: f.pieces = {{"not ", n.a, prec}}; break;
    case Op::If: f.pieces = {{"if ", n.a, 0}, {" then ", n.b, 0}, {" else ", n.c, 0}}; break;
    case Op::Interp:
    case Op::InterpSlope:
        f.pieces = {{std::string(n.op == Op::Interp ? "interpolate" : "interpolateSlope") + "(table" +
                         std::to_string(n.index) + ", ",
                     n.a, 0},
                    {", ", n.b, 0}};
        f.pieces.push_back({")", kNone, 0});
        return f;
    default:
        if (n.op >= Op::Sin && n.op <= Op::Integer) {
            f.pieces = {{std::string(opName(n.op)) + "(", n.a, 0}, {")", kNone, 0}};
            return f;
        }
        if ((n.op >= Op::Atan2 && n.op <= Op::IntDiv) || n.op == Op::WithDer) {
            f.pieces = {{std::string(opName(n.op)) + "(", n.a, 0}, {", ", n.b, 0}, {")", kNone, 0}};
            return f;
        }
        // Binary: left-associative, so the right operand needs parentheses at equal precedence.
        f.pieces = {{"", n.a, prec}, {std::string(" ") + opName(n.op) + " ", n.b, prec + 1}};
    }
    f.pieces.push_back({"", kNone, 0});
    f.parenthesize = prec < outer;
    return f;
}

} // namespace

// With a stack of frames instead of recursion (an expression can be as deep as the model
// is long), writing the text from left to right into one string: a node's parentheses
// are known when it starts.
std::string toString(const Pool& pool, NodeId id, const std::function<std::string(int32_t)>& varName)
{
    // An expression of parameters prints as the number it was folded into before they were kept.
    const auto leafOf = [&pool, &varName](NodeId k, int outer, std::string& s) {
        if (!pool.ofParameters(k) || pool.node(k).op == Op::Param)
            return leafText(pool.node(k), varName, outer, s);
        Node folded;
        folded.value = pool.node(k).value;
        return leafText(folded, varName, outer, s);
    };
    std::string out;
    if (leafOf(id, 0, out))
        return out;
    std::vector<Frame> frames;
    auto start = [&](const Node& n, int outer) {
        frames.push_back(frameOf(n, outer));
        if (frames.back().parenthesize)
            out += '(';
    };
    start(pool.node(id), 0);
    std::string leaf;
    while (!frames.empty()) {
        Frame& f = frames.back();
        const Piece& piece = f.pieces[f.next++];
        out += piece.before;
        if (piece.operand == kNone) {
            if (f.parenthesize)
                out += ')';
            frames.pop_back();
        } else if (leafOf(piece.operand, piece.outer, leaf)) {
            out += leaf;
        } else {
            start(pool.node(piece.operand), piece.outer); // f is stale from here
        }
    }
    return out;
}

} // namespace flange::expr
