#include "engine/solve/newton.hpp"

#include "engine/solve/singular_fallback_solver.hpp"
#include "engine/solve/sundials_handles.hpp"
#include "engine/solve/sundials_matrix.hpp"

#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace flange::solve {

namespace {

// What a failed KINSOL solve means for the model, in words: the return code's name is
// for developers only (NewtonResult::code).
std::string plainKinsolFailure(int flag)
{
    switch (flag) {
    case KIN_LSETUP_FAIL:
    case KIN_LSOLVE_FAIL:
    case KIN_LINSOLV_NO_RECOVERY:
    case KIN_LINIT_FAIL:
        return "the equations' Jacobian is singular: some unknowns are not determined by them, or some "
               "equations repeat or contradict others";
    case KIN_SYSFUNC_FAIL:
    case KIN_FIRST_SYSFUNC_ERR:
    case KIN_REPTD_SYSFUNC_ERR:
        return "the equations could not be evaluated";
    case KIN_LINESEARCH_NONCONV:
    case KIN_LINESEARCH_BCFAIL:
    case KIN_MAXITER_REACHED:
    case KIN_MXNEWT_5X_EXCEEDED:
        return "Newton's method did not converge from the start values";
    default:
        return "the nonlinear equations could not be solved";
    }
}

} // namespace
namespace {

struct KinData {
    const NewtonProblem* p;
    std::vector<double> values;
    bool cancelled = false;
    long jacobians = 0; // over the solver's life: a change means a new factorization
};

bool cancelRequested(KinData& d)
{
    if (!d.cancelled && d.p->cancelled && d.p->cancelled())
        d.cancelled = true;
    return d.cancelled;
}

int kinResidual(N_Vector u, N_Vector f, void* user)
{
    auto* d = static_cast<KinData*>(user);
    if (cancelRequested(*d))
        return -1; // unrecoverable: KINSOL stops at once
    bool ok = d->p->residual(N_VGetArrayPointer(u), N_VGetArrayPointer(f));
    if (!ok)
        return 1;
    const double* fv = N_VGetArrayPointer(f);
    for (sunindextype i = 0; i < N_VGetLength(f); ++i)
        if (!std::isfinite(fv[i]))
            return 1;
    return 0;
}

int kinJacobian(N_Vector u, N_Vector, SUNMatrix J, void* user, N_Vector, N_Vector)
{
    auto* d = static_cast<KinData*>(user);
    const SparsePattern& pat = d->p->pattern;
    ++d->jacobians;
    d->p->jacobian(N_VGetArrayPointer(u), d->values.data());
    fillJacobianMatrix(J, pat, d->values.data());
    return 0;
}

} // namespace

struct NewtonSolver::Impl {
    NewtonProblem problem;
    KinData data;
    // In the order they are made: destruction frees KINSOL first and the context last.
    ContextHandle ctx;
    VectorHandle u, us, fs;
    VectorHandle f, step; // for the quick iterations on a kept factorization
    MatrixHandle J;
    LinearSolverHandle LS;
    KinsolHandle kin;
    bool factored = false;
    // An affine problem's factorization that one step may trust, and the mode it was made in.
    bool exact = false;
    std::vector<double> exactMode;
    // The kept factorization's inverse (row-major), for which KinData::jacobians, and the
    // infinity norm of A times it minus the identity (infinite when there is none).
    std::vector<double> inverse;
    long inverseOf = -1;
    double inverseError = INFINITY;
    // A large affine problem's matrix that is triangular (keepTriangular); empty otherwise.
    Triangular triangular;
    // How much a quick iteration on the kept factorization (KinData::jacobians = rateOf)
    // shrinks the residual, from the last iterations that were checked; and how many
    // solves since then took their step without the residual that would check it.
    double rate = INFINITY;
    long rateOf = -1;
    int unchecked = 0;
};

