#include "engine/expr/evaluate.hpp"

#include "engine/expr/thread_scratch.hpp"

#include <vector>

namespace flange::expr {

namespace {

// A node being evaluated: which operand comes next, and the first operand's value.
struct Frame {
    NodeId id = kNone;
    int stage = 0;
    double a = 0;
};

// A leaf's value, or false for a node with operands.
bool leafValue(const Node& n, const EvalContext& ctx, double& value)
{
    switch (n.op) {
    case Op::Const: value = n.value; return true;
    case Op::Param: value = ctx.parameters ? ctx.parameters[n.index] : n.value; return true;
    case Op::Time: value = ctx.time; return true;
    case Op::Initial: value = ctx.initial ? 1.0 : 0.0; return true;
    case Op::Var: value = ctx.vars ? ctx.vars[n.index] : 0.0; return true;
    case Op::Disc: value = ctx.disc ? ctx.disc[n.index] : 0.0; return true;
    case Op::Pre: value = ctx.pre ? ctx.pre[n.index] : 0.0; return true;
    case Op::Rel:
        if (ctx.reached)
            ctx.reached[n.index] = 1;
        value = ctx.rel ? ctx.rel[n.index] : 0.0;
        return true;
    default: return false;
    }
}

// One step of a node's evaluation: value is that of the operand asked for last. Returns
// the next operand to evaluate, or kNone when the node's value is in value. An
// if-expression evaluates only its chosen branch and and/or stop early, as in C, so a
// relation in a branch not taken is not marked reached.
NodeId advance(const Pool& pool, Frame& f, const EvalContext& ctx, double& value)
{
    const Node& n = pool.node(f.id);
    const int stage = f.stage++;
    if (stage == 0)
        return n.a;
    switch (n.op) {
    case Op::If:
        if (stage == 1)
            return value != 0 ? n.b : n.c;
        return kNone;
    case Op::And:
    case Op::Or:
        if (stage == 1 && (value != 0) == (n.op == Op::And))
            return n.b;
        value = value != 0 ? 1.0 : 0.0;
        return kNone;
    case Op::Interp:
    case Op::InterpSlope:
        if (stage == 1) {
            f.a = value;
            if (n.c != kNone)
                return n.c;
        }
        value = interpolateTable(pool.table(n.index), f.a, static_cast<int>(pool.node(n.b).value),
                                 n.op == Op::InterpSlope, n.c == kNone ? -1 : static_cast<int>(value));
        return kNone;
    default:
        if (n.b == kNone) {
            value = applyUnary(n.op, value);
            return kNone;
        }
        if (stage == 1) {
            f.a = value;
            return n.b;
        }
        value = applyBinary(n.op, f.a, value);
        return kNone;
    }
}

} // namespace

// With a stack of frames instead of recursion: an expression can be as deep as the model
// is long (a chain of parameters, a long table's event count).
double evaluate(const Pool& pool, NodeId root, const EvalContext& ctx)
{
    double value = 0;
    if (leafValue(pool.node(root), ctx, value))
        return value;
    ThreadScratch<std::vector<Frame>> scratch;
    std::vector<Frame>& frames = scratch.get();
    frames.assign(1, Frame{root});
    while (!frames.empty()) {
        const NodeId next = advance(pool, frames.back(), ctx, value);
        if (next == kNone)
            frames.pop_back();
        else if (!leafValue(pool.node(next), ctx, value))
            frames.push_back(Frame{next});
    }
    return value;
}

} // namespace flange::expr
