// The expression pool's hash-consing (engine/expr/pool.hpp): the same expression asked for
// again is the same node, across the table's growth, and a rewrite that replaces nothing
// gives the expression back without making a node, while one that replaces a variable
// folds what the replacement makes constant.
#include "engine/expr/node_map.hpp"
#include "engine/expr/pool.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace flange::expr;

TEST_CASE("the pool gives the same node for the same expression after its table has grown many times")
{
    Pool pool;
    std::vector<NodeId> first;
    for (int i = 0; i < 100000; ++i)
        first.push_back(pool.add(pool.mul(pool.constant(i + 2.0), pool.var(i)), pool.constant(0.5 * i + 3)));
    const size_t size = pool.size();
    for (int i = 0; i < 100000; ++i)
        REQUIRE(pool.add(pool.mul(pool.constant(i + 2.0), pool.var(i)), pool.constant(0.5 * i + 3)) ==
                first[static_cast<size_t>(i)]);
    CHECK(pool.size() == size);
    // distinct expressions stay distinct nodes
    CHECK(first[0] != first[1]);
    CHECK(pool.node(first[7]).op == Op::Add);
}

TEST_CASE("a rewrite that replaces nothing gives the same expression and makes no node")
{
    Pool pool;
    const NodeId x = pool.var(0), y = pool.var(1), z = pool.var(2);
    const NodeId e = pool.ifThenElse(pool.compare(Op::Gt, x, pool.zero()),
                                     pool.sub(pool.mul(pool.constant(2), pool.unary(Op::Sin, y)), pool.neg(z)),
                                     pool.div(pool.binary(Op::Atan2, x, y), pool.pow(z, pool.constant(3))));
    const size_t size = pool.size();
    NodeMap<NodeId> memo;
    CHECK(pool.rewrite(e, [](const Node&) { return kNone; }, memo) == e);
    CHECK(pool.size() == size);
}

TEST_CASE("a rewrite replaces a variable and folds what it makes constant")
{
    Pool pool;
    const NodeId x = pool.var(0), y = pool.var(1), z = pool.var(2);
    const NodeId e = pool.add(pool.mul(x, y), z); // x*y + z
    NodeMap<NodeId> memo;
    auto xIsZero = [&pool](const Node& n) { return n.op == Op::Var && n.index == 0 ? pool.zero() : kNone; };
    CHECK(pool.rewrite(e, xIsZero, memo) == z);
    memo.clear();
    auto xIsTwo = [&pool](const Node& n) { return n.op == Op::Var && n.index == 0 ? pool.constant(2) : kNone; };
    const Node& sum = pool.node(pool.rewrite(e, xIsTwo, memo)); // 2*y + z
    REQUIRE(sum.op == Op::Add);
    CHECK(sum.b == z);
    const Node& product = pool.node(sum.a);
    REQUIRE(product.op == Op::Mul);
    CHECK(pool.isConst(product.a, 2));
    CHECK(product.b == y);
}

TEST_CASE("a visit from inside a rewrite sees its own expression whole")
{
    Pool pool;
    const NodeId x = pool.var(0), y = pool.var(1);
    const NodeId other = pool.add(pool.unary(Op::Cos, y), pool.constant(4)); // cos(y) + 4: 4 nodes
    const NodeId e = pool.mul(pool.add(x, y), pool.sub(x, y));
    int visited = 0;
    NodeMap<NodeId> memo;
    auto leaf = [&](const Node& n) {
        if (n.op == Op::Var && n.index == 0) {
            visited = 0;
            pool.visit(other, [&visited](NodeId, const Node&) { ++visited; });
            return y;
        }
        return kNone;
    };
    CHECK(pool.rewrite(e, leaf, memo) == pool.zero()); // (y+y)*(y-y): y-y folds to 0, and so does the product
    CHECK(visited == 4);
}