NewtonSolver::NewtonSolver(NewtonProblem p) : impl_(std::make_unique<Impl>())
{
    Impl& m = *impl_;
    m.problem = std::move(p);
    const sunindextype n = static_cast<sunindextype>(m.problem.pattern.cols);
    m.data = KinData{&m.problem, std::vector<double>(m.problem.pattern.nnz()), false, 0};
    if (n == 0)
        return;
    m.ctx = newContext();
    SUNContext ctx = m.ctx.get();
    m.u = newSerialVector(n, ctx);
    m.us = newSerialVector(n, ctx);
    m.fs = newSerialVector(n, ctx);
    m.f = newSerialVector(n, ctx);
    m.step = newSerialVector(n, ctx);
    for (sunindextype i = 0; i < n; ++i) {
        double sc = m.problem.scale.empty() ? 1.0 : m.problem.scale[static_cast<size_t>(i)];
        NV_Ith_S(m.us.get(), i) = 1.0 / (sc > 0 ? sc : 1.0);
        NV_Ith_S(m.fs.get(), i) = 1.0;
    }
    m.J = MatrixHandle(newJacobianMatrix(m.problem.pattern, ctx));
    m.LS = LinearSolverHandle(newLinearSolver(m.u.get(), m.J.get(), m.problem.pattern, ctx));
    m.kin = KinsolHandle(KINCreate(ctx));
    void* kin = m.kin.get();
    KINInit(kin, kinResidual, m.u.get());
    KINSetUserData(kin, &m.data);
    KINSetLinearSolver(kin, m.LS.get(), m.J.get());
    KINSetJacFn(kin, kinJacobian);
    KINSetScaledStepTol(kin, 1e-14);
    KINSetNumMaxIters(kin, 200);
    KINSetMaxNewtonStep(kin, 1e20); // start values may be far from the solution in scaled units
    KINSetPrintLevel(kin, 0);
    KINSetErrHandlerFn(kin, [](int, const char*, const char*, char*, void*) {}, nullptr);
}

NewtonSolver::~NewtonSolver() = default;

NewtonResult NewtonSolver::solve(std::vector<double>& x, double tolerance, bool freshJacobian,
                                  const std::vector<double>& mode)
{
    Impl& m = *impl_;
    NewtonResult result;
    const sunindextype n = static_cast<sunindextype>(x.size());
    if (n == 0) {
        result.converged = true;
        return result;
    }
    m.data.cancelled = false;
    if (cancelRequested(m.data)) {
        result.cancelled = true;
        result.message = "cancelled";
        return result;
    }
    for (sunindextype i = 0; i < n; ++i)
        NV_Ith_S(m.u.get(), i) = x[static_cast<size_t>(i)];
    KINSetFuncNormTol(m.kin.get(), tolerance);
    // Exact Newton for a fresh start; a modified Newton (factorization kept) for the small
    // corrections of nearly consistent points, where refactoring would dominate the cost.
    bool reuse = !freshJacobian && m.factored;
    KINSetNoInitSetup(m.kin.get(), reuse ? SUNTRUE : SUNFALSE);
    KINSetMaxSetupCalls(m.kin.get(), reuse ? 10 : 1);
    if (reuse && quickIterations(x, tolerance, exactFactorization(mode), result))
        return result;
    const long jacobiansBefore = m.data.jacobians;
    int flag = KINSol(m.kin.get(), m.u.get(), KIN_LINESEARCH, m.us.get(), m.fs.get());
    if (m.data.cancelled) {
        result.cancelled = true;
        result.message = "cancelled";
        return result; // x keeps its start values
    }
    if (flag == KIN_LINESEARCH_NONCONV || flag == KIN_MAXITER_REACHED || (flag < 0 && !freshJacobian)) {
        // A stale Jacobian or the line search on piecewise-linear characteristics can stall;
        // plain Newton from a fresh Jacobian usually finishes.
        for (sunindextype i = 0; i < n; ++i)
            NV_Ith_S(m.u.get(), i) = x[static_cast<size_t>(i)];
        KINSetNoInitSetup(m.kin.get(), SUNFALSE);
        KINSetMaxSetupCalls(m.kin.get(), 1);
        flag = KINSol(m.kin.get(), m.u.get(), KIN_NONE, m.us.get(), m.fs.get());
    }
    if (m.data.cancelled) {
        result.cancelled = true;
        result.message = "cancelled";
        return result;
    }
    long setups = 0;
    KINGetNumJacEvals(m.kin.get(), &setups); // only a factored Jacobian may be reused
    m.factored = setups > 0 || (reuse && flag >= 0); // a reused factorization stays valid
    if (m.data.jacobians != jacobiansBefore)
        keepFactorization(mode);
    long iters = 0;
    KINGetNumNonlinSolvIters(m.kin.get(), &iters);
    KINGetFuncNorm(m.kin.get(), &result.residualNorm);
    result.iterations = static_cast<int>(iters);
    result.converged = flag >= 0;
    if (!result.converged) {
        char* name = KINGetReturnFlagName(flag);
        result.code = name ? name : "KINSOL failure";
        std::free(name);
        result.message = plainKinsolFailure(flag);
    }
    for (sunindextype i = 0; i < n; ++i)
        x[static_cast<size_t>(i)] = NV_Ith_S(m.u.get(), i);
    return result;
}

