// Parameters kept as leaves in the expression pool (engine/expr/pool.hpp): the builders
// never fold one into a number, an expression of parameters carries its value at
// translation, and only what reads that value to decide makes a parameter structural
// (docs/architecture.md, "Parameters: tunable and structural"). A tape reads each from a
// register a run may set (codegen/tape.hpp).
#include "engine/codegen/native_code.hpp"
#include "engine/codegen/tape_compiler.hpp"
#include "engine/expr/differentiate.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/expr/pool.hpp"
#include "engine/expr/printer.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

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

namespace {
// Native code on or off for one test (restored after).
class NativeSetting {
public:
    explicit NativeSetting(bool on) : before_(flange::codegen::NativeCode::enabled())
    {
        flange::codegen::NativeCode::setEnabled(on);
    }
    ~NativeSetting() { flange::codegen::NativeCode::setEnabled(before_); }

private:
    bool before_;
};

// k*y0 + sin(w*y0) and y0/k, stored to out[0][0] and out[0][1].
flange::codegen::Tape twoOutputs(Pool& pool, NodeId k, NodeId w)
{
    using namespace flange::codegen;
    const NodeId y0 = pool.var(0);
    TapeCompiler compiler(pool, [](int32_t v) { return VarSource{VarSource::Kind::Y, v, 0}; });
    compiler.store(pool.add(pool.mul(k, y0), pool.unary(Op::Sin, pool.mul(w, y0))), 0, 0);
    compiler.store(pool.div(y0, k), 0, 1);
    return compiler.finish();
}

std::vector<double> outputsOf(const flange::codegen::Tape& tape, std::vector<double> registers)
{
    const double y[] = {0.7};
    std::vector<double> out(2, 0.0);
    flange::codegen::TapeInputs in;
    in.y = y;
    in.out[0] = out.data();
    tape.run(in, registers.data());
    return out;
}
} // namespace

TEST_CASE("a tape reads each parameter from a register of its own, which a run sets: other values give the outputs of a tape made with them")
{
    for (const bool native : {true, false}) {
        INFO("native code " << native);
        const NativeSetting setting(native);
        Pool pool;
        const int32_t k = pool.addParameter("a.k", 2.5), w = pool.addParameter("a.w", 2.5); // one value, two registers
        const flange::codegen::Tape tape = twoOutputs(pool, pool.param(k), pool.param(w));
        REQUIRE(tape.parameterRegisters().size() == 2);
        CHECK(outputsOf(tape, tape.workspace()) == std::vector<double>{2.5 * 0.7 + std::sin(2.5 * 0.7), 0.7 / 2.5});
        Pool numbers;
        const flange::codegen::Tape reference = twoOutputs(numbers, numbers.constant(4), numbers.constant(-1.5));
        CHECK(outputsOf(tape, tape.workspace({4.0, -1.5})) == outputsOf(reference, reference.workspace()));
        CHECK_FALSE(pool.isStructural(k));
        CHECK_FALSE(pool.isStructural(w));
    }
}

namespace {

// y0*(k/w) + sin(k*w) and (k - w)*y0, stored to out[0][0] and out[0][1]: k/w, sin(k*w) and
// k - w read the parameters alone.
flange::codegen::Tape parameterExpressions(Pool& pool, NodeId k, NodeId w)
{
    using namespace flange::codegen;
    const NodeId y0 = pool.var(0);
    TapeCompiler compiler(pool, [](int32_t v) { return VarSource{VarSource::Kind::Y, v, 0}; });
    compiler.store(pool.add(pool.mul(y0, pool.div(k, w)), pool.unary(Op::Sin, pool.mul(k, w))), 0, 0);
    compiler.store(pool.mul(pool.sub(k, w), y0), 0, 1);
    return compiler.finish();
}

} // namespace

TEST_CASE("expressions of parameters alone are computed when a run sets the parameters, as a tape made with its values computes them")
{
    for (const bool native : {true, false}) {
        INFO("native code " << native);
        const NativeSetting setting(native);
        Pool pool;
        const int32_t k = pool.addParameter("a.k", 2.5), w = pool.addParameter("a.w", 0.5);
        const flange::codegen::Tape tape = parameterExpressions(pool, pool.param(k), pool.param(w));
        // what remains on the tape: a load, two products, a sum and two stores
        CHECK(tape.instructionCount() == 6);
        CHECK(outputsOf(tape, tape.workspace()) == std::vector<double>{0.7 * (2.5 / 0.5) + std::sin(2.5 * 0.5), 2.0 * 0.7});
        for (const auto& [kv, wv] : std::vector<std::pair<double, double>>{{4.0, -1.5}, {1e-3, 7.0}}) {
            Pool numbers;
            const flange::codegen::Tape reference = parameterExpressions(numbers, numbers.constant(kv), numbers.constant(wv));
            CHECK(outputsOf(tape, tape.workspace({kv, wv})) == outputsOf(reference, reference.workspace()));
            CHECK(outputsOf(tape, tape.workspace({kv, wv}))[1] == (kv - wv) * 0.7);
        }
    }
}
