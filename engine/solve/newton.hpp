#pragma once
// Damped Newton on a square system through KINSOL (line search, exact Newton: the
// Jacobian is refreshed every iteration), with a dense linear solver for small systems
// and KLU for large ones. Used for consistent initialization and after events.
#include "engine/structure/sparse_pattern.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace flange::solve {

using structure::SparsePattern;

struct NewtonProblem {
    SparsePattern pattern;
    // residual(x, f): f = F(x). Return false if F is not defined at x (NaN).
    std::function<bool(const double* x, double* f)> residual;
    // jacobian(x, values): values[k] for pattern entry k.
    std::function<void(const double* x, double* values)> jacobian;
    std::vector<double> scale; // typical magnitude of each unknown
    // Polled once per residual evaluation; true stops the solve with result.cancelled.
    std::function<bool()> cancelled;
    // F is affine in x and its Jacobian depends on the `mode` passed to solve() alone (the
    // discrete values and relations it reads): one Newton step on a factorization made in
    // the same mode is then exact up to round-off, and NewtonSolver takes it without the
    // residual that would only confirm it (codegen/affinity.hpp decides this for a model).
    bool affine = false;
};

struct NewtonResult {
    bool converged = false;
    int iterations = 0;
    double residualNorm = 0;
    std::string message; // in words, for the user
    std::string code;    // KINSOL's return code name, for developers only
    bool cancelled = false; // stopped because problem.cancelled() said so
};

// Solves F(x) = 0 starting from x (updated in place).
NewtonResult solveNewton(const NewtonProblem& p, std::vector<double>& x, double tolerance);

// A Newton solver kept across many solves of one system (after every event, at every
// output point): KINSOL's memory and KLU's symbolic analysis are made once. With
// freshJacobian = false the last factorization is reused for the first iteration, which
// is all a nearly consistent starting point needs. mode: for an affine problem, the values
// its Jacobian depends on (compared bit for bit with those of the factorization).
class NewtonSolver {
public:
    explicit NewtonSolver(NewtonProblem p);
    ~NewtonSolver();
    NewtonSolver(const NewtonSolver&) = delete;
    NewtonSolver& operator=(const NewtonSolver&) = delete;
    NewtonResult solve(std::vector<double>& x, double tolerance, bool freshJacobian,
                       const std::vector<double>& mode = {});
    // Whether a solve in `mode` on the kept factorization is one exact step, from any start.
    bool oneStepExact(const std::vector<double>& mode) const { return exactFactorization(mode); }
    // One exact step for a caller that evaluates F where its unknowns live instead of
    // packing them into x (the Adams methods' right-hand side): it writes F into the
    // vector beginExactStep() returns, and, where oneStepExact(mode) holds,
    // exactCorrection(norm of F, tolerance) returns the correction d, x_new = x - d, as
    // solve() computes it and with the same bookkeeping; null where that step would not be
    // taken (solve() then goes on to iterate).
    double* beginExactStep();
    const double* exactCorrection(double norm, double tolerance);
    // Whether the kept Jacobian is singular (solved by the rank-revealing fallback): some
    // unknowns are then not determined by the equations, and keep their starting values.
    bool singular() const;

private:
    bool quickIterations(std::vector<double>& x, double tolerance, bool exact, NewtonResult& result);
    // The step d = J^-1 f on the kept factorization (f and d: the solver's own vectors, f
    // the one beginExactStep() returns); false where the linear solve fails.
    bool keptStep(const double* inverse, bool exact, double norm, double tolerance);
    void forgetRateOfOldFactorization();
    bool exactFactorization(const std::vector<double>& mode) const;
    void keepFactorization(const std::vector<double>& mode);
    void keepTriangular(const std::vector<double>& mode);
    void solveTriangular(const double* f, double* x) const;
    // Substitution steps: solve col from row, less the other (column, value) pairs of the
    // row up to othersEnd, all of them solved in earlier steps.
    struct Triangular {
        std::vector<int32_t> row, col, othersEnd, otherCol;
        std::vector<double> pivotInverse, otherValue;
    };
    const double* keptInverse();
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace flange::solve
