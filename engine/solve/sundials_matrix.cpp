#include "engine/solve/sundials_matrix.hpp"

#include "engine/solve/singular_fallback_solver.hpp"

#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>

namespace flange::solve {

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
