#include "engine/structure/time_events.hpp"

#include "engine/expr/evaluate.hpp"
#include "engine/expr/node_map.hpp"

#include <algorithm>
#include <cmath>

namespace flange::structure {

using expr::NodeId;

namespace {

// Degree of d in time: 0 without time, 1 affine (sums, products with and quotients by
// time-free terms, branches chosen by time-free conditions), 2 anything else. Children
// before parents (Pool::visit), not by recursion: d can be as deep as the model is long.
int timeDegree(const expr::Pool& pool, NodeId root)
{
    expr::NodeMap<uint8_t> degrees;
    pool.visit(root, [&degrees](NodeId id, const expr::Node& n) {
        auto deg = [&degrees](NodeId c) { return c == expr::kNone ? 0 : static_cast<int>(degrees.at(c)); };
        int d = 0;
        switch (n.op) {
        case expr::Op::Time: d = 1; break;
        case expr::Op::Neg: d = deg(n.a); break;
        case expr::Op::Add:
        case expr::Op::Sub: d = std::max(deg(n.a), deg(n.b)); break;
        case expr::Op::Mul: d = std::min(2, deg(n.a) + deg(n.b)); break;
        case expr::Op::Div: d = deg(n.b) == 0 ? deg(n.a) : 2; break;
        case expr::Op::If: d = deg(n.a) == 0 ? std::max(deg(n.b), deg(n.c)) : 2; break;
        default: d = deg(n.a) + deg(n.b) + deg(n.c) == 0 ? 0 : 2;
        }
        degrees.set(id, static_cast<uint8_t>(d));
    });
    return degrees.at(root);
}

} // namespace

// lhs - rhs = a*time + b with a, b constant, or read from discrete values only
// (discrete: the run evaluates them after each event)?
bool affineInTime(const flatten::FlatModel& f, NodeId d, double& a, double& b, bool& discrete)
{
    bool onlyTime = true, parameters = false;
    discrete = false;
    f.pool.visit(d, [&f, &onlyTime, &discrete, &parameters](NodeId, const expr::Node& n) {
        if (n.op == expr::Op::Var || n.op == expr::Op::Rel || n.op == expr::Op::Initial)
            onlyTime = false;
        if (n.op == expr::Op::Param)
            parameters = true;
        if (n.op == expr::Op::Disc || n.op == expr::Op::Pre) {
            discrete = true;
            // integer(), floor() and ceil() of time stay state events, as in Dymola,
            // which locates them by crossing functions (OneWayClutch's pulse period
            // starting at 1.6 s is one of its state events). Their relations read the
            // value itself; those of a table's event counter read pre(count), and the
            // next table point is a time event (flatten/lower.cpp).
            if (n.op == expr::Op::Disc && f.vars[static_cast<size_t>(n.index)].generated)
                onlyTime = false;
        }
    });
    if (!onlyTime)
        return false;
    // Coefficients that read parameters kept as leaves (a Step's startTime given as a
    // number) are the run's to evaluate, at its values, as those that read discrete values.
    if (discrete || parameters) {
        discrete = true;
        return timeDegree(f.pool, d) == 1;
    }
    expr::EvalContext ctx;
    ctx.time = 0;
    b = expr::evaluate(f.pool, d, ctx);
    ctx.time = 1;
    a = expr::evaluate(f.pool, d, ctx) - b;
    ctx.time = 3.7;
    double check = expr::evaluate(f.pool, d, ctx);
    return std::fabs(check - (a * 3.7 + b)) <= 1e-12 * (1 + std::fabs(check)) && a != 0;
}

} // namespace flange::structure