// A pivot this far below the largest is taken for a round-off zero: the matrix is singular
// in all but name, and a step on it is no better than its round-off, so it is checked.
// Wider ratios between the pivots of a well-posed system (a stiff spring beside a light
// mass, in SI units) stay far above it.
constexpr double kSmallestTrustedPivot = 1e-10;

bool NewtonSolver::singular() const { return impl_->factored && !factoredByLu(impl_->LS.get()); }

// Whether one step on the kept factorization solves the problem in `mode` exactly.
bool NewtonSolver::exactFactorization(const std::vector<double>& mode) const
{
    const Impl& m = *impl_;
    return m.exact && m.factored && mode.size() == m.exactMode.size() &&
           (mode.empty() || std::memcmp(mode.data(), m.exactMode.data(), mode.size() * sizeof(double)) == 0);
}

// After a solve that factored the Jacobian anew: whether one step may trust it, in this
// mode. Only dense LU's pivots are at hand; KLU's systems keep the confirming residual.
void NewtonSolver::keepFactorization(const std::vector<double>& mode)
{
    Impl& m = *impl_;
    m.exact = false;
    m.triangular = {};
    if (!m.problem.affine)
        return;
    if (!usesDenseMatrix(m.problem.pattern)) {
        keepTriangular(mode);
        return;
    }
    if (!factoredByLu(m.LS.get()))
        return;
    double smallest = INFINITY, largest = 0;
    for (sunindextype k = 0; k < SUNDenseMatrix_Columns(m.J.get()); ++k) {
        const double pivot = std::fabs(SUNDenseMatrix_Column(m.J.get(), k)[k]); // U's diagonal, after LU in place
        smallest = std::min(smallest, pivot);
        largest = std::max(largest, pivot);
    }
    m.exact = std::isfinite(largest) && smallest > kSmallestTrustedPivot * largest;
    m.exactMode = mode;
}

