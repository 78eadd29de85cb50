#pragma once
// Symbolic differentiation on the Pool: partial derivatives (for Jacobians) and total
// time derivatives (for Pantelides index reduction). Relations, discrete values and
// pre() are frozen between events, so their derivative is zero and an if-expression
// differentiates branch-wise with its condition unchanged.
#include "engine/expr/node_map.hpp"
#include "engine/expr/pool.hpp"
#include "engine/expr/thread_scratch.hpp"

#include <array>
#include <functional>

namespace flange::expr {

class Differentiator {
public:
    // leaf gives the derivative of a Var or Time leaf.
    // timeMode: d/dt (withDerivative gives its stated derivative), else a partial derivative.
    Differentiator(Pool& pool, std::function<NodeId(const Node&)> leaf, bool timeMode = false);
    NodeId operator()(NodeId root);

private:
    // The operands whose derivatives a node's derivative is made of (kNone: none).
    std::array<NodeId, 2> differentiatedOperands(const Node& n) const;
    NodeId derivative(NodeId id);
    Pool& pool_;
    std::function<NodeId(const Node&)> leaf_;
    bool timeMode_;
    // The derivatives found so far, by node, in the thread's map (a Jacobian takes a
    // partial derivative per entry, 80,000 for the 10,000-inertia chain; a hash map each
    // cost an allocation per node).
    ThreadScratch<NodeMap<NodeId>> scratch_;
    NodeMap<NodeId>& memo_ = scratch_.get();
};

// d root / d var(v).
NodeId partial(Pool& pool, NodeId root, int32_t v);

// d root / dt, where derivativeOf(v) returns the variable id of der(v) (creating it).
NodeId timeDerivative(Pool& pool, NodeId root, const std::function<int32_t(int32_t)>& derivativeOf);

} // namespace flange::expr
