#include "engine/solve/singular_fallback_solver.hpp"

#include "engine/solve/pivoted_qr.hpp"

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
