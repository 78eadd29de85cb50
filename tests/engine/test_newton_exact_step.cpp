// The consistent solve at output points on an affine problem (NewtonProblem::affine):
// one step on a factorization from the same mode, without a confirming residual; after a
// change of mode, or on a nearly singular matrix, the step is checked as before.
#include "engine/solve/newton.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

using namespace flange;
using namespace flange::solve;

namespace {

// F(x) = A x - b with A = [[2, 1], [1, 3]] in mode 0 and [[5, 0], [1, 1]] in mode 1,
// or [[1, 1], [1, 1 + 1e-13]] (nearly singular) in mode 2.
struct Linear {
    int mode = 0;
    std::array<double, 2> b{0, 0};
    int residuals = 0;
    std::array<double, 4> matrix() const // (0,0), (1,0), (0,1), (1,1)
    {
        if (mode == 0)
            return {2, 1, 1, 3};
        if (mode == 1)
            return {5, 1, 0, 1};
        return {1, 1, 1, 1 + 1e-13};
    }
    NewtonProblem problem(bool affine)
    {
        NewtonProblem p;
        p.pattern = structure::patternFromEntries(2, 2, {{0, 0}, {1, 0}, {0, 1}, {1, 1}});
        p.residual = [this](const double* x, double* f) {
            ++residuals;
            const auto a = matrix();
            f[0] = a[0] * x[0] + a[2] * x[1] - b[0];
            f[1] = a[1] * x[0] + a[3] * x[1] - b[1];
            return true;
        };
        p.jacobian = [this](const double*, double* values) {
            const auto a = matrix();
            std::copy(a.begin(), a.end(), values);
        };
        p.affine = affine;
        return p;
    }
    // Residual evaluations of one solve from x, in the current mode.
    int solve(NewtonSolver& s, std::vector<double>& x, bool fresh)
    {
        residuals = 0;
        const NewtonResult r = s.solve(x, 1e-10, fresh, {static_cast<double>(mode)});
        CHECK(r.converged);
        return residuals;
    }
};

// A solver on `Linear` that has solved A0 x = (3, 4), x = (1, 1), on a fresh factorization
// of mode 0: where every test below starts.
struct SolvedOnce {
    Linear f;
    NewtonSolver s;
    std::vector<double> x{0, 0};
    explicit SolvedOnce(bool affine) : s(f.problem(affine))
    {
        f.b = {3, 4};
        f.solve(s, x, true);
    }
};

} // namespace

TEST_CASE("an affine solve on a factorization of its own mode takes one step and no confirming residual")
{
    SolvedOnce t(true);
    CHECK(t.x[0] == Approx(1).margin(1e-12));
    CHECK(t.x[1] == Approx(1).margin(1e-12));
    t.f.b = {5, 10}; // the states moved: A x = b gives (1, 3)
    CHECK(t.f.solve(t.s, t.x, false) == 1);
    CHECK(t.x[0] == Approx(1).margin(1e-12));
    CHECK(t.x[1] == Approx(3).margin(1e-12));
}

TEST_CASE("a problem not known to be affine confirms the step with a second residual")
{
    SolvedOnce t(false);
    t.f.b = {5, 10};
    CHECK(t.f.solve(t.s, t.x, false) == 2);
    CHECK(t.x[1] == Approx(3).margin(1e-12));
}

TEST_CASE("after a change of mode the kept factorization is not trusted for one step")
{
    SolvedOnce t(true);
    // Mode 1 from x = (1, 1): A1 x = b gives (2, 2). One step on mode 0's factorization
    // would give (1, 1) - A0^-1 (A1 (1, 1) - b) = (3.6, 0.8).
    t.f.mode = 1;
    t.f.b = {10, 4};
    t.f.solve(t.s, t.x, false);
    CHECK(t.x[0] == Approx(2).margin(1e-10));
    CHECK(t.x[1] == Approx(2).margin(1e-10));
    // once factored in mode 1, mode 1's solves take one step again
    t.f.b = {5, 3};
    CHECK(t.f.solve(t.s, t.x, false) == 1);
    CHECK(t.x[0] == Approx(1).margin(1e-12));
    CHECK(t.x[1] == Approx(2).margin(1e-12));
}

