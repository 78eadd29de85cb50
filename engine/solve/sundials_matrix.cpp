#include "engine/solve/sundials_matrix.hpp"

#include "engine/solve/singular_fallback_solver.hpp"

#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>

namespace flange::solve {

// Dense LU up to 60 unknowns, KLU above, in IDA and in the Newton solves alike. Nearly
// every MSL example (6 to 69 unknowns) is then dense: with KLU in IDA, PreLoad (47
// unknowns, friction elements that stick) fails its first steps, and dense LU at this size
// costs no more with SUNDIALS built at -O2 (docs/performance.md). Drive lines of hundreds
// of elements and more go to KLU, whose cost grows with the entries, not with n^3.
constexpr int32_t kDenseLimit = 60;

bool usesDenseMatrix(const SparsePattern& p) { return p.cols <= kDenseLimit; }

SUNMatrix newJacobianMatrix(const SparsePattern& p, SUNContext ctx)
{
    const auto n = static_cast<sunindextype>(p.cols);
    if (usesDenseMatrix(p))
        return SUNDenseMatrix(n, n, ctx);
    return SUNSparseMatrix(n, n, static_cast<sunindextype>(std::max<size_t>(1, p.nnz())), CSC_MAT, ctx);
}

SUNLinearSolver newLinearSolver(N_Vector like, SUNMatrix J, const SparsePattern& p, SUNContext ctx)
{
    SUNLinearSolver lu = usesDenseMatrix(p) ? SUNLinSol_Dense(like, J, ctx) : SUNLinSol_KLU(like, J, ctx);
    return newSingularFallbackSolver(lu, ctx);
}

void fillJacobianMatrix(SUNMatrix J, const SparsePattern& p, const double* values)
{
    if (usesDenseMatrix(p)) {
        SUNMatZero(J);
        for (int32_t c = 0; c < p.cols; ++c) {
            double* col = SUNDenseMatrix_Column(J, c);
            for (int32_t k = p.colPtr[static_cast<size_t>(c)]; k < p.colPtr[static_cast<size_t>(c) + 1]; ++k)
                col[p.rowIdx[static_cast<size_t>(k)]] += values[k];
        }
        return;
    }
    sunindextype* ptr = SUNSparseMatrix_IndexPointers(J);
    sunindextype* idx = SUNSparseMatrix_IndexValues(J);
    double* data = SUNSparseMatrix_Data(J);
    std::copy(p.colPtr.begin(), p.colPtr.end(), ptr);
    std::copy(p.rowIdx.begin(), p.rowIdx.end(), idx);
    std::copy(values, values + p.nnz(), data);
}

void reinitLinearSolver(SUNLinearSolver ls, SUNMatrix J, const SparsePattern& p)
{
    if (!usesDenseMatrix(p))
        SUNLinSol_KLUReInit(innerLinearSolver(ls), J, static_cast<sunindextype>(std::max<size_t>(1, p.nnz())), SUNKLU_REINIT_PARTIAL);
}

} // namespace flange::solve
