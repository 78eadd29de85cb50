// Parameters kept as leaves in the expression pool (engine/expr/pool.hpp): the builders
// never fold one into a number, an expression of parameters carries its value at
// translation, and only what reads that value to decide makes a parameter structural
// (docs/architecture.md, "Parameters: tunable and structural").
#include "engine/expr/differentiate.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/expr/pool.hpp"
#include "engine/expr/printer.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace flange::expr;

namespace {
std::string text(const Pool& pool, NodeId id)
{
    return toString(pool, id, [](int32_t v) { return std::to_string(v).insert(0, 1, 'x'); });
}
} // namespace

TEST_CASE("a parameter in arithmetic stays a leaf, its expressions carry their value, and nothing becomes structural")
{
    Pool pool;
    const int32_t c = pool.addParameter("spring.c", 1e4), d = pool.addParameter("spring.d", 10);
    const NodeId x = pool.var(0), v = pool.var(1);
    const NodeId twice = pool.mul(pool.constant(2), pool.param(c));
    CHECK(pool.node(twice).op == Op::Mul); // not the number 20000
    CHECK(pool.ofParameters(twice));
    CHECK(pool.constValue(twice) == 2e4);
    const NodeId force = pool.add(pool.mul(twice, x), pool.mul(pool.param(d), v));
    CHECK(pool.node(force).op == Op::Add);
    CHECK_FALSE(pool.ofParameters(force));
    EvalContext ctx;
    const double values[] = {0.5, 3};
    ctx.vars = values;
    CHECK(evaluate(pool, force, ctx) == 2e4 * 0.5 + 10 * 3);
    CHECK(partial(pool, force, 0) == twice); // d/dx of 2c*x is the node 2c, not a number
    CHECK(text(pool, twice) == "20000");     // messages read as when it was folded
    CHECK_FALSE(pool.isStructural(c));
    CHECK_FALSE(pool.isStructural(d));
}

TEST_CASE("a parameter of value 1 or -1 stays in a product, where a number 1 or -1 drops out")
{
    Pool pool;
    const int32_t j = pool.addParameter("J1.J", 1), k = pool.addParameter("gear.k", -1);
    const NodeId a = pool.var(0);
    CHECK(pool.mul(pool.param(j), a) != a);
    CHECK(pool.node(pool.mul(pool.param(k), a)).op == Op::Mul);
    CHECK(pool.mul(pool.constant(1), a) == a);
    CHECK(pool.div(a, pool.param(j)) != a);
    CHECK_FALSE(pool.isStructural(j));
    CHECK_FALSE(pool.isStructural(k));
}

TEST_CASE("reading a parameter's value to decide makes it structural: a zero dropped, an if's branch, isConst")
{
    Pool pool;
    const int32_t p = pool.addParameter("a.p", 5), q = pool.addParameter("a.q", 5), s = pool.addParameter("a.s", 2),
                  t = pool.addParameter("a.t", 3);
    const NodeId x = pool.var(0), y = pool.var(1);
    // p - q is 0 at translation: the product with it is dropped, as a folded 0 would be.
    CHECK(pool.mul(pool.sub(pool.param(p), pool.param(q)), x) == pool.zero());
    CHECK(pool.isStructural(p));
    CHECK(pool.isStructural(q));
    // an if on s > 1 takes its branch
    CHECK(pool.ifThenElse(pool.compare(Op::Gt, pool.param(s), pool.one()), x, y) == x);
    CHECK(pool.isStructural(s));
    // whoever asks isConst reads the value
    CHECK_FALSE(pool.isStructural(t));
    const NodeId half = pool.div(pool.param(t), pool.constant(2));
    REQUIRE(pool.isConst(half));
    CHECK(pool.constValue(half) == 1.5);
    CHECK(pool.isStructural(t));
}

TEST_CASE("a relation of a variable and a parameter keeps the parameter tunable")
{
    Pool pool;
    const int32_t limit = pool.addParameter("stop.limit", 0.7);
    const NodeId r = pool.compare(Op::Gt, pool.var(0), pool.param(limit));
    CHECK(pool.node(r).op == Op::Gt);
    CHECK_FALSE(pool.isStructural(limit));
}