// KLU's systems: an affine problem's Jacobian that is triangular under some ordering of
// its rows and columns, such as the derivatives of a drive line's ODE (each acceleration
// from the one before). Its values are those of every point in the mode (a zero stays
// zero), so one step x -= A^-1 F(x) by substitution, in the order found by peeling rows
// with one unknown left, is exact; the pivots pass the same test as dense LU's.
void NewtonSolver::keepTriangular(const std::vector<double>& mode)
{
    Impl& m = *impl_;
    const SparsePattern& p = m.problem.pattern;
    const auto n = static_cast<size_t>(p.cols);
    const auto rows = static_cast<size_t>(p.rows);
    if (rows != n)
        return;
    // The nonzero values by row.
    std::vector<int32_t> rowStart(rows + 1, 0);
    for (size_t k = 0; k < p.nnz(); ++k)
        if (m.data.values[k] != 0)
            ++rowStart[static_cast<size_t>(p.rowIdx[k]) + 1];
    for (size_t r = 0; r < rows; ++r)
        rowStart[r + 1] += rowStart[r];
    std::vector<int32_t> rowCol(static_cast<size_t>(rowStart[rows]));
    std::vector<double> rowValue(rowCol.size());
    std::vector<int32_t> fill(rowStart.begin(), rowStart.end() - 1);
    for (size_t c = 0; c < n; ++c)
        for (int32_t k = p.colPtr[c]; k < p.colPtr[c + 1]; ++k) {
            const double v = m.data.values[static_cast<size_t>(k)];
            if (v == 0)
                continue;
            if (!std::isfinite(v))
                return;
            const auto at = static_cast<size_t>(fill[static_cast<size_t>(p.rowIdx[static_cast<size_t>(k)])]++);
            rowCol[at] = static_cast<int32_t>(c);
            rowValue[at] = v;
        }
    // Peel: a row with one unknown left solves it; that unknown is then known in its other rows.
    std::vector<int32_t> unknownsLeft(rows);
    std::vector<int32_t> ready;
    for (size_t r = 0; r < rows; ++r) {
        unknownsLeft[r] = rowStart[r + 1] - rowStart[r];
        if (unknownsLeft[r] == 1)
            ready.push_back(static_cast<int32_t>(r));
    }
    std::vector<char> known(n, 0);
    Triangular t;
    double smallest = INFINITY, largest = 0;
    for (size_t next = 0; next < ready.size(); ++next) {
        const auto r = static_cast<size_t>(ready[next]);
        int32_t col = -1;
        double pivot = 0;
        for (int32_t k = rowStart[r]; k < rowStart[r + 1]; ++k)
            if (!known[static_cast<size_t>(rowCol[static_cast<size_t>(k)])]) {
                col = rowCol[static_cast<size_t>(k)];
                pivot = rowValue[static_cast<size_t>(k)];
            }
        if (col < 0)
            return; // a row whose unknowns all came from other rows: singular
        known[static_cast<size_t>(col)] = 1;
        t.row.push_back(static_cast<int32_t>(r));
        t.col.push_back(col);
        t.pivotInverse.push_back(1 / pivot);
        smallest = std::min(smallest, std::fabs(pivot));
        largest = std::max(largest, std::fabs(pivot));
        for (int32_t k = rowStart[r]; k < rowStart[r + 1]; ++k)
            if (rowCol[static_cast<size_t>(k)] != col) {
                t.otherCol.push_back(rowCol[static_cast<size_t>(k)]);
                t.otherValue.push_back(rowValue[static_cast<size_t>(k)]);
            }
        t.othersEnd.push_back(static_cast<int32_t>(t.otherCol.size()));
        for (int32_t k = p.colPtr[static_cast<size_t>(col)]; k < p.colPtr[static_cast<size_t>(col) + 1]; ++k)
            if (m.data.values[static_cast<size_t>(k)] != 0) {
                const auto other = static_cast<size_t>(p.rowIdx[static_cast<size_t>(k)]);
                if (--unknownsLeft[other] == 1)
                    ready.push_back(static_cast<int32_t>(other));
            }
    }
    if (t.col.size() != n || !(smallest > kSmallestTrustedPivot * largest))
        return; // a block of simultaneous unknowns, or a pivot at round-off level
    m.triangular = std::move(t);
    m.exact = true;
    m.exactMode = mode;
}

// x = A^-1 f for a kept triangular A, substituting in the order keepTriangular found.
void NewtonSolver::solveTriangular(const double* f, double* x) const
{
    const Triangular& t = impl_->triangular;
    int32_t k = 0;
    for (size_t s = 0; s < t.col.size(); ++s) {
        double sum = f[static_cast<size_t>(t.row[s])];
        for (; k < t.othersEnd[s]; ++k)
            sum -= t.otherValue[static_cast<size_t>(k)] * x[static_cast<size_t>(t.otherCol[static_cast<size_t>(k)])];
        x[static_cast<size_t>(t.col[s])] = sum * t.pivotInverse[s];
    }
}

