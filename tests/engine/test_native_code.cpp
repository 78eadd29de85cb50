// Native code for tapes (codegen/native_code.hpp) must compute what the interpreter does,
// bit for bit: every operation on values where IEEE arithmetic has corners (signed zeros,
// infinities, NaN, subnormals), the branches of an if, both output arrays, registers and
// indices past the short encodings, and whole simulations.
#include "engine/codegen/native_code.hpp"
#include "engine/codegen/tape_compiler.hpp"
#include "engine/expr/pool.hpp"
#include "bench/chain_model.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace flange;
using expr::Op;

namespace {

// Tapes built while it lives are interpreted (or native again), whatever the process had.
class NativeSetting {
public:
    explicit NativeSetting(bool on) : before_(codegen::NativeCode::enabled()) { codegen::NativeCode::setEnabled(on); }
    ~NativeSetting() { codegen::NativeCode::setEnabled(before_); }
    NativeSetting(const NativeSetting&) = delete;
    NativeSetting& operator=(const NativeSetting&) = delete;

private:
    bool before_;
};

codegen::Tape compile(const expr::Pool& pool, const std::vector<expr::NodeId>& outputs, bool secondArrayToo = false)
{
    codegen::TapeCompiler compiler(pool, [](int32_t v) {
        // variables below 1000 are y[v], the others yp[v - 1000]
        return v < 1000 ? codegen::VarSource{codegen::VarSource::Kind::Y, v, 0}
                        : codegen::VarSource{codegen::VarSource::Kind::Yp, v - 1000, 0};
    });
    for (size_t k = 0; k < outputs.size(); ++k) {
        compiler.store(outputs[k], 0, static_cast<int32_t>(k));
        if (secondArrayToo)
            compiler.store(outputs[k], 1, static_cast<int32_t>(outputs.size() - 1 - k));
    }
    return compiler.finish();
}

// Runs the tape natively and interpreted on the same inputs (and parameters, by id, if
// given); every output must agree bit for bit. Returns the native outputs.
std::vector<double> runBothWays(const codegen::Tape& tape, size_t outputs, const codegen::TapeInputs& base,
                                const std::vector<double>* parameters = nullptr)
{
    REQUIRE(tape.isNative());
    std::vector<double> native0(outputs, -1), native1(outputs, -1), interp0(outputs, -1), interp1(outputs, -1);
    const auto workspace = [&] { return parameters ? tape.workspace(*parameters) : tape.workspace(); };
    std::vector<double> registers = workspace();
    codegen::TapeInputs in = base;
    in.out[0] = native0.data();
    in.out[1] = native1.data();
    tape.run(in, registers.data());
    std::vector<double> registers2 = workspace();
    in.out[0] = interp0.data();
    in.out[1] = interp1.data();
    tape.interpret(in, registers2.data());
    for (size_t k = 0; k < outputs; ++k) {
        INFO("output " << k << ": native " << native0[k] << ", interpreted " << interp0[k]);
        CHECK(std::bit_cast<uint64_t>(native0[k]) == std::bit_cast<uint64_t>(interp0[k]));
        CHECK(std::bit_cast<uint64_t>(native1[k]) == std::bit_cast<uint64_t>(interp1[k]));
    }
    return native0;
}

// The model simulated with native code off and on; every value of every row must agree
// bit for bit. Returns the native run.
test::Simulated simulateBothWays(const std::string& json)
{
    test::Simulated interpreted = [&] {
        NativeSetting off(false);
        return test::simulateJson(json);
    }();
    NativeSetting on(true);
    test::Simulated native = test::simulateJson(json);
    REQUIRE_FALSE(interpreted.model->residual.isNative());
    REQUIRE(native.sink.rows.size() == interpreted.sink.rows.size());
    CHECK(native.stats.steps == interpreted.stats.steps);
    for (size_t r = 0; r < native.sink.rows.size(); ++r)
        for (size_t c = 0; c < native.sink.rows[r].size(); ++c)
            if (std::bit_cast<uint64_t>(native.sink.rows[r][c]) != std::bit_cast<uint64_t>(interpreted.sink.rows[r][c]))
                FAIL(native.sink.names[c] << " differs at t = " << native.sink.times[r]);
    return native;
}

} // namespace

