// Long tapes are finished on a helper thread while translation goes on
// (codegen/tape_finisher.hpp): the tape that arrives must be the one finishing it at once
// gives, short tapes are there at once, and no helper outlives the finisher.
#include "engine/codegen/tape_finisher.hpp"
#include "engine/expr/pool.hpp"
#include "support/tape_support.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <vector>

using namespace flange;

namespace {

// A drive line's residual in miniature, n sections long: row i is
// y[n + i] - (c*y[i] - c*y[i-1]), so every value is known here.
codegen::TapeCompiler sectionCompiler(expr::Pool& pool, int32_t n)
{
    codegen::TapeCompiler compiler(pool, [](int32_t v) { return codegen::VarSource{codegen::VarSource::Kind::Y, v, 0}; });
    const expr::NodeId c = pool.constant(1e4);
    expr::NodeId before = pool.zero();
    for (int32_t i = 0; i < n; ++i) {
        const expr::NodeId t = pool.mul(c, pool.var(i));
        compiler.store(pool.sub(pool.var(n + i), pool.sub(t, before)), 0, i);
        before = t;
    }
    return compiler;
}

std::vector<double> inputs(int32_t n)
{
    std::vector<double> y(2 * static_cast<size_t>(n));
    for (size_t i = 0; i < y.size(); ++i)
        y[i] = std::sin(0.37 * static_cast<double>(i));
    return y;
}

std::vector<double> run(const codegen::Tape& tape, const std::vector<double>& y, int32_t n)
{
    return test::runTape(tape, y, static_cast<size_t>(n));
}

} // namespace

TEST_CASE("A long tape finished on the helper is the tape finished at once")
{
    constexpr int32_t n = 4000; // about 20,000 instructions: beyond kLongTape
    expr::Pool pool;
    codegen::TapeCompiler direct = sectionCompiler(pool, n);
    REQUIRE(direct.instructionCount() > codegen::TapeFinisher::kLongTape);
    const codegen::Tape expected = direct.finish();

    codegen::Tape first, second;
    codegen::TapeFinisher finisher;
    finisher.finish(sectionCompiler(pool, n), first);
    finisher.finish(sectionCompiler(pool, n), second);
    finisher.wait();
    const std::vector<double> y = inputs(n);
    const std::vector<double> want = run(expected, y, n);
    CHECK(want[0] == y[n] - 1e4 * y[0]);
    CHECK(want[n - 1] == y[2 * n - 1] - (1e4 * y[n - 1] - 1e4 * y[n - 2]));
    for (const codegen::Tape* tape : {&first, &second}) {
        CHECK(tape->instructionCount() == expected.instructionCount());
        CHECK(tape->isNative() == expected.isNative());
        CHECK(tape->nativeBytes() == expected.nativeBytes());
        const std::vector<double> got = run(*tape, y, n);
        for (size_t k = 0; k < got.size(); ++k)
            if (std::bit_cast<uint64_t>(got[k]) != std::bit_cast<uint64_t>(want[k]))
                FAIL("row " << k << ": " << got[k] << " against " << want[k]);
    }

    // after a wait the finisher takes tapes again, on a helper of its own
    codegen::Tape third;
    finisher.finish(sectionCompiler(pool, n), third);
    finisher.wait();
    CHECK(third.instructionCount() == expected.instructionCount());
}

TEST_CASE("A short tape is finished at once, and a finisher going out of scope waits for its helper")
{
    expr::Pool pool;
    codegen::Tape shortTape, longTape;
    {
        codegen::TapeFinisher finisher;
        finisher.finish(sectionCompiler(pool, 10), shortTape);
        CHECK(shortTape.instructionCount() > 0); // no wait: it was finished in the call
        finisher.finish(sectionCompiler(pool, 4000), longTape);
    } // no wait(): the destructor joins the helper, which has put the tape in place
    CHECK(longTape.instructionCount() > codegen::TapeFinisher::kLongTape);
    const std::vector<double> y = inputs(10);
    CHECK(run(shortTape, y, 10)[3] == y[13] - (1e4 * y[3] - 1e4 * y[2]));
}
