#include "engine/solve/singular_fallback_solver.hpp"

#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>
#include <nvector/nvector_serial.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

namespace flange::solve {
namespace {

// A column whose remaining norm (after removing the pivoted columns' directions) is below
// this fraction of its own norm counts as dependent. Relative per column, so unknowns of very
// different units (an angle and a torque) are judged alike.
constexpr double kDependentColumn = 1e-10;
// The part of the right-hand side outside the range, relative to its norm, that still counts
// as rounding: more means the equations contradict each other.
constexpr double kInconsistent = 1e-6;

// Householder QR with column pivoting of a square matrix, in place; keeps what the basic
// solution needs.
struct PivotedQr {
    std::size_t n = 0, rank = 0;
    std::vector<double> a;          // column-major: R above the diagonal, reflectors below
    std::vector<double> diag, tau;  // R's diagonal, reflector factors
    std::vector<std::size_t> perm;  // column k of the factors is unknown perm[k]
    std::vector<double> colNorm, work;

    double* col(std::size_t j) { return a.data() + j * n; }

    void factor()
    {
        diag.assign(n, 0.0);
        tau.assign(n, 0.0);
        perm.resize(n);
        std::iota(perm.begin(), perm.end(), std::size_t{0});
        colNorm.resize(n);
        for (std::size_t j = 0; j < n; ++j)
            colNorm[j] = norm(col(j), 0);
        rank = n;
        for (std::size_t k = 0; k < n; ++k) {
            std::size_t best = k;
            double bestRel = -1.0;
            for (std::size_t j = k; j < n; ++j) {
                const double rel = colNorm[j] > 0 ? norm(col(j), k) / colNorm[j] : 0.0;
                if (rel > bestRel) {
                    bestRel = rel;
                    best = j;
                }
            }
            if (bestRel <= kDependentColumn) {
                rank = k;
                return;
            }
            if (best != k) {
                std::swap_ranges(col(k), col(k) + n, col(best));
                std::swap(colNorm[k], colNorm[best]);
                std::swap(perm[k], perm[best]);
            }
            double* v = col(k);
            const double x0 = v[k];
            const double nx = norm(v, k);
            const double alpha = x0 >= 0 ? -nx : nx;
            v[k] = x0 - alpha;
            const double vv = nx * nx - x0 * x0 + v[k] * v[k];
            diag[k] = alpha;
            tau[k] = vv > 0 ? 2.0 / vv : 0.0;
            for (std::size_t j = k + 1; j < n; ++j)
                reflect(k, col(j));
        }
    }

    // Applies reflector k to the vector y (rows k..n-1).
    void reflect(std::size_t k, double* y) const
    {
        const double* v = a.data() + k * n;
        double s = 0;
        for (std::size_t i = k; i < n; ++i)
            s += v[i] * y[i];
        s *= tau[k];
        for (std::size_t i = k; i < n; ++i)
            y[i] -= s * v[i];
    }

    double norm(const double* y, std::size_t from) const
    {
        double s = 0;
        for (std::size_t i = from; i < n; ++i)
            s += y[i] * y[i];
        return std::sqrt(s);
    }