TEST_CASE("Native code gives the interpreter's bits for every operation, on IEEE's corner values")
{
#if !(defined(__x86_64__) && defined(__linux__))
    SKIP("native code is made for x86-64 Linux only; elsewhere every tape is interpreted");
#endif
    NativeSetting native(true);
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double values[] = {0.0, -0.0, 1.0, -1.5, 2.5, 1e300, -4e-310, inf, -inf, nan};
    const Op binary[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow, Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::Eq,
                         Op::Ne, Op::And, Op::Or, Op::Atan2, Op::Min, Op::Max, Op::Mod, Op::Rem, Op::IntDiv};
    const Op unary[] = {Op::Sin, Op::Cos, Op::Tan, Op::Asin, Op::Acos, Op::Atan, Op::Sinh, Op::Cosh, Op::Tanh,
                        Op::Exp, Op::Log, Op::Log10, Op::Sqrt, Op::Abs, Op::Sign, Op::Floor, Op::Ceil};
    expr::Pool pool;
    std::vector<expr::NodeId> outputs;
    const expr::NodeId x = pool.var(0), y = pool.var(1);
    for (Op op : binary)
        outputs.push_back(pool.binary(op, x, y));
    for (Op op : unary)
        outputs.push_back(pool.unary(op, x));
    outputs.push_back(pool.neg(x));
    outputs.push_back(pool.logicalNot(x));
    outputs.push_back(pool.pow(x, pool.constant(3))); // repeated multiplication
    // an if whose condition may be NaN (not zero: the then branch), and a nested one
    outputs.push_back(pool.ifThenElse(x, pool.constant(5), pool.mul(x, y)));
    outputs.push_back(pool.ifThenElse(pool.compare(Op::Gt, x, y), pool.constant(7),
                                      pool.ifThenElse(pool.compare(Op::Eq, x, y), pool.constant(8), pool.sub(y, x))));
    const codegen::Tape tape = compile(pool, outputs, true);
    for (double a : values)
        for (double b : values) {
            INFO("x = " << a << ", y = " << b);
            const double yv[2] = {a, b};
            codegen::TapeInputs in;
            in.y = yv;
            runBothWays(tape, outputs.size(), in);
        }
}

TEST_CASE("Native code reads every input array and reaches registers and indices past a byte's reach")
{
#if !(defined(__x86_64__) && defined(__linux__))
    SKIP("native code is made for x86-64 Linux only; elsewhere every tape is interpreted");
#endif
    NativeSetting native(true);
    expr::Pool pool;
    // 300 live products summed pairwise: hundreds of registers, y indices up to 599
    std::vector<expr::NodeId> terms;
    for (int32_t i = 0; i < 300; ++i)
        terms.push_back(pool.mul(pool.var(2 * i), pool.var(2 * i + 1)));
    std::vector<expr::NodeId> outputs = terms;
    while (terms.size() > 1) {
        std::vector<expr::NodeId> next;
        for (size_t k = 0; k + 1 < terms.size(); k += 2)
            next.push_back(pool.add(terms[k], terms[k + 1]));
        if (terms.size() % 2)
            next.push_back(terms.back());
        terms = next;
    }
    outputs.push_back(terms[0]);
    outputs.push_back(pool.var(1000 + 250)); // yp[250]
    outputs.push_back(pool.disc(40));
    outputs.push_back(pool.pre(41));
    outputs.push_back(pool.rel(42));
    outputs.push_back(pool.time());
    outputs.push_back(pool.initial());
    const codegen::Tape tape = compile(pool, outputs);
    REQUIRE(tape.registerCount() > 16);
    std::vector<double> yv(600), ypv(300), disc(50), pre(50), rel(50);
    double sum = 0;
    for (size_t i = 0; i < yv.size(); ++i)
        yv[i] = 0.5 + static_cast<double>(i % 7);
    for (size_t i = 0; i < 300; ++i)
        sum += yv[2 * i] * yv[2 * i + 1];
    ypv[250] = -3.25;
    disc[40] = 11;
    pre[41] = 13;
    rel[42] = 1;
    codegen::TapeInputs in;
    in.y = yv.data();
    in.yp = ypv.data();
    in.disc = disc.data();
    in.pre = pre.data();
    in.rel = rel.data();
    in.time = 17.5;
    in.initial = 1;
    const std::vector<double> out = runBothWays(tape, outputs.size(), in);
    CHECK(out[299] == yv[598] * yv[599]);
    CHECK(out[300] == Approx(sum).epsilon(1e-12)); // summed in another order than the loop's
    CHECK(out[301] == -3.25);
    CHECK(out[302] == 11);
    CHECK(out[303] == 13);
    CHECK(out[304] == 1);
    CHECK(out[305] == 17.5);
    CHECK(out[306] == 1);
}

