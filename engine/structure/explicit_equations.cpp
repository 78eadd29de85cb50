#include "engine/structure/explicit_equations.hpp"

#include "engine/expr/node_map.hpp"
#include "engine/structure/strong_components.hpp"

#include <algorithm>
#include <cmath>

namespace flange::structure {

using expr::kNone;
using expr::Node;
using expr::NodeId;
using expr::Op;

namespace {

// How an expression depends on v: not at all, affinely with a constant coefficient
// (through sums, constant factors and divisors, and branches whose condition is free of v
// and whose coefficients agree), or otherwise. Only in the affine case is
// F(v) = c*v + F(0) exact, so that v = -F(0)/c. The coefficient is an expression of numbers
// and parameters kept as leaves (J of J*a = tau1 + tau2), so that a run's value of J
// solves for a as translation at that value would.
struct Dependence {
    enum Kind : uint8_t { None, Affine, Other } kind = None;
    NodeId coefficient = kNone; // for Affine
};

// A number or an expression of parameters, read without deciding anything by its value.
bool constantNode(const expr::Pool& pool, NodeId id, const Dependence& d)
{
    return d.kind == Dependence::None && (pool.node(id).op == Op::Const || pool.ofParameters(id));
}

Dependence combine(expr::Pool& pool, const Node& n, int32_t v, const expr::NodeMap<Dependence>& deps)
{
    using D = Dependence;
    auto dep = [&](NodeId c) { return c == kNone ? D{} : deps.at(c); };
    const D a = dep(n.a), b = dep(n.b), c = dep(n.c);
    if (a.kind == D::Other || b.kind == D::Other || c.kind == D::Other)
        return {D::Other};
    auto coefficient = [&pool](const D& d) { return d.kind == D::Affine ? d.coefficient : pool.zero(); };
    switch (n.op) {
    case Op::Var: return n.index == v ? D{D::Affine, pool.one()} : D{};
    case Op::Neg: return a.kind == D::Affine ? D{D::Affine, pool.neg(a.coefficient)} : D{};
    case Op::Add:
    case Op::Sub: {
        if (a.kind == D::None && b.kind == D::None)
            return {};
        return {D::Affine, n.op == Op::Add ? pool.add(coefficient(a), coefficient(b))
                                           : pool.sub(coefficient(a), coefficient(b))};
    }
    case Op::Mul: {
        if (a.kind == D::None && b.kind == D::None)
            return {};
        if (a.kind == D::Affine && b.kind == D::Affine)
            return {D::Other};
        const bool first = a.kind == D::Affine;
        const NodeId factor = first ? n.b : n.a;
        if (!constantNode(pool, factor, first ? b : a))
            return {D::Other};
        return {D::Affine, pool.mul(factor, first ? a.coefficient : b.coefficient)};
    }
    case Op::Div: {
        if (a.kind == D::None && b.kind == D::None)
            return {};
        // The divisor's value decides whether v can be solved for: a parameter in it is structural.
        if (a.kind != D::Affine || b.kind != D::None || !pool.isConst(n.b) || !std::isfinite(pool.constValue(n.b)) ||
            pool.constValue(n.b) == 0)
            return {D::Other};
        return {D::Affine, pool.div(a.coefficient, n.b)};
    }
    case Op::If:
        if (a.kind != D::None)
            return {D::Other};
        if (b.kind == D::None && c.kind == D::None)
            return {};
        return b.kind == D::Affine && c.kind == D::Affine && b.coefficient == c.coefficient ? b : D{D::Other};
    default: return a.kind == D::None && b.kind == D::None && c.kind == D::None ? D{} : D{D::Other};
    }
}

// Whether an expression of numbers and parameters is other than 0 wherever its parameters
// are (a run never sets a parameter kept as a leaf to 0): products, quotients and
// negations of such parameters and numbers other than 0.
bool nonZeroForAnyValues(const expr::Pool& pool, NodeId id)
{
    const Node& n = pool.node(id);
    switch (n.op) {
    case Op::Const: return n.value != 0 && std::isfinite(n.value);
    case Op::Param: return true;
    case Op::Neg: return nonZeroForAnyValues(pool, n.a);
    case Op::Mul:
    case Op::Div: return nonZeroForAnyValues(pool, n.a) && nonZeroForAnyValues(pool, n.b);
    default: return false;
    }
}

// The coefficient c of v in an equation affine in v, if it is a finite non-zero number, or
// an expression of parameters that is (its parameters structural unless it is so at any
// of their values).
NodeId constantCoefficient(expr::Pool& pool, NodeId residual, int32_t v, expr::NodeMap<Dependence>& deps)
{
    deps.clear();
    // Bottom-up, outside the visit: combining adds nodes to the pool.
    std::vector<NodeId> order;
    pool.visit(residual, [&order](NodeId id, const Node&) { order.push_back(id); });
    for (NodeId id : order) {
        const Node n = pool.node(id);
        deps.set(id, combine(pool, n, v, deps));
    }
    const Dependence d = deps.at(residual);
    if (d.kind != Dependence::Affine)
        return kNone;
    if (pool.node(d.coefficient).op != Op::Const && nonZeroForAnyValues(pool, d.coefficient))
        return d.coefficient;
    if (!pool.isConst(d.coefficient) || !std::isfinite(pool.constValue(d.coefficient)) ||
        pool.constValue(d.coefficient) == 0)
        return kNone;
    return d.coefficient;
}

} // namespace

ExplicitEquations solveExplicitEquations(flatten::FlatModel& m, DaeStructure& s, const std::vector<int32_t>& matchedVar,
                                         const CancelFlag& cancelled)
{
    expr::Pool& pool = m.pool;
    const size_t nEq = s.eqs.size();
    std::vector<NodeId> coefficient(nEq, kNone);
    std::vector<int32_t> candidateEq(m.vars.size(), -1);
    expr::NodeMap<Dependence> degrees;
    for (size_t r = 0; r < nEq; ++r) {
        int32_t v = matchedVar[r];
        if (v < 0)
            continue;
        coefficient[r] = constantCoefficient(pool, s.eqs[r].residual, v, degrees);
        if (coefficient[r] != kNone)
            candidateEq[static_cast<size_t>(v)] = static_cast<int32_t>(r);
    }
    throwIfCancelled(cancelled, "translation");

    // Candidates that depend on each other in a cycle form an algebraic loop: they stay
    // unknowns of the solver. The rest are computed in dependency order.
    std::vector<int32_t> eqOfNode;
    std::vector<int32_t> nodeOfEq(nEq, -1);
    for (size_t r = 0; r < nEq; ++r)
        if (coefficient[r] != kNone) {
            nodeOfEq[r] = static_cast<int32_t>(eqOfNode.size());
            eqOfNode.push_back(static_cast<int32_t>(r));
        }
    std::vector<std::vector<int32_t>> deps(eqOfNode.size());
    for (size_t k = 0; k < eqOfNode.size(); ++k) {
        const auto r = static_cast<size_t>(eqOfNode[k]);
        for (int32_t u : s.incidence[r]) {
            int32_t e = candidateEq[static_cast<size_t>(u)];
            if (e >= 0 && static_cast<size_t>(e) != r)
                deps[k].push_back(nodeOfEq[static_cast<size_t>(e)]);
        }
    }

    ExplicitEquations out;
    std::vector<NodeId> valueOf(m.vars.size(), kNone);
    std::vector<int32_t> computedIndex(m.vars.size(), -1);
    std::vector<char> removed(nEq, 0);
    expr::NodeMap<NodeId> memo; // per equation: its leaves differ
    for (const auto& block : strongComponents(deps)) {
        if (block.size() != 1)
            continue;
        const auto r = static_cast<size_t>(eqOfNode[static_cast<size_t>(block[0])]);
        const int32_t v = matchedVar[r];
        ComputedVariable cv;
        cv.var = v;
        cv.origin = std::move(s.eqs[r].origin); // the equation leaves the system
        memo.clear();
        NodeId rest = pool.rewrite(
            s.eqs[r].residual,
            [&](const Node& n) -> NodeId {
                if (n.op != Op::Var)
                    return kNone;
                if (n.index == v)
                    return pool.zero();
                const auto u = static_cast<size_t>(n.index);
                if (valueOf[u] == kNone)
                    return kNone;
                cv.reads.push_back(computedIndex[u]);
                return valueOf[u];
            },
            memo);
        std::sort(cv.reads.begin(), cv.reads.end());
        cv.reads.erase(std::unique(cv.reads.begin(), cv.reads.end()), cv.reads.end());
        cv.value = pool.div(pool.neg(rest), coefficient[r]);
        valueOf[static_cast<size_t>(v)] = cv.value;
        computedIndex[static_cast<size_t>(v)] = static_cast<int32_t>(out.computed.size());
        removed[r] = 1;
        out.computed.push_back(std::move(cv));
    }
    throwIfCancelled(cancelled, "translation");
    if (out.computed.empty()) {
        out.equationReads.assign(nEq, {});
        return out;
    }

    // One memo for every expression: the same subexpression is rewritten once.
    memo.clear();
    auto leaf = [&](const Node& n) -> NodeId {
        return n.op == Op::Var ? valueOf[static_cast<size_t>(n.index)] : kNone;
    };
    auto substitute = [&](NodeId& id) {
        if (id != kNone)
            id = pool.rewrite(id, leaf, memo);
    };
    DaeStructure kept;
    std::vector<int32_t> newIndex(nEq, -1);
    for (size_t r = 0; r < nEq; ++r) {
        if (removed[r])
            continue;
        newIndex[r] = static_cast<int32_t>(kept.eqs.size());
        std::vector<int32_t> reads;
        for (int32_t u : s.incidence[r])
            if (computedIndex[static_cast<size_t>(u)] >= 0)
                reads.push_back(computedIndex[static_cast<size_t>(u)]);
        flatten::FlatEquation eq = std::move(s.eqs[r]); // s is replaced by kept below
        substitute(eq.residual);
        kept.addEquation(std::move(eq), pool);
        kept.eqMatch.push_back(s.eqMatch[r]);
        out.equationReads.push_back(std::move(reads));
        if (static_cast<int>(r) < s.originalEquations)
            ++kept.originalEquations;
    }
    // The differentiation links between equations, for the ones that remain.
    for (size_t r = 0; r < nEq; ++r) {
        if (removed[r])
            continue;
        auto link = [&newIndex](int32_t e) { return e < 0 ? -1 : newIndex[static_cast<size_t>(e)]; };
        kept.eqDiff[static_cast<size_t>(newIndex[r])] = link(s.eqDiff[r]);
        kept.eqParent[static_cast<size_t>(newIndex[r])] = link(s.eqParent[r]);
    }
    for (int32_t v : s.unknowns)
        if (computedIndex[static_cast<size_t>(v)] < 0)
            kept.unknowns.push_back(v);
    kept.isDummy = std::move(s.isDummy);
    kept.isState = std::move(s.isState);
    s = std::move(kept);

    for (auto& rel : m.relations) {
        substitute(rel.lhs);
        substitute(rel.rhs);
    }
    for (auto& a : m.discreteEquations)
        substitute(a.value);
    for (auto& a : m.initialDiscrete)
        substitute(a.value);
    for (auto& w : m.whens) {
        substitute(w.condition);
        for (auto& a : w.assignments)
            substitute(a.value);
        for (auto& r : w.reinits)
            substitute(r.value);
    }
    for (auto& eq : m.initialEquations)
        substitute(eq.residual);
    return out;
}

} // namespace flange::structure
