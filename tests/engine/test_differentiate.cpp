// Symbolic derivatives against central differences (engine.md T15), and the local
// simplifications the builders promise.
#include "engine/expr/differentiate.hpp"
#include "engine/expr/evaluate.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

using namespace flange::expr;

namespace {

// Checks d e/dx against a central difference at several points.
void checkPartial(const std::function<NodeId(Pool&, NodeId, NodeId)>& build, std::vector<std::pair<double, double>> points)
{
    Pool p;
    NodeId x = p.var(0), y = p.var(1);
    NodeId e = build(p, x, y);
    NodeId dx = partial(p, e, 0);
    for (auto [xv, yv] : points) {
        double vals[2] = {xv, yv};
        EvalContext ctx;
        ctx.vars = vals;
        double h = 1e-6 * (1 + std::fabs(xv));
        double v1[2] = {xv + h, yv}, v0[2] = {xv - h, yv};
        EvalContext c1 = ctx, c0 = ctx;
        c1.vars = v1;
        c0.vars = v0;
        double fd = (evaluate(p, e, c1) - evaluate(p, e, c0)) / (2 * h);
        INFO("x = " << xv << ", y = " << yv);
        CHECK(evaluate(p, dx, ctx) == Approx(fd).epsilon(1e-6).margin(1e-8));
    }
}

} // namespace

TEST_CASE("partial derivatives match finite differences")
{
    std::vector<std::pair<double, double>> pts{{0.3, 1.7}, {-1.2, 0.4}, {2.5, -0.9}};
    checkPartial([](Pool& p, NodeId x, NodeId y) { return p.mul(p.unary(Op::Sin, x), p.pow(y, p.constant(2))); }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId y) { return p.binary(Op::Atan2, x, y); }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId y) { return p.div(p.unary(Op::Exp, x), p.add(y, p.constant(3))); }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId y) { return p.pow(p.unary(Op::Abs, x), p.constant(1.5)); }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId) { return p.unary(Op::Tanh, p.mul(p.constant(2), x)); }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId y) {
        return p.ifThenElse(p.compare(Op::Gt, x, p.zero()), p.pow(x, p.constant(3)), p.neg(p.mul(x, y)));
    }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId y) { return p.binary(Op::Max, p.mul(x, x), y); }, pts);
    checkPartial([](Pool& p, NodeId x, NodeId y) { return p.pow(p.add(x, p.constant(3)), y); }, pts);
}

TEST_CASE("table interpolation differentiates to its slope")
{
    Pool p;
    Table t;
    t.rows = std::vector<std::vector<double>>{{0, 1, 0}, {1, 3, 0}, {3, 4, 0}};
    int32_t id = p.addTable(t);
    NodeId e = p.interp(id, p.mul(p.constant(2), p.var(0)), 2);
    NodeId d = partial(p, e, 0);
    double x = 0.75; // u = 1.5: second segment, slope 0.5, times du/dx = 2
    EvalContext ctx;
    ctx.vars = &x;
    CHECK(evaluate(p, e, ctx) == Approx(3.25));
    CHECK(evaluate(p, d, ctx) == Approx(1.0));
    x = 2.5; // u = 5: extrapolates through the last segment
    CHECK(evaluate(p, e, ctx) == Approx(5.0));
}

TEST_CASE("a table of one row folds to its constant column values, whatever it is read at")
{
    // MSL's tables give a one-row table's values everywhere (a lossy gear's constant
    // efficiency): folded, a gear's equations stay affine in its torques.
    Pool p;
    Table t;
    t.rows = std::vector<std::vector<double>>{{0, 0.8, 0.7, 1.5}};
    int32_t id = p.addTable(t);
    NodeId u = p.unary(Op::Abs, p.var(0));
    CHECK(p.interp(id, u, 2) == p.constant(0.8));
    CHECK(p.interp(id, u, 4) == p.constant(1.5));
    CHECK(p.interp(id, u, 3, true) == p.zero());
    Table two;
    two.rows = std::vector<std::vector<double>>{{0, 0.8}, {1, 0.7}};
    CHECK_FALSE(p.isConst(p.interp(p.addTable(two), u, 2)));
}

TEST_CASE("time derivatives use der() variables and freeze relations")
{
    Pool p;
    // d/dt (x*y + time) with der(x) = var 2, der(y) = var 3
    NodeId e = p.add(p.mul(p.var(0), p.var(1)), p.time());
    NodeId d = timeDerivative(p, e, [](int32_t v) { return v + 2; });
    double vals[4] = {2, 3, 5, 7};
    EvalContext ctx;
    ctx.vars = vals;
    CHECK(evaluate(p, d, ctx) == Approx(5 * 3 + 2 * 7 + 1));
    NodeId withRel = p.ifThenElse(p.rel(0), p.var(0), p.mul(p.constant(2), p.var(0)));
    NodeId dr = timeDerivative(p, withRel, [](int32_t v) { return v + 2; });
    double rel = 0;
    ctx.rel = &rel;
    CHECK(evaluate(p, dr, ctx) == Approx(10));
    rel = 1;
    CHECK(evaluate(p, dr, ctx) == Approx(5));
}

TEST_CASE("builders fold constants and share identical subtrees")
{
    Pool p;
    NodeId x = p.var(0);
    CHECK(p.add(x, p.zero()) == x);
    CHECK(p.mul(x, p.one()) == x);
    CHECK(p.mul(x, p.zero()) == p.zero());
    CHECK(p.sub(x, x) == p.zero());
    CHECK(p.neg(p.neg(x)) == x);
    CHECK(p.mul(p.constant(2), x) == p.mul(x, p.constant(2)));
    CHECK(p.add(p.constant(2), p.constant(3)) == p.constant(5));
    CHECK(p.ifThenElse(p.one(), x, p.zero()) == x);
    size_t before = p.size();
    NodeId a = p.unary(Op::Sin, p.add(x, p.var(1)));
    NodeId b = p.unary(Op::Sin, p.add(x, p.var(1)));
    CHECK(a == b);
    CHECK(p.size() == before + 3);
}

TEST_CASE("a differentiation inside another's leaf keeps its own derivatives")
{
    // The outer d/dt asks, for each variable, a partial derivative of another expression:
    // the two must not share what they have found.
    Pool p;
    const NodeId x = p.var(0), y = p.var(1);
    const NodeId inner = p.mul(x, p.mul(y, y)); // x*y^2: d/dy = 2xy
    const NodeId outer = p.add(p.mul(x, x), y); // x^2 + y
    std::vector<NodeId> innerSeen;
    const NodeId dt = timeDerivative(p, outer, [&](int32_t v) {
        innerSeen.push_back(partial(p, inner, 1));
        return v + 10; // der(x) is variable 10, der(y) 11
    });
    REQUIRE(innerSeen.size() == 2);
    CHECK(innerSeen[0] == innerSeen[1]); // the same partial both times
    double vals[12] = {3, 5};
    vals[10] = 7;
    vals[11] = 11;
    EvalContext ctx;
    ctx.vars = vals;
    CHECK(evaluate(p, innerSeen[0], ctx) == Approx(2 * 3 * 5));
    CHECK(evaluate(p, dt, ctx) == Approx(2 * 3 * 7 + 11)); // 2x x' + y'
}
