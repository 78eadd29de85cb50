#include "engine/expr/evaluate.hpp"

namespace flange::expr {

double evaluate(const Pool& pool, NodeId id, const EvalContext& ctx)
{
    const Node& n = pool.node(id);
    switch (n.op) {
    case Op::Const: return n.value;
    case Op::Time: return ctx.time;
    case Op::Initial: return ctx.initial ? 1.0 : 0.0;
    case Op::Var: return ctx.vars ? ctx.vars[n.index] : 0.0;
    case Op::Disc: return ctx.disc ? ctx.disc[n.index] : 0.0;
    case Op::Pre: return ctx.pre ? ctx.pre[n.index] : 0.0;
    case Op::Rel:
        if (ctx.reached)
            ctx.reached[n.index] = 1;
        return ctx.rel ? ctx.rel[n.index] : 0.0;
    case Op::If: return evaluate(pool, n.a, ctx) != 0 ? evaluate(pool, n.b, ctx) : evaluate(pool, n.c, ctx);
    case Op::And: return (evaluate(pool, n.a, ctx) != 0 && evaluate(pool, n.b, ctx) != 0) ? 1.0 : 0.0;
    case Op::Or: return (evaluate(pool, n.a, ctx) != 0 || evaluate(pool, n.b, ctx) != 0) ? 1.0 : 0.0;
    case Op::Interp:
    case Op::InterpSlope:
        return interpolateTable(pool.table(n.index), evaluate(pool, n.a, ctx), static_cast<int>(pool.node(n.b).value),
                                n.op == Op::InterpSlope,
                                n.c == kNone ? -1 : static_cast<int>(evaluate(pool, n.c, ctx)));
    default:
        if (n.b == kNone)
            return applyUnary(n.op, evaluate(pool, n.a, ctx));
        return applyBinary(n.op, evaluate(pool, n.a, ctx), evaluate(pool, n.b, ctx));
    }
}

} // namespace flange::expr