TEST_CASE("a nearly singular factorization's step is checked")
{
    Linear f;
    f.mode = 2; // pivots 1 and 1e-13
    NewtonSolver s(f.problem(true));
    std::vector<double> x{0, 0};
    f.b = {3, 3 + 2e-13}; // A (1, 2)
    f.solve(s, x, true);
    f.b = {4, 4 + 2e-13}; // A (2, 2)
    CHECK(f.solve(s, x, false) >= 2);
}

TEST_CASE("an unchecked step on an ill-conditioned matrix leaves a residual at round-off, as a substitution does")
{
    // Hilbert's 4 x 4 matrix (condition 1.6e4): a product with its computed inverse is off
    // by about 1e-12 of the right-hand side, a forward and back substitution by round-off.
    // From x = (1, 2, 3, 4) to A x = A (1e6, 1e6, 1e6, 1e6), a right-hand side of 2e6:
    // the residual after the one step must stay at round-off (2e6 * 1e-16 * 4).
    NewtonProblem p;
    std::vector<structure::SparseEntry> entries;
    for (int32_t c = 0; c < 4; ++c)
        for (int32_t r = 0; r < 4; ++r)
            entries.push_back({r, c});
    p.pattern = structure::patternFromEntries(4, 4, entries);
    auto a = [](int r, int c) { return 1.0 / (r + c + 1); };
    std::array<double, 4> b{};
    int residuals = 0;
    p.residual = [&](const double* x, double* f) {
        ++residuals;
        for (int r = 0; r < 4; ++r) {
            f[r] = -b[static_cast<size_t>(r)];
            for (int c = 0; c < 4; ++c)
                f[r] += a(r, c) * x[c];
        }
        return true;
    };
    p.jacobian = [&](const double*, double* values) {
        for (int c = 0, k = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                values[k++] = a(r, c);
    };
    p.affine = true;
    NewtonSolver s(p);
    auto rhs = [&](std::array<double, 4> x) {
        for (int r = 0; r < 4; ++r) {
            b[static_cast<size_t>(r)] = 0;
            for (int c = 0; c < 4; ++c)
                b[static_cast<size_t>(r)] += a(r, c) * x[static_cast<size_t>(c)];
        }
    };
    std::vector<double> x{0, 0, 0, 0};
    rhs({1, 2, 3, 4});
    REQUIRE(s.solve(x, 1e-10, true, {}).converged);
    rhs({1e6, 1e6, 1e6, 1e6});
    residuals = 0;
    REQUIRE(s.solve(x, 1e-10, false, {}).converged);
    CHECK(residuals == 1);
    double worst = 0;
    for (int r = 0; r < 4; ++r) {
        long double f = -static_cast<long double>(b[static_cast<size_t>(r)]);
        for (int c = 0; c < 4; ++c)
            f += static_cast<long double>(a(r, c)) * x[static_cast<size_t>(c)];
        worst = std::max(worst, static_cast<double>(std::fabs(f)));
    }
    CHECK(worst <= 1e-8);
}

namespace {

// F(x) = A0 x + k x^3 - b (componentwise cube): not affine; the kept factorization is
// A0 + 3k diag(x^2) at the point of the fresh solve.
struct Cubic {
    double k = 0.01;
    std::array<double, 2> b{3, 4};
    int residuals = 0;
    std::array<double, 2> of(const double* x) const
    {
        return {2 * x[0] + x[1] + k * x[0] * x[0] * x[0] - b[0], x[0] + 3 * x[1] + k * x[1] * x[1] * x[1] - b[1]};
    }
    NewtonProblem problem()
    {
        NewtonProblem p;
        p.pattern = structure::patternFromEntries(2, 2, {{0, 0}, {1, 0}, {0, 1}, {1, 1}});
        p.residual = [this](const double* x, double* f) {
            ++residuals;
            const auto r = of(x);
            f[0] = r[0];
            f[1] = r[1];
            return true;
        };
        p.jacobian = [this](const double* x, double* v) {
            v[0] = 2 + 3 * k * x[0] * x[0];
            v[1] = 1;
            v[2] = 1;
            v[3] = 3 + 3 * k * x[1] * x[1];
        };
        return p;
    }
};

} // namespace

TEST_CASE("a quick iteration that shrank the residual fast is trusted without its check for at most eight solves")
{
    // The solves at output points move a little from one to the next. Once a checked
    // iteration on the kept factorization has shown its rate, a step whose residual at that
    // rate is far below the tolerance is taken unchecked, as IDA's corrector does; every
    // ninth solve is checked again.
    Cubic f;
    f.k = 1e-9; // nearly linear: the rate is tiny
    NewtonSolver s(f.problem());
    std::vector<double> x{0, 0};
    REQUIRE(s.solve(x, 1e-10, true).converged);
    std::vector<int> evaluations;
    for (int i = 1; i <= 12; ++i) {
        f.b = {3 + 1e-3 * i, 4 - 1e-3 * i};
        f.residuals = 0;
        REQUIRE(s.solve(x, 1e-10, false).converged);
        evaluations.push_back(f.residuals);
        const auto r = f.of(x.data());
        CHECK(std::max(std::fabs(r[0]), std::fabs(r[1])) <= 1e-10); // what the tolerance asks
    }
    CHECK(evaluations == std::vector<int>{2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1});
}

TEST_CASE("a quick iteration that shrank the residual slowly keeps checking every step")
{
    Cubic f;
    f.k = 0.05; // the factorization from x = 0 is far from the Jacobian at the solution
    NewtonSolver s(f.problem());
    std::vector<double> x{0, 0};
    REQUIRE(s.solve(x, 1e-10, true).converged);
    for (int i = 1; i <= 6; ++i) {
        f.b = {3 + 0.2 * i, 4 - 0.2 * i};
        f.residuals = 0;
        REQUIRE(s.solve(x, 1e-10, false).converged);
        CHECK(f.residuals >= 2);
        const auto r = f.of(x.data());
        CHECK(std::max(std::fabs(r[0]), std::fabs(r[1])) <= 1e-10);
    }
}

TEST_CASE("a large affine system that is triangular in some order is solved by substitution in one step")
{
    // 100 unknowns (KLU's size): row r reads x[p(r)] with pivot (r + 2) and, but for the
    // first, the unknown of row r - 1 with -1; rows and unknowns listed in a scrambled order.
    // x = A^-1 b is then found by substitution from row 0 on.
    constexpr int32_t n = 100;
    auto unknownOf = [](int32_t r) { return (r * 37) % n; }; // 37 and 100 are coprime
    std::vector<structure::SparseEntry> entries;
    for (int32_t r = 0; r < n; ++r) {
        entries.push_back({r, unknownOf(r)});
        if (r > 0)
            entries.push_back({r, unknownOf(r - 1)});
    }
    // the pattern sorts the entries by column: the values are set per (row, column) below
    NewtonProblem p;
    p.pattern = structure::patternFromEntries(n, n, entries);
    auto value = [&](int32_t r, int32_t c) { return c == unknownOf(r) ? r + 2.0 : -1.0; };
    std::vector<double> b(n);
    int residuals = 0;
    p.residual = [&](const double* x, double* f) {
        ++residuals;
        for (int32_t r = 0; r < n; ++r)
            f[r] = (r + 2.0) * x[unknownOf(r)] - (r > 0 ? x[unknownOf(r - 1)] : 0.0) - b[static_cast<size_t>(r)];
        return true;
    };
    p.jacobian = [&](const double*, double* values) {
        for (int32_t c = 0; c < n; ++c)
            for (int32_t k = p.pattern.colPtr[static_cast<size_t>(c)]; k < p.pattern.colPtr[static_cast<size_t>(c) + 1]; ++k)
                values[k] = value(p.pattern.rowIdx[static_cast<size_t>(k)], c);
    };
    p.affine = true;
    NewtonSolver s(p);
    // b for the solution x[unknownOf(r)] = r + 1
    auto rhsFor = [&](double scale) {
        for (int32_t r = 0; r < n; ++r)
            b[static_cast<size_t>(r)] = scale * ((r + 2.0) * (r + 1) - (r > 0 ? r : 0.0));
    };
    std::vector<double> x(n, 0.0);
    rhsFor(1);
    REQUIRE(s.solve(x, 1e-10, true, {}).converged);
    rhsFor(-3);
    residuals = 0;
    REQUIRE(s.solve(x, 1e-10, false, {}).converged);
    CHECK(residuals == 1); // the step is exact: no residual confirms it
    for (int32_t r = 0; r < n; ++r)
        CHECK(x[static_cast<size_t>(unknownOf(r))] == Approx(-3.0 * (r + 1)).epsilon(1e-13));
}

TEST_CASE("a large affine system with a block of simultaneous unknowns keeps the confirming residual")
{
    // As above, but rows 0 and 1 both read unknowns 0 and 1: no order solves one at a time.
    constexpr int32_t n = 100;
    std::vector<structure::SparseEntry> entries{{0, 0}, {0, 1}, {1, 0}, {1, 1}};
    for (int32_t r = 2; r < n; ++r)
        entries.push_back({r, r});
    NewtonProblem p;
    p.pattern = structure::patternFromEntries(n, n, entries);
    std::vector<double> b(n, 1.0);
    int residuals = 0;
    p.residual = [&](const double* x, double* f) {
        ++residuals;
        f[0] = 2 * x[0] + x[1] - b[0];
        f[1] = x[0] + 3 * x[1] - b[1];
        for (int32_t r = 2; r < n; ++r)
            f[r] = 4 * x[r] - b[static_cast<size_t>(r)];
        return true;
    };
    p.jacobian = [&](const double*, double* values) {
        for (int32_t c = 0; c < n; ++c)
            for (int32_t k = p.pattern.colPtr[static_cast<size_t>(c)]; k < p.pattern.colPtr[static_cast<size_t>(c) + 1]; ++k) {
                const int32_t r = p.pattern.rowIdx[static_cast<size_t>(k)];
                values[k] = r >= 2 ? 4.0 : (r == c ? (r == 0 ? 2.0 : 3.0) : 1.0);
            }
    };
    p.affine = true;
    NewtonSolver s(p);
    std::vector<double> x(n, 0.0);
    REQUIRE(s.solve(x, 1e-10, true, {}).converged);
    std::fill(b.begin(), b.end(), 2.0);
    residuals = 0;
    REQUIRE(s.solve(x, 1e-10, false, {}).converged);
    CHECK(residuals >= 2);
    CHECK(x[0] == Approx(0.8).epsilon(1e-12)); // (2 x0 + x1, x0 + 3 x1) = (2, 2)
    CHECK(x[1] == Approx(0.4).epsilon(1e-12));
    CHECK(x[50] == Approx(0.5).epsilon(1e-12));
}

// NewtonSolver::beginExactStep / exactCorrection: the caller evaluates F itself (the Adams
// methods' right-hand side) and gets the step solve() would take, bit for bit.
namespace {

// x - d for the caller's own evaluation of F at x, or nothing where no exact step is offered.
std::vector<double> callerStep(Linear& f, NewtonSolver& s, std::vector<double> x)
{
    if (!s.oneStepExact({static_cast<double>(f.mode)}))
        return {};
    double* in = s.beginExactStep();
    const auto a = f.matrix();
    in[0] = a[0] * x[0] + a[2] * x[1] - f.b[0];
    in[1] = a[1] * x[0] + a[3] * x[1] - f.b[1];
    const double norm = std::max(std::fabs(in[0]), std::fabs(in[1]));
    const double* d = s.exactCorrection(norm, 1e-10);
    if (!d)
        return {};
    return {x[0] - d[0], x[1] - d[1]};
}

} // namespace

TEST_CASE("a caller's own exact step is the solve's step, also as the first solve after a factorization")
{
    // Two solvers on the same problem and history; each factorization's first step is where
    // the solver makes the factorization's inverse (in the vector that takes F).
    SolvedOnce byCaller(true), bySolve(true);
    for (const std::array<double, 2> b : {std::array<double, 2>{5, 10}, {7, -2}, {1e6, 3}}) {
        byCaller.f.b = bySolve.f.b = b;
        const std::vector<double> mine = callerStep(byCaller.f, byCaller.s, byCaller.x);
        REQUIRE(mine.size() == 2);
        CHECK(bySolve.f.solve(bySolve.s, bySolve.x, false) == 1);
        CHECK(mine[0] == bySolve.x[0]); // bit for bit
        CHECK(mine[1] == bySolve.x[1]);
        byCaller.x = mine;
    }
    // A0^-1 = [[3, -1], [-1, 2]] / 5, so A0^-1 (1e6, 3) = (3e6 - 3, 6 - 1e6) / 5
    CHECK(byCaller.x[0] == Approx((3e6 - 3) / 5).epsilon(1e-12));
    CHECK(byCaller.x[1] == Approx((6 - 1e6) / 5).epsilon(1e-12));
}

TEST_CASE("no exact step is offered in another mode or for a problem not known to be affine")
{
    SolvedOnce affine(true), general(false);
    affine.f.mode = 1;
    affine.f.b = general.f.b = {10, 4};
    CHECK(callerStep(affine.f, affine.s, affine.x).empty());
    CHECK(callerStep(general.f, general.s, general.x).empty());
}
