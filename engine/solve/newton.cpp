#include "engine/solve/newton.hpp"

#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <cmath>
#include <memory>

namespace flange::solve {
namespace {

struct KinData {
    const NewtonProblem* p;
    std::vector<double> values;
    bool dense;
};

int kinResidual(N_Vector u, N_Vector f, void* user)
{
    auto* d = static_cast<KinData*>(user);
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
    d->p->jacobian(N_VGetArrayPointer(u), d->values.data());
    if (d->dense) {
        SUNMatZero(J);
        for (int32_t c = 0; c < pat.cols; ++c) {
            double* col = SUNDenseMatrix_Column(J, c);
            for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k)
                col[pat.rowIdx[static_cast<size_t>(k)]] += d->values[static_cast<size_t>(k)];
        }
    } else {
        sunindextype* ptr = SUNSparseMatrix_IndexPointers(J);
        sunindextype* idx = SUNSparseMatrix_IndexValues(J);
        double* data = SUNSparseMatrix_Data(J);
        for (size_t c = 0; c <= static_cast<size_t>(pat.cols); ++c)
            ptr[c] = pat.colPtr[c];
        for (size_t k = 0; k < pat.nnz(); ++k) {
            idx[k] = pat.rowIdx[k];
            data[k] = d->values[k];
        }
    }
    return 0;
}

} // namespace

NewtonResult solveNewton(const NewtonProblem& p, std::vector<double>& x, double tolerance)
{
    NewtonResult result;
    const sunindextype n = static_cast<sunindextype>(x.size());
    if (n == 0) {
        result.converged = true;
        return result;
    }
    SUNContext ctx = nullptr;
    SUNContext_Create(nullptr, &ctx);
    KinData data{&p, std::vector<double>(p.pattern.nnz()), n <= 120};
    N_Vector u = N_VNew_Serial(n, ctx);
    N_Vector us = N_VNew_Serial(n, ctx);
    N_Vector fs = N_VNew_Serial(n, ctx);
    for (sunindextype i = 0; i < n; ++i) {
        NV_Ith_S(u, i) = x[static_cast<size_t>(i)];
        double s = p.scale.empty() ? 1.0 : p.scale[static_cast<size_t>(i)];
        NV_Ith_S(us, i) = 1.0 / (s > 0 ? s : 1.0);
        NV_Ith_S(fs, i) = 1.0;
    }
    SUNMatrix J = data.dense ? SUNDenseMatrix(n, n, ctx)
                             : SUNSparseMatrix(n, n, static_cast<sunindextype>(std::max<size_t>(1, p.pattern.nnz())), CSC_MAT, ctx);
    SUNLinearSolver LS = data.dense ? SUNLinSol_Dense(u, J, ctx) : SUNLinSol_KLU(u, J, ctx);
    void* kin = KINCreate(ctx);
    KINInit(kin, kinResidual, u);
    KINSetUserData(kin, &data);
    KINSetLinearSolver(kin, LS, J);
    KINSetJacFn(kin, kinJacobian);
    KINSetFuncNormTol(kin, tolerance);
    KINSetScaledStepTol(kin, 1e-14);
    KINSetMaxSetupCalls(kin, 1);
    KINSetNumMaxIters(kin, 200);
    KINSetMaxNewtonStep(kin, 1e20); // start values may be far from the solution in scaled units
    KINSetPrintLevel(kin, 0);
    KINSetErrHandlerFn(kin, [](int, const char*, const char*, char*, void*) {}, nullptr);
    int flag = KINSol(kin, u, KIN_LINESEARCH, us, fs);
    if (flag == KIN_LINESEARCH_NONCONV || flag == KIN_MAXITER_REACHED) {
        // Line search stalls on piecewise-linear characteristics; plain Newton often finishes.
        flag = KINSol(kin, u, KIN_NONE, us, fs);
    }
    long iters = 0;
    KINGetNumNonlinSolvIters(kin, &iters);
    KINGetFuncNorm(kin, &result.residualNorm);
    result.iterations = static_cast<int>(iters);
    result.converged = flag >= 0;
    if (!result.converged)
        result.message = KINGetReturnFlagName(flag);
    for (sunindextype i = 0; i < n; ++i)
        x[static_cast<size_t>(i)] = NV_Ith_S(u, i);
    KINFree(&kin);
    SUNLinSolFree(LS);
    SUNMatDestroy(J);
    N_VDestroy(u);
    N_VDestroy(us);
    N_VDestroy(fs);
    SUNContext_Free(&ctx);
    return result;
}

} // namespace flange::solve