    // The basic solution of A x = b; false when b is not in A's range.
    bool solve(const double* b, double* x)
    {
        work.assign(b, b + n);
        const double bNorm = norm(work.data(), 0);
        for (std::size_t k = 0; k < rank; ++k)
            reflect(k, work.data());
        if (norm(work.data(), rank) > kInconsistent * bNorm)
            return false;
        for (std::size_t k = rank; k-- > 0;) {
            double s = work[k];
            for (std::size_t j = k + 1; j < rank; ++j)
                s -= a[j * n + k] * work[j];
            work[k] = s / diag[k];
        }
        std::fill(x, x + n, 0.0);
        for (std::size_t k = 0; k < rank; ++k)
            x[perm[k]] = work[k];
        return true;
    }
};

struct Content {
    SUNLinearSolver lu = nullptr;
    std::size_t maxFallback = 0;
    bool usingFallback = false;
    bool luFactored = false;
    int singularInARow = 0;
    int lastFlag = 0;
    PivotedQr qr;
};

Content& content(SUNLinearSolver s) { return *static_cast<Content*>(s->content); }

// The matrix as dense column-major values in qr.a.
void copyMatrix(SUNMatrix A, PivotedQr& qr)
{
    if (SUNMatGetID(A) == SUNMATRIX_DENSE) {
        qr.n = static_cast<std::size_t>(SUNDenseMatrix_Columns(A));
        const double* data = SUNDenseMatrix_Data(A);
        qr.a.assign(data, data + qr.n * qr.n);
        return;
    }
    qr.n = static_cast<std::size_t>(SUNSparseMatrix_Columns(A));
    qr.a.assign(qr.n * qr.n, 0.0);
    const sunindextype* ptr = SUNSparseMatrix_IndexPointers(A);
    const sunindextype* idx = SUNSparseMatrix_IndexValues(A);
    const double* data = SUNSparseMatrix_Data(A);
    for (std::size_t c = 0; c < qr.n; ++c)
        for (sunindextype k = ptr[c]; k < ptr[c + 1]; ++k)
            qr.a[c * qr.n + static_cast<std::size_t>(idx[k])] += data[k];
}

std::size_t matrixSize(SUNMatrix A)
{
    return static_cast<std::size_t>(SUNMatGetID(A) == SUNMATRIX_DENSE ? SUNDenseMatrix_Columns(A)
                                                                      : SUNSparseMatrix_Columns(A));
}

SUNLinearSolver_Type getType(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID getId(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }
int initialize(SUNLinearSolver s) { return SUNLinSolInitialize(content(s).lu); }
sunindextype lastFlag(SUNLinearSolver s) { return content(s).lastFlag; }

int setup(SUNLinearSolver s, SUNMatrix A)
{
    Content& c = content(s);
    c.usingFallback = false;
    const std::size_t n = matrixSize(A);
    const bool canFallBack = n <= c.maxFallback;
    // Dense LU factors in place: keep the matrix in case it turns out singular.
    const bool dense = SUNMatGetID(A) == SUNMATRIX_DENSE;
    if (canFallBack && dense)
        copyMatrix(A, c.qr);
    c.lastFlag = SUNLinSolSetup(c.lu, A);
    c.luFactored = c.lastFlag == 0;
    if (c.lastFlag == 0) {
        c.singularInARow = 0;
        return 0;
    }
    if (!canFallBack)
        return c.lastFlag;
    if (!dense) {
        // A failed KLU factorization leaves no numeric factors to refactor next time:
        // start afresh with the next matrix.
        SUNLinSol_KLUReInit(c.lu, A, SUNSparseMatrix_NNZ(A), SUNKLU_REINIT_PARTIAL);
        copyMatrix(A, c.qr);
    }
    // A single singular matrix can be an accident of the step (the iteration matrix mixes
    // the two Jacobians by the step size): the caller's usual recovery (a smaller step, a
    // fresh Jacobian) tries again first. Singular twice in a row, it is the model's structure.
    if (++c.singularInARow < 2)
        return c.lastFlag = SUNLS_LUFACT_FAIL;
    c.qr.factor();
    c.usingFallback = true;
    c.lastFlag = 0;
    return 0;
}

int solve(SUNLinearSolver s, SUNMatrix A, N_Vector x, N_Vector b, realtype tol)
{
    Content& c = content(s);
    if (!c.usingFallback)
        return c.lastFlag = SUNLinSolSolve(c.lu, A, x, b, tol);
    const bool ok = c.qr.solve(N_VGetArrayPointer(b), N_VGetArrayPointer(x));
    c.lastFlag = ok ? 0 : SUNLS_PACKAGE_FAIL_REC;
    return c.lastFlag;
}

int freeSolver(SUNLinearSolver s)
{
    if (!s)
        return 0;
    if (s->content) {
        SUNLinSolFree(content(s).lu);
        delete static_cast<Content*>(s->content);
        s->content = nullptr;
    }
    SUNLinSolFreeEmpty(s);
    return 0;
}

} // namespace

SUNLinearSolver newSingularFallbackSolver(SUNLinearSolver lu, SUNContext ctx, std::size_t maxFallbackSize)
{
    SUNLinearSolver s = SUNLinSolNewEmpty(ctx);
    auto* c = new Content;
    c->lu = lu;
    c->maxFallback = maxFallbackSize;
    s->content = c;
    s->ops->gettype = getType;
    s->ops->getid = getId;
    s->ops->initialize = initialize;
    s->ops->setup = setup;
    s->ops->solve = solve;
    s->ops->lastflag = lastFlag;
    s->ops->free = freeSolver;
    return s;
}

SUNLinearSolver innerLinearSolver(SUNLinearSolver s) { return content(s).lu; }

bool factoredByLu(SUNLinearSolver s) { return content(s).luFactored; }

} // namespace flange::solve