// The inverse of a small dense matrix whose factorization is kept: the solves at output
// points and between steps reuse one factorization thousands of times, and a product with
// the inverse costs a fraction of the forward and back substitutions, whose divisions form
// one long chain. Made on the first solve after each factorization, with how far A times
// it is from the identity (A: the Jacobian values that were factored); nothing when that
// is above kInverseError, an ill-conditioned matrix that keeps the substitutions.
constexpr double kInverseError = 1e-10;

const double* NewtonSolver::keptInverse()
{
    Impl& m = *impl_;
    if (m.inverseOf == m.data.jacobians)
        return m.inverseError <= kInverseError ? m.inverse.data() : nullptr;
    m.inverseOf = m.data.jacobians;
    m.inverseError = INFINITY;
    const SparsePattern& p = m.problem.pattern;
    if (!m.factored || !usesDenseMatrix(p) || !factoredByLu(m.LS.get()))
        return nullptr;
    const auto n = static_cast<size_t>(p.cols);
    double* unit = N_VGetArrayPointer(m.f.get());
    const double* column = N_VGetArrayPointer(m.step.get());
    m.inverse.assign(n * n, 0.0);
    for (size_t j = 0; j < n; ++j) {
        std::fill(unit, unit + n, 0.0);
        unit[j] = 1;
        if (SUNLinSolSolve(m.LS.get(), m.J.get(), m.step.get(), m.f.get(), 0.0) != 0)
            return nullptr;
        for (size_t i = 0; i < n; ++i)
            m.inverse[i * n + j] = column[i];
    }
    std::vector<double> product(n * n, 0.0); // A * inverse, row-major
    for (size_t c = 0; c < n; ++c)
        for (int32_t k = p.colPtr[c]; k < p.colPtr[c + 1]; ++k) {
            const double a = m.data.values[static_cast<size_t>(k)];
            double* row = &product[static_cast<size_t>(p.rowIdx[static_cast<size_t>(k)]) * n];
            for (size_t j = 0; j < n; ++j)
                row[j] += a * m.inverse[c * n + j];
        }
    double error = 0;
    for (size_t r = 0; r < n; ++r) {
        double sum = 0;
        for (size_t j = 0; j < n; ++j)
            sum += std::fabs(product[r * n + j] - (r == j ? 1.0 : 0.0));
        error = std::max(error, sum);
    }
    m.inverseError = std::isfinite(error) ? error : INFINITY;
    return m.inverseError <= kInverseError ? m.inverse.data() : nullptr;
}

constexpr int kMostUnchecked = 8;
constexpr double kUncheckedMargin = 0.1;

bool NewtonSolver::keptStep(const double* inverse, bool exact, double norm, double tolerance)
{
    Impl& m = *impl_;
    const size_t n = static_cast<size_t>(m.problem.pattern.cols);
    const double* f = N_VGetArrayPointer(m.f.get());
    double* d = N_VGetArrayPointer(m.step.get());
    // A step not checked by a residual after it takes the inverse only when the residual
    // it leaves, at most inverseError * norm, is far below the tolerance.
    if (!m.triangular.col.empty()) {
        solveTriangular(f, d);
    } else if (inverse && (!exact || m.inverseError * norm <= 1e-3 * tolerance)) {
        for (size_t i = 0; i < n; ++i) {
            const double* row = inverse + i * n;
            double sum = 0;
            for (size_t j = 0; j < n; ++j)
                sum += row[j] * f[j];
            d[i] = sum;
        }
    } else if (SUNLinSolSolve(m.LS.get(), m.J.get(), m.step.get(), m.f.get(), 0.0) != 0) {
        return false;
    }
    return true;
}

