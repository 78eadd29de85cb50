// The block-lower-triangular pass: dependency order of the blocks, explicit solution of
// a chain whose simultaneous Newton would start at 1/0, and the least-norm solution of a
// consistent singular block (two stuck friction elements sharing one torque).
#include "engine/solve/block_solve.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace flange::solve;
using namespace flange::structure;

namespace {

// CSC pattern from (row, col) entries of an n x n system.
SparsePattern pattern(int32_t n, const std::vector<std::pair<int32_t, int32_t>>& entries)
{
    std::vector<SparseEntry> e;
    for (auto [r, c] : entries)
        e.push_back({r, c});
    return patternFromEntries(n, n, e);
}

} // namespace

TEST_CASE("blocks come in dependency order, a cycle forms one block")
{
    // row 0 reads x0; row 1 reads x0, x1; rows 2 and 3 read each other and x1
    auto p = pattern(4, {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3}});
    auto blocks = blockOrder(p);
    REQUIRE(blocks.size() == 3);
    CHECK(blocks[0] == std::vector<int32_t>{0});
    CHECK(blocks[1] == std::vector<int32_t>{1});
    CHECK(blocks[2].size() == 2);
}

TEST_CASE("a chain is solved in order where a simultaneous start would divide by zero")
{
    // x0 = 0.5 (an efficiency read from a table), x1 = 1/x0
    NewtonProblem prob;
    prob.pattern = pattern(2, {{0, 0}, {1, 0}, {1, 1}});
    prob.residual = [](const double* x, double* f) {
        f[0] = x[0] - 0.5;
        f[1] = x[1] - 1.0 / x[0];
        return true;
    };
    prob.jacobian = [](const double* x, double* v) {
        v[0] = 1;                    // (0,0)
        v[1] = 1.0 / (x[0] * x[0]);  // (1,0)
        v[2] = 1;                    // (1,1)
    };
    std::vector<double> x{0, 0};
    auto r = solveByBlocks(prob, x, 50, 1e-12);
    CHECK(r.solved == 2);
    CHECK(x[0] == Approx(0.5));
    CHECK(x[1] == Approx(2.0));
    CHECK(residualBelow(prob, x, 1e-12));
}

TEST_CASE("a consistent singular block gets the least-norm solution")
{
    // a + b = 2 stated twice: any split solves it; the least-norm one is a = b = 1
    NewtonProblem prob;
    prob.pattern = pattern(2, {{0, 0}, {0, 1}, {1, 0}, {1, 1}});
    prob.residual = [](const double* x, double* f) {
        f[0] = x[0] + x[1] - 2;
        f[1] = 2 * x[0] + 2 * x[1] - 4;
        return true;
    };
    prob.jacobian = [](const double*, double* v) {
        v[0] = 1; // (0,0)
        v[1] = 2; // (1,0)
        v[2] = 1; // (0,1)
        v[3] = 2; // (1,1)
    };
    std::vector<double> x{5, -7};
    auto r = solveByBlocks(prob, x, 50, 1e-12);
    CHECK(r.solved == 1);
    CHECK(x[0] == Approx(1.0));
    CHECK(x[1] == Approx(1.0));
}

TEST_CASE("an inconsistent singular block is left as it was")
{
    // a + b = 2 and a + b = 3 contradict each other
    NewtonProblem prob;
    prob.pattern = pattern(2, {{0, 0}, {0, 1}, {1, 0}, {1, 1}});
    prob.residual = [](const double* x, double* f) {
        f[0] = x[0] + x[1] - 2;
        f[1] = x[0] + x[1] - 3;
        return true;
    };
    prob.jacobian = [](const double*, double* v) { v[0] = v[1] = v[2] = v[3] = 1; };
    std::vector<double> x{0.25, 0.5};
    auto r = solveByBlocks(prob, x, 50, 1e-12);
    CHECK(r.skipped == 1);
    CHECK(x[0] == 0.25);
    CHECK(x[1] == 0.5);
    CHECK_FALSE(residualBelow(prob, x, 1e-6));
}
