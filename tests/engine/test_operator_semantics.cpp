// One meaning per operator (expr/operator_semantics.hpp): a constant folded by the pool,
// the tree evaluator and a compiled tape give the same value, and it is Modelica's.
#include "engine/codegen/tape_compiler.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/expr/pool.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace flange;
using expr::Op;

namespace {

struct ThreeWays {
    double folded, evaluated, taped;
};

// op applied to x and y (y ignored for unary ops) by folding constants, by evaluating
// variables and by running a tape over y[0] = x, y[1] = y.
ThreeWays apply(Op op, double x, double y, bool unary)
{
    expr::Pool pool;
    auto build = [&](expr::NodeId a, expr::NodeId b) { return unary ? pool.unary(op, a) : pool.binary(op, a, b); };
    ThreeWays out{};
    out.folded = pool.constValue(build(pool.constant(x), pool.constant(y)));
    const expr::NodeId e = build(pool.var(0), pool.var(1));
    const double values[2] = {x, y};
    expr::EvalContext ctx;
    ctx.vars = values;
    out.evaluated = expr::evaluate(pool, e, ctx);
    codegen::TapeCompiler compiler(pool, [](int32_t v) { return codegen::VarSource{codegen::VarSource::Kind::Y, v, 0}; });
    compiler.store(e, 0, 0);
    const codegen::Tape tape = compiler.finish();
    std::vector<double> registers = tape.workspace();
    double result = 0;
    codegen::TapeInputs in;
    in.y = values;
    in.out[0] = &result;
    tape.run(in, registers.data());
    out.taped = result;
    return out;
}

void checkAll(Op op, double x, double y, double expected, bool unary = false)
{
    const ThreeWays r = apply(op, x, y, unary);
    INFO(expr::opName(op) << "(" << x << ", " << y << ")");
    CHECK(r.folded == expected);
    CHECK(r.evaluated == expected);
    CHECK(r.taped == expected);
}

} // namespace

TEST_CASE("mod, rem and div follow Modelica's signs, alike folded, evaluated and taped")
{
    checkAll(Op::Mod, -7, 3, 2);  // mod(x, y) = x - floor(x/y)*y
    checkAll(Op::Mod, 7, -3, -2);
    checkAll(Op::Rem, -7, 3, -1); // rem(x, y) = x - div(x, y)*y
    checkAll(Op::IntDiv, -7, 3, -2);
    checkAll(Op::IntDiv, 7, 2, 3);
}

TEST_CASE("sign, min, max and the logical operators agree in all three places")
{
    checkAll(Op::Sign, 0, 0, 0, true);
    checkAll(Op::Sign, -2.5, 0, -1, true);
    checkAll(Op::Min, 2, -3, -3);
    checkAll(Op::Max, 2, -3, 2);
    checkAll(Op::And, 2, 0.5, 1);
    checkAll(Op::Or, 0, 0, 0);
    checkAll(Op::Not, 0.25, 0, 0, true);
    checkAll(Op::Pow, 1.5, 3, 3.375); // a constant whole exponent becomes repeated multiplication on the tape
}
