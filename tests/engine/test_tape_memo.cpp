// Transcendental instructions reuse their last result when their arguments repeat bit for
// bit (tape.hpp): a tape run on new arguments must give the new function values, and one
// run on repeated arguments the same values as before.
#include "engine/codegen/tape_compiler.hpp"
#include "engine/expr/pool.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace flange;
using expr::Op;

namespace {

// A tape writing op(y[0]) (unary) or op(y[0], y[1]) to out[0][0], with its own registers.
struct OneOp {
    codegen::Tape tape;
    std::vector<double> registers;
    double run(double x, double y = 0)
    {
        const double values[2] = {x, y};
        double result = -123;
        codegen::TapeInputs in;
        in.y = values;
        in.out[0] = &result;
        tape.run(in, registers.data());
        return result;
    }
};

OneOp compile(Op op, bool unary)
{
    expr::Pool pool;
    const expr::NodeId e = unary ? pool.unary(op, pool.var(0)) : pool.binary(op, pool.var(0), pool.var(1));
    codegen::TapeCompiler compiler(pool, [](int32_t v) { return codegen::VarSource{codegen::VarSource::Kind::Y, v, 0}; });
    compiler.store(e, 0, 0);
    OneOp out{compiler.finish(), {}};
    out.registers = out.tape.workspace();
    return out;
}

} // namespace

TEST_CASE("a memoized sin gives the value of its argument, the first time and when it repeats")
{
    OneOp t = compile(Op::Sin, true);
    CHECK(t.run(0.0) == 0.0); // the memo registers start at sin(0) = 0
    CHECK(!std::signbit(t.run(0.0)));
    CHECK(std::signbit(t.run(-0.0))); // equal to 0.0 but not the same bits: sin(-0) = -0
    CHECK(t.run(M_PI / 2) == 1.0);
    CHECK(t.run(M_PI / 2) == 1.0);
    CHECK(t.run(-M_PI / 2) == -1.0);
    CHECK(std::isnan(t.run(NAN)));
    CHECK(t.run(M_PI / 2) == 1.0);
}

TEST_CASE("a memoized exp and log start right at zero, where a memo of zero would be wrong")
{
    OneOp e = compile(Op::Exp, true);
    CHECK(e.run(0.0) == 1.0);
    CHECK(e.run(1.0) == std::exp(1.0));
    CHECK(e.run(0.0) == 1.0);
    OneOp l = compile(Op::Log, true);
    CHECK(l.run(0.0) == -INFINITY);
    CHECK(l.run(1.0) == 0.0);
}

TEST_CASE("a memoized pow recomputes when either argument changes")
{
    OneOp p = compile(Op::Pow, false);
    CHECK(p.run(0.0, 0.0) == 1.0); // 0^0 = 1, the registers' start
    CHECK(p.run(2.0, 3.0) == 8.0);
    CHECK(p.run(2.0, 3.0) == 8.0);
    CHECK(p.run(2.0, 0.5) == std::sqrt(2.0)); // the exponent alone changed
    CHECK(p.run(9.0, 0.5) == 3.0);             // the base alone changed
    OneOp a = compile(Op::Atan2, false);
    CHECK(a.run(1.0, 1.0) == std::atan(1.0));
    CHECK(a.run(1.0, -1.0) == 3 * std::atan(1.0));
}