TEST_CASE("Tapes are interpreted when native code is off or the tape is too long for it")
{
    expr::Pool pool;
    const expr::NodeId e = pool.add(pool.var(0), pool.var(1));
    {
        NativeSetting off(false);
        const codegen::Tape tape = compile(pool, {e});
        CHECK_FALSE(tape.isNative());
        const double yv[2] = {1.25, 2};
        double out = 0;
        codegen::TapeInputs in;
        in.y = yv;
        in.out[0] = &out;
        std::vector<double> registers = tape.workspace();
        tape.run(in, registers.data());
        CHECK(out == 3.25);
    }
    NativeSetting on(true);
    // Long and without a repeated stretch (the operands' indices jump about): interpreted.
    std::vector<expr::NodeId> many;
    for (int32_t i = 0; i < static_cast<int32_t>(codegen::NativeCode::kMostInstructions) / 2; ++i)
        many.push_back(pool.mul(pool.var((i * 7919) % 10007), pool.var((i * 104729 + 13) % 10009)));
    const codegen::Tape longTape = compile(pool, many);
    REQUIRE(longTape.instructionCount() > codegen::NativeCode::kMostInstructions);
    CHECK_FALSE(longTape.isNative());
#if defined(__x86_64__) && defined(__linux__)
    CHECK(compile(pool, {e}).isNative());
#endif
}

TEST_CASE("A simulation with native tapes gives the interpreted one's results bit for bit")
{
#if !(defined(__x86_64__) && defined(__linux__))
    SKIP("native code is made for x86-64 Linux only; elsewhere every tape is interpreted");
#endif
    // Friction modes, events and table-free sources: CoupledClutches; a lossy gear's
    // interpolated loss table and sticking: LossyGearDemo1.
    for (const char* model : {"Rotational/CoupledClutches.json", "Rotational/LossyGearDemo1.json"}) {
        INFO(model);
        const test::Simulated native = simulateBothWays(test::bundledModel(model));
        CHECK(native.model->residual.isNative());
    }
}

