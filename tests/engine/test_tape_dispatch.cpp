// The tape interpreter jumps to each operation's code through a table written in TOp's
// order (tape.cpp). A table out of step with the enum would run one operation's code for
// another, so every operation is run here on inputs where it differs from every other,
// against the tree evaluator (separate code) and against values worked out by hand.
#include "engine/codegen/tape_compiler.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/expr/pool.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace flange;
using expr::Op;

namespace {

// One tape storing f(y[0], y[1]) to out[0][0], run once.
double taped(expr::Pool& pool, expr::NodeId e, const double* y, const double* yp = nullptr,
             const codegen::TapeInputs& extra = {})
{
    codegen::TapeCompiler compiler(pool, [](int32_t v) {
        // variables 0 and 1 are y[0] and y[1], variable 2 is yp[0]
        return v == 2 ? codegen::VarSource{codegen::VarSource::Kind::Yp, 0, 0}
                      : codegen::VarSource{codegen::VarSource::Kind::Y, v, 0};
    });
    compiler.store(e, 0, 0);
    const codegen::Tape tape = compiler.finish();
    std::vector<double> registers = tape.workspace();
    double result = -12345;
    codegen::TapeInputs in = extra;
    in.y = y;
    in.yp = yp;
    in.out[0] = &result;
    tape.run(in, registers.data());
    return result;
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

} // namespace

TEST_CASE("every binary operation on a tape runs its own code")
{
    // Over these five pairs no two of the operations agree on every pair.
    const double pairs[][2] = {{0.5, 2}, {-7, 3}, {2, 2}, {2, 0.5}, {0, 2}};
    const Op ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow, Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq,
                      Op::Ne, Op::And, Op::Or, Op::Atan2, Op::Min, Op::Max, Op::Mod, Op::Rem, Op::IntDiv};
    for (Op op : ops)
        for (const auto& p : pairs) {
            expr::Pool pool;
            const expr::NodeId e = pool.binary(op, pool.var(0), pool.var(1));
            expr::EvalContext ctx;
            ctx.vars = p;
            INFO(expr::opName(op) << "(" << p[0] << ", " << p[1] << ")");
            CHECK(same(taped(pool, e, p), expr::evaluate(pool, e, ctx)));
        }
    // Worked by hand, on the pair where neighbours in the table differ.
    const double x[2] = {2, 2};
    expr::Pool pool;
    CHECK(taped(pool, pool.binary(Op::Lt, pool.var(0), pool.var(1)), x) == 0);
    CHECK(taped(pool, pool.binary(Op::Le, pool.var(0), pool.var(1)), x) == 1);
    CHECK(taped(pool, pool.binary(Op::Ge, pool.var(0), pool.var(1)), x) == 1);
    CHECK(taped(pool, pool.binary(Op::Ne, pool.var(0), pool.var(1)), x) == 0);
    const double q[2] = {-7, 3};
    CHECK(taped(pool, pool.binary(Op::Mod, pool.var(0), pool.var(1)), q) == 2);
    CHECK(taped(pool, pool.binary(Op::Rem, pool.var(0), pool.var(1)), q) == -1);
    CHECK(taped(pool, pool.binary(Op::IntDiv, pool.var(0), pool.var(1)), q) == -2);
    CHECK(taped(pool, pool.binary(Op::Min, pool.var(0), pool.var(1)), q) == -7);
    CHECK(taped(pool, pool.binary(Op::Max, pool.var(0), pool.var(1)), q) == 3);
    CHECK(taped(pool, pool.binary(Op::Pow, pool.var(0), pool.var(1)), q) == -343);
    CHECK(taped(pool, pool.pow(pool.var(0), pool.constant(3)), q) == -343); // repeated multiplication
}