// The contraction rate measured on an earlier factorization says nothing of this one.
void NewtonSolver::forgetRateOfOldFactorization()
{
    Impl& m = *impl_;
    if (m.rateOf != m.data.jacobians) {
        m.rate = INFINITY;
        m.rateOf = m.data.jacobians;
    }
}

double* NewtonSolver::beginExactStep()
{
    // As quickIterations begins, and before F is written: the inverse is made in the same
    // vector the first time after a factorization.
    keptInverse();
    forgetRateOfOldFactorization();
    return N_VGetArrayPointer(impl_->f.get());
}

const double* NewtonSolver::exactCorrection(double norm, double tolerance)
{
    // keptInverse() was made in beginExactStep: here it only returns it.
    return keptStep(keptInverse(), true, norm, tolerance) ? N_VGetArrayPointer(impl_->step.get()) : nullptr;
}

// Modified Newton on the kept factorization without KINSOL's per-call set-up: the
// solves at output points and between steps start next to the solution, and for the
// linear equations of a drive train one step is exact. exact: one step is exact (see
// NewtonProblem::affine), so the residual after it is not evaluated. False leaves x
// unchanged.
bool NewtonSolver::quickIterations(std::vector<double>& x, double tolerance, bool exact, NewtonResult& result)
{
    Impl& m = *impl_;
    const size_t n = x.size();
    double* u = N_VGetArrayPointer(m.u.get()); // holds x on entry (see solve)
    double* f = N_VGetArrayPointer(m.f.get());
    double* d = N_VGetArrayPointer(m.step.get());
    const double* inverse = keptInverse();
    forgetRateOfOldFactorization();
    double previousNorm = INFINITY;
    for (int it = 0; it < 4; ++it) {
        if (cancelRequested(m.data) || !m.problem.residual(u, f))
            return false;
        double norm = 0;
        for (size_t i = 0; i < n; ++i) {
            if (!std::isfinite(f[i]))
                return false;
            norm = std::max(norm, std::fabs(f[i]));
        }
        if (it == 1) {
            // The rate just seen, or half the one before when that was slower: one quick
            // contraction does not yet make the factorization trusted.
            m.rate = std::max(norm / previousNorm, m.rate == INFINITY ? 0.0 : 0.5 * m.rate);
            m.unchecked = 0;
        }
        previousNorm = norm;
        if (norm <= tolerance) {
            for (size_t i = 0; i < n; ++i)
                x[i] = u[i];
            result.converged = true;
            result.iterations = it;
            result.residualNorm = norm;
            return true;
        }
        if (!keptStep(inverse, exact, norm, tolerance))
            return false;
        for (size_t i = 0; i < n; ++i)
            u[i] -= d[i];
        if (exact) {
            if (!std::all_of(u, u + n, [](double v) { return std::isfinite(v); }))
                break;
            std::copy(u, u + n, x.begin());
            result.converged = true;
            result.iterations = 1;
            result.residualNorm = 0; // up to round-off; not evaluated
            return true;
        }
        // As IDA's corrector: a first step whose residual, at the rate the last checked
        // iterations on this factorization shrank it, is far below the tolerance is taken
        // without evaluating that residual. Every kMostUnchecked solves one is checked, so
        // the rate follows the states' drift between factorizations.
        if (it == 0 && m.unchecked < kMostUnchecked && m.rate * norm <= kUncheckedMargin * tolerance &&
            std::all_of(u, u + n, [](double v) { return std::isfinite(v); })) {
            ++m.unchecked;
            std::copy(u, u + n, x.begin());
            result.converged = true;
            result.iterations = 1;
            result.residualNorm = m.rate * norm; // estimated
            return true;
        }
    }
    for (size_t i = 0; i < n; ++i)
        u[i] = x[i];
    return false;
}

NewtonResult solveNewton(const NewtonProblem& p, std::vector<double>& x, double tolerance)
{
    NewtonSolver solver(p);
    return solver.solve(x, tolerance, true);
}

} // namespace flange::solve