namespace {

// Variables below kYp are y[v], the others yp[v - kYp].
constexpr int32_t kYp = 100000;

codegen::Tape compileSections(const expr::Pool& pool, const std::vector<expr::NodeId>& outputs)
{
    codegen::TapeCompiler compiler(pool, [](int32_t v) {
        return v < kYp ? codegen::VarSource{codegen::VarSource::Kind::Y, v, 0}
                       : codegen::VarSource{codegen::VarSource::Kind::Yp, v - kYp, 0};
    });
    for (size_t k = 0; k < outputs.size(); ++k) {
        compiler.store(outputs[k], 0, static_cast<int32_t>(k));
        compiler.store(outputs[k], 1, static_cast<int32_t>(outputs.size() - 1 - k)); // a second array, backwards
    }
    return compiler.finish();
}

// A drive line's tape in miniature: section i computes t_i = c*y[2i] + d*y[2i+1] and
// writes yp[i] - (t_i - t_(i-1)), a value carried from one section to the next; after
// them come rows reading the sections' loaded y[2i+1] and yp[i] again and the last t.
std::vector<expr::NodeId> sections(expr::Pool& pool, int32_t n, bool scrambledTail = false)
{
    std::vector<expr::NodeId> out;
    const expr::NodeId c = pool.constant(1e4), d = pool.constant(10);
    expr::NodeId before = pool.zero();
    for (int32_t i = 0; i < n; ++i) {
        const expr::NodeId t = pool.add(pool.mul(c, pool.var(2 * i)), pool.mul(d, pool.var(2 * i + 1)));
        out.push_back(pool.sub(pool.var(kYp + i), pool.sub(t, before))); // yp[i] - (t_i - t_(i-1))
        before = t;
    }
    if (scrambledTail) {
        // rows that read a few sections' loads in no order a loop could follow: the loop
        // has to load them again after it
        for (int32_t k = 0; k < 200; ++k) {
            const int32_t i = (k * 7919 + 11) % n;
            out.push_back(pool.sub(pool.var(2 * i + 1), pool.var(kYp + i)));
        }
        return out;
    }
    for (int32_t i = 0; i < n; ++i)
        out.push_back(pool.sub(pool.var(2 * i + 1), pool.mul(before, pool.var(kYp + i))));
    return out;
}

// The same with each section's own parameters as leaves, c_i (id 2i) and d_i (id 2i + 1),
// as a drive line's stamped sections have them: their registers are a fixed step apart,
// and so are those of c_i/d_i, computed when a run sets them. t_i = c_i*y[2i] +
// (c_i/d_i)*y[2i+1].
std::vector<expr::NodeId> sectionsWithParameters(expr::Pool& pool, int32_t n)
{
    std::vector<expr::NodeId> out;
    expr::NodeId before = pool.zero();
    for (int32_t i = 0; i < n; ++i) {
        const expr::NodeId c = pool.param(pool.addParameter(std::to_string(i) + ".c", 1e4));
        const expr::NodeId d = pool.param(pool.addParameter(std::to_string(i) + ".d", 10));
        const expr::NodeId t = pool.add(pool.mul(c, pool.var(2 * i)), pool.mul(pool.div(c, d), pool.var(2 * i + 1)));
        out.push_back(pool.sub(pool.var(kYp + i), pool.sub(t, before))); // yp[i] - (t_i - t_(i-1))
        before = t;
    }
    out.push_back(pool.mul(before, pool.var(kYp))); // the last t, after the loop
    return out;
}

struct SectionInputs {
    std::vector<double> y, yp;
    codegen::TapeInputs in;
    explicit SectionInputs(size_t n) : y(2 * n), yp(n)
    {
        for (size_t i = 0; i < y.size(); ++i)
            y[i] = std::sin(0.37 * static_cast<double>(i)) * (i % 3 ? 1e-3 : 2.5);
        for (size_t i = 0; i < yp.size(); ++i)
            yp[i] = std::cos(0.11 * static_cast<double>(i)) - 0.25;
        in.y = y.data();
        in.yp = yp.data();
    }
};

} // namespace