TEST_CASE("every unary operation on a tape runs its own code")
{
    const double inputs[] = {0.5, -0.25}; // no two of the operations agree on both
    const Op ops[] = {Op::Neg, Op::Not, Op::Sin, Op::Cos, Op::Tan, Op::Asin, Op::Acos, Op::Atan, Op::Sinh, Op::Cosh,
                      Op::Tanh, Op::Exp, Op::Log, Op::Log10, Op::Sqrt, Op::Abs, Op::Sign, Op::Floor, Op::Ceil};
    for (Op op : ops)
        for (double v : inputs) {
            expr::Pool pool;
            const expr::NodeId e = op == Op::Neg ? pool.neg(pool.var(0))
                                   : op == Op::Not ? pool.logicalNot(pool.var(0))
                                                   : pool.unary(op, pool.var(0));
            const double y[2] = {v, 0};
            expr::EvalContext ctx;
            ctx.vars = y;
            INFO(expr::opName(op) << "(" << v << ")");
            CHECK(same(taped(pool, e, y), expr::evaluate(pool, e, ctx)));
        }
    // sin, cos, ... of 0.5 to 16 digits, from tables of the functions.
    const double half[2] = {0.5, 0};
    const std::pair<Op, double> table[] = {
        {Op::Sin, 0.4794255386042030}, {Op::Cos, 0.8775825618903728}, {Op::Tan, 0.5463024898437905},
        {Op::Asin, 0.5235987755982989}, {Op::Acos, 1.047197551196598}, {Op::Atan, 0.4636476090008061},
        {Op::Sinh, 0.5210953054937474}, {Op::Cosh, 1.127625965206381}, {Op::Tanh, 0.4621171572600098},
        {Op::Exp, 1.648721270700128}, {Op::Log, -0.6931471805599453}, {Op::Log10, -0.3010299956639812},
        {Op::Sqrt, 0.7071067811865476},
    };
    for (const auto& [op, value] : table) {
        expr::Pool pool;
        INFO(expr::opName(op));
        CHECK(taped(pool, pool.unary(op, pool.var(0)), half) == Approx(value).epsilon(1e-14));
    }
    expr::Pool pool;
    const double quarter[2] = {-0.25, 0};
    CHECK(taped(pool, pool.unary(Op::Sign, pool.var(0)), quarter) == -1);
    CHECK(taped(pool, pool.unary(Op::Floor, pool.var(0)), quarter) == -1);
    CHECK(taped(pool, pool.unary(Op::Ceil, pool.var(0)), quarter) == 0);
    CHECK(taped(pool, pool.unary(Op::Abs, pool.var(0)), quarter) == 0.25);
}

TEST_CASE("a tape loads each input from its own array and takes each branch of an if")
{
    expr::Pool pool;
    const double y[2] = {3, 5};
    const double yp[1] = {7};
    const double disc[1] = {11}, pre[1] = {13}, rel[1] = {1};
    codegen::TapeInputs in;
    in.disc = disc;
    in.pre = pre;
    in.rel = rel;
    in.time = 17;
    in.initial = 0;
    CHECK(taped(pool, pool.var(0), y, yp, in) == 3);
    CHECK(taped(pool, pool.var(1), y, yp, in) == 5);
    CHECK(taped(pool, pool.var(2), y, yp, in) == 7);
    CHECK(taped(pool, pool.disc(0), y, yp, in) == 11);
    CHECK(taped(pool, pool.pre(0), y, yp, in) == 13);
    CHECK(taped(pool, pool.rel(0), y, yp, in) == 1);
    CHECK(taped(pool, pool.time(), y, yp, in) == 17);
    CHECK(taped(pool, pool.initial(), y, yp, in) == 0);
    // if y[0] > y[1] then 100 else y[0] * y[1]: the else branch, then the then branch.
    const expr::NodeId choice = pool.ifThenElse(pool.compare(Op::Gt, pool.var(0), pool.var(1)), pool.constant(100),
                                                pool.mul(pool.var(0), pool.var(1)));
    CHECK(taped(pool, choice, y, yp, in) == 15);
    const double swapped[2] = {5, 3};
    CHECK(taped(pool, choice, swapped, yp, in) == 100);
}
