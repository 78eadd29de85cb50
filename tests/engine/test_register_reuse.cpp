// A tape reuses a register once its value has been read for the last time
// (codegen/register_reuse.hpp): the register file holds the values live at one time, not
// one register per instruction, and every value, if-branches included, stays right.
#include "engine/codegen/tape_compiler.hpp"
#include "engine/expr/pool.hpp"
#include "support/tape_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace flange;
using test::runTape;

namespace {

codegen::TapeCompiler compilerFor(const expr::Pool& pool)
{
    return codegen::TapeCompiler(pool, [](int32_t v) { return codegen::VarSource{codegen::VarSource::Kind::Y, v, 0}; });
}

} // namespace

TEST_CASE("a long chain of residuals runs in a register file of a few registers")
{
    // 1000 rows r_i = 3*y[i] - 2*y[i+1]: each needs its two loads and two products
    // for a moment only.
    const int rows = 1000;
    expr::Pool pool;
    auto compiler = compilerFor(pool);
    for (int i = 0; i < rows; ++i)
        compiler.store(pool.sub(pool.mul(pool.constant(3), pool.var(i)), pool.mul(pool.constant(2), pool.var(i + 1))), 0,
                       i);
    const codegen::Tape tape = compiler.finish();
    // y[i+1] is loaded once for rows i and i+1: rows + 1 loads, 2 rows products, rows
    // differences and rows stores.
    CHECK(tape.instructionCount() == 5 * static_cast<size_t>(rows) + 1);
    // Two constants and at most four work registers live at once (both loads, both
    // products); one register per instruction would be 5,003.
    CHECK(tape.registerCount() <= 6);
    std::vector<double> y(rows + 1);
    for (int i = 0; i <= rows; ++i)
        y[static_cast<size_t>(i)] = i;
    const std::vector<double> out = runTape(tape, y, rows);
    for (int i = 0; i < rows; ++i)
        REQUIRE(out[static_cast<size_t>(i)] == 3.0 * i - 2.0 * (i + 1)); // = i - 2
}

TEST_CASE("values shared across rows and if-branches survive register reuse")
{
    expr::Pool pool;
    auto compiler = compilerFor(pool);
    const expr::NodeId shared = pool.mul(pool.var(0), pool.var(1));      // y0*y1, read by all three rows
    const expr::NodeId cond = pool.compare(expr::Op::Gt, pool.var(2), pool.zero());
    // if y2 > 0 then y0*y1 + 1 else (y0 - y1)*y0*y1
    const expr::NodeId branch =
        pool.ifThenElse(cond, pool.add(shared, pool.one()), pool.mul(pool.sub(pool.var(0), pool.var(1)), shared));
    compiler.store(shared, 0, 0);
    compiler.store(branch, 0, 1);
    compiler.store(pool.add(shared, branch), 0, 2); // reads the if-result after both branches
    const codegen::Tape tape = compiler.finish();

    // y0 = 3, y1 = 4: shared 12; then-branch 13, else-branch (3 - 4)*12 = -12.
    std::vector<double> then = runTape(tape, {3, 4, 1}, 3);
    CHECK(then == std::vector<double>{12, 13, 25});
    std::vector<double> otherwise = runTape(tape, {3, 4, -1}, 3);
    CHECK(otherwise == std::vector<double>{12, -12, 0});
}

TEST_CASE("memoized functions keep their memo registers apart from reused work registers")
{
    // Rows r_i = sin(y_i) * (y_i + 1): the work registers are reused row after row, while
    // every sin keeps its own last argument and result between runs (tape.hpp).
    const int rows = 50;
    expr::Pool pool;
    auto compiler = compilerFor(pool);
    for (int i = 0; i < rows; ++i)
        compiler.store(pool.mul(pool.unary(expr::Op::Sin, pool.var(i)), pool.add(pool.var(i), pool.one())), 0, i);
    const codegen::Tape tape = compiler.finish();
    std::vector<double> registers = tape.workspace();
    auto run = [&](double shift) {
        std::vector<double> y(rows), out(rows);
        for (int i = 0; i < rows; ++i)
            y[static_cast<size_t>(i)] = 0.1 * i + shift;
        codegen::TapeInputs in;
        in.y = y.data();
        in.out[0] = out.data();
        tape.run(in, registers.data());
        for (int i = 0; i < rows; ++i) {
            const double x = 0.1 * i + shift;
            REQUIRE(out[static_cast<size_t>(i)] == std::sin(x) * (x + 1));
        }
    };
    run(0.0);
    run(0.5); // new arguments: every memo recomputes
    run(0.5); // the same: every memo answers
    run(0.0);
}