TEST_CASE("A tape too long for straight-line native code runs natively with its repeated stretches as loops")
{
#if !(defined(__x86_64__) && defined(__linux__))
    SKIP("native code is made for x86-64 Linux only; elsewhere every tape is interpreted");
#endif
    NativeSetting on(true);
    // 3,000 sections: about 39,000 instructions, beyond straight-line native code
    expr::Pool pool;
    const std::vector<expr::NodeId> outputs = sections(pool, 3000);
    const codegen::Tape tape = compileSections(pool, outputs);
    REQUIRE(tape.instructionCount() > codegen::NativeCode::kMostInstructions);
    CHECK(tape.isNative());
    CHECK(tape.nativeBytes() < 16384); // a period's code, not 39,000 instructions'
    SectionInputs s(3000);
    std::vector<double> result = runBothWays(tape, outputs.size(), s.in);
    // the values themselves, computed here: a section's row, and a row after the sections
    const auto t = [&](size_t i) { return 1e4 * s.y[2 * i] + 10 * s.y[2 * i + 1]; };
    CHECK(result[0] == s.yp[0] - t(0));
    CHECK(result[1500] == s.yp[1500] - (t(1500) - t(1499)));
    CHECK(result[3000 + 2999] == s.y[2 * 2999 + 1] - t(2999) * s.yp[2999]);
    // again on the same registers: the loop's scratch registers start afresh
    CHECK(runBothWays(tape, outputs.size(), s.in) == result);
    // Rows after the loop that read loads of its earlier iterations in no loopable order.
    expr::Pool scrambledPool;
    const std::vector<expr::NodeId> scrambled = sections(scrambledPool, 3000, true);
    const codegen::Tape reloading = compileSections(scrambledPool, scrambled);
    REQUIRE(reloading.instructionCount() > codegen::NativeCode::kMostInstructions);
    CHECK(reloading.isNative());
    result = runBothWays(reloading, scrambled.size(), s.in);
    for (int32_t k : {0, 1, 199}) {
        const auto i = static_cast<size_t>((k * 7919 + 11) % 3000);
        CHECK(result[3000 + static_cast<size_t>(k)] == s.y[2 * i + 1] - s.yp[i]);
    }
    // with native code off, the same tape is interpreted
    NativeSetting off(false);
    CHECK_FALSE(compileSections(pool, outputs).isNative());
}

TEST_CASE("A simulation of a long drive line with looped native tapes gives the interpreted one's results bit for bit")
{
#if !(defined(__x86_64__) && defined(__linux__))
    SKIP("native code is made for x86-64 Linux only; elsewhere every tape is interpreted");
#endif
    // 1,500 inertias: residual, Jacobian and computed values all beyond straight-line native code
    const test::Simulated native = simulateBothWays(flange::bench::chainDiagram(1500, 0.05));
    REQUIRE(native.model->residual.instructionCount() > codegen::NativeCode::kMostInstructions);
    CHECK(native.model->residual.isNative());
    CHECK(native.model->computed.isNative());
}

TEST_CASE("A loop reads each section's own parameters at their stride, as the interpreter does")
{
#if !(defined(__x86_64__) && defined(__linux__))
    SKIP("native code is made for x86-64 Linux only; elsewhere every tape is interpreted");
#endif
    NativeSetting on(true);
    expr::Pool pool;
    const std::vector<expr::NodeId> outputs = sectionsWithParameters(pool, 3000);
    const codegen::Tape tape = compileSections(pool, outputs);
    REQUIRE(tape.instructionCount() > codegen::NativeCode::kMostInstructions);
    CHECK(tape.isNative());
    CHECK(tape.nativeBytes() < 16384); // a period's code: the sections are a loop
    // values other than translation's, each section's its own
    std::vector<double> values(pool.parameterCount());
    for (size_t i = 0; i < 3000; ++i) {
        values[2 * i] = 2e4 + static_cast<double>(i);
        values[2 * i + 1] = 5 - 1e-3 * static_cast<double>(i);
    }
    SectionInputs s(3000);
    const std::vector<double> result = runBothWays(tape, outputs.size(), s.in, &values);
    const auto t = [&](size_t i) {
        return values[2 * i] * s.y[2 * i] + values[2 * i] / values[2 * i + 1] * s.y[2 * i + 1];
    };
    CHECK(result[0] == s.yp[0] - t(0));
    CHECK(result[1] == s.yp[1] - (t(1) - t(0)));
    CHECK(result[1500] == s.yp[1500] - (t(1500) - t(1499)));
    CHECK(result[2999] == s.yp[2999] - (t(2999) - t(2998)));
    CHECK(result[3000] == t(2999) * s.yp[0]);
}
