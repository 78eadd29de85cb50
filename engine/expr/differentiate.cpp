#include "engine/expr/differentiate.hpp"

#include <cmath>
#include <utility>
#include <vector>

namespace flange::expr {

Differentiator::Differentiator(Pool& pool, std::function<NodeId(const Node&)> leaf, bool timeMode)
    : pool_(pool), leaf_(std::move(leaf)), timeMode_(timeMode)
{
    memo_.clear();
}

NodeId Differentiator::operator()(NodeId root)
{
    // Children before parents, with a stack of our own: an expression can be as deep as
    // the model is long (a chain of parameters, a long table's event count), deeper than
    // the thread's stack would allow a recursion.
    ThreadScratch<std::vector<std::pair<NodeId, bool>>> scratch;
    std::vector<std::pair<NodeId, bool>>& stack = scratch.get();
    stack.assign(1, {root, false});
    while (!stack.empty()) {
        const auto [id, expanded] = stack.back();
        stack.pop_back();
        if (memo_.contains(id))
            continue;
        const Node& n = pool_.node(id);
        if (expanded) {
            memo_.set(id, derivative(id));
            continue;
        }
        stack.push_back({id, true});
        const std::array<NodeId, 2> needed = differentiatedOperands(n);
        for (auto ch = needed.rbegin(); ch != needed.rend(); ++ch) // the first operand first
            if (*ch != kNone && !memo_.contains(*ch))
                stack.push_back({*ch, false});
    }
    return memo_.at(root);
}

std::array<NodeId, 2> Differentiator::differentiatedOperands(const Node& n) const
{
    switch (n.op) {
    case Op::Const: case Op::Param: case Op::Initial: case Op::Disc: case Op::Pre: case Op::Rel: case Op::Not: case Op::And:
    case Op::Or: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne: case Op::Sign:
    case Op::Floor: case Op::Ceil: case Op::Integer: case Op::IntDiv: case Op::InterpSlope: case Op::Var:
    case Op::Time:
        return {kNone, kNone};
    case Op::If: return {n.b, n.c};
    case Op::WithDer: return {timeMode_ ? kNone : n.a, kNone};
    case Op::Interp: case Op::Mod: case Op::Rem: return {n.a, kNone};
    default: return {n.a, n.b};
    }
}

// The derivative of one node whose differentiated operands (differentiatedOperands) have theirs.
NodeId Differentiator::derivative(NodeId id)
{
    const Node n = pool_.node(id);
    Pool& p = pool_;
    NodeId z = p.zero();
    NodeId r = z;
    auto d = [this](NodeId operand) { return memo_.at(operand); };
    auto da = [&] { return d(n.a); };
    auto db = [&] { return d(n.b); };
    switch (n.op) {
    case Op::Const:
    case Op::Param:
    case Op::Initial:
    case Op::Disc:
    case Op::Pre:
    case Op::Rel:
    case Op::Not:
    case Op::And:
    case Op::Or:
    case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne:
    case Op::Sign: case Op::Floor: case Op::Ceil: case Op::Integer: case Op::IntDiv:
    case Op::InterpSlope:
        r = z;
        break;
    case Op::Var:
    case Op::Time:
        r = leaf_(n);
        break;
    case Op::Neg: r = p.neg(da()); break;
    case Op::Add: r = p.add(da(), db()); break;
    case Op::Sub: r = p.sub(da(), db()); break;
    case Op::Mul: r = p.add(p.mul(da(), n.b), p.mul(n.a, db())); break;
    case Op::Div: {
        NodeId num = p.sub(p.mul(da(), n.b), p.mul(n.a, db()));
        r = num == z ? z : p.div(num, p.mul(n.b, n.b));
        break;
    }
    case Op::Pow: {
        NodeId ad = da(), bd = db();
        if (bd == z) {
            if (ad == z)
                break;
            // b * a^(b-1) * a'
            r = p.mul(p.mul(n.b, p.pow(n.a, p.sub(n.b, p.one()))), ad);
        } else {
            // a^b * (b' log a + b a'/a)
            r = p.mul(id, p.add(p.mul(bd, p.unary(Op::Log, n.a)), p.div(p.mul(n.b, ad), n.a)));
        }
        break;
    }
    case Op::If: r = p.ifThenElse(n.a, d(n.b), d(n.c)); break;
    case Op::Sin: r = p.mul(p.unary(Op::Cos, n.a), da()); break;
    case Op::Cos: r = p.neg(p.mul(p.unary(Op::Sin, n.a), da())); break;
    case Op::Tan: {
        NodeId c = p.unary(Op::Cos, n.a);
        r = p.div(da(), p.mul(c, c));
        break;
    }
    case Op::Asin: r = p.div(da(), p.unary(Op::Sqrt, p.sub(p.one(), p.mul(n.a, n.a)))); break;
    case Op::Acos: r = p.neg(p.div(da(), p.unary(Op::Sqrt, p.sub(p.one(), p.mul(n.a, n.a))))); break;
    case Op::Atan: r = p.div(da(), p.add(p.one(), p.mul(n.a, n.a))); break;
    case Op::Sinh: r = p.mul(p.unary(Op::Cosh, n.a), da()); break;
    case Op::Cosh: r = p.mul(p.unary(Op::Sinh, n.a), da()); break;
    case Op::Tanh: r = p.mul(p.sub(p.one(), p.mul(id, id)), da()); break;
    case Op::Exp: r = p.mul(id, da()); break;
    case Op::Log: r = p.div(da(), n.a); break;
    case Op::Log10: r = p.div(da(), p.mul(p.constant(std::log(10.0)), n.a)); break;
    case Op::Sqrt: r = p.div(da(), p.mul(p.constant(2.0), id)); break;
    case Op::Abs: {
        // Evaluated directly (no event): the slope is +1 at zero, which keeps Newton moving.
        NodeId ad = da();
        r = ad == z ? z : p.ifThenElse(p.compare(Op::Ge, n.a, z), ad, p.neg(ad));
        break;
    }
    case Op::Atan2: {
        // d atan2(y, x) = (x y' - y x') / (x^2 + y^2)
        NodeId num = p.sub(p.mul(n.b, da()), p.mul(n.a, db()));
        r = num == z ? z : p.div(num, p.add(p.mul(n.a, n.a), p.mul(n.b, n.b)));
        break;
    }
    case Op::Min: r = p.ifThenElse(p.compare(Op::Lt, n.a, n.b), da(), db()); break;
    case Op::Max: r = p.ifThenElse(p.compare(Op::Gt, n.a, n.b), da(), db()); break;
    case Op::Mod:
    case Op::Rem: r = da(); break;
    case Op::WithDer:
        // d/dt is the given derivative, not a differentiation of a; a partial derivative
        // (for a Jacobian) is that of the value a.
        r = timeMode_ ? n.b : da();
        break;
    case Op::Interp: {
        NodeId ud = da();
        // The event interval (n.c) is constant between events: it has no derivative.
        r = ud == z ? z : p.mul(p.interp(n.index, n.a, static_cast<int>(p.node(n.b).value), true, n.c), ud);
        break;
    }
    }
    return r;
}

NodeId partial(Pool& pool, NodeId root, int32_t v)
{
    Differentiator diff(pool, [&pool, v](const Node& n) {
        return (n.op == Op::Var && n.index == v) ? pool.one() : pool.zero();
    });
    return diff(root);
}

NodeId timeDerivative(Pool& pool, NodeId root, const std::function<int32_t(int32_t)>& derivativeOf)
{
    Differentiator diff(pool, [&pool, &derivativeOf](const Node& n) {
        if (n.op == Op::Time)
            return pool.one();
        return pool.var(derivativeOf(n.index));
    }, true);
    return diff(root);
}

} // namespace flange::expr
