#pragma once
// Owners of SUNDIALS objects, one unique_ptr type per kind, each freed by its own SUNDIALS
// call. A holder declares them in the order they are made: the context first, then the
// vectors, matrices and solvers, the integrator's memory last, so that destruction (in
// reverse order) frees the integrator before what it was given, and the context after
// everything made in it.
#include <cvode/cvode.h>
#include <ida/ida.h>
#include <kinsol/kinsol.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nonlinearsolver.h>

#include <memory>
#include <type_traits>

namespace flange::solve {

namespace detail {
struct FreeContext {
    void operator()(SUNContext c) const { SUNContext_Free(&c); }
};
struct FreeVector {
    void operator()(N_Vector v) const { N_VDestroy(v); }
};
struct FreeMatrix {
    void operator()(SUNMatrix a) const { SUNMatDestroy(a); }
};
struct FreeLinearSolver {
    void operator()(SUNLinearSolver s) const { SUNLinSolFree(s); }
};
struct FreeNonlinearSolver {
    void operator()(SUNNonlinearSolver s) const { SUNNonlinSolFree(s); }
};
struct FreeIda {
    void operator()(void* mem) const { IDAFree(&mem); }
};
struct FreeCvode {
    void operator()(void* mem) const { CVodeFree(&mem); }
};
struct FreeKinsol {
    void operator()(void* mem) const { KINFree(&mem); }
};
} // namespace detail

using ContextHandle = std::unique_ptr<std::remove_pointer_t<SUNContext>, detail::FreeContext>;
using VectorHandle = std::unique_ptr<std::remove_pointer_t<N_Vector>, detail::FreeVector>;
using MatrixHandle = std::unique_ptr<std::remove_pointer_t<SUNMatrix>, detail::FreeMatrix>;
using LinearSolverHandle = std::unique_ptr<std::remove_pointer_t<SUNLinearSolver>, detail::FreeLinearSolver>;
using NonlinearSolverHandle = std::unique_ptr<std::remove_pointer_t<SUNNonlinearSolver>, detail::FreeNonlinearSolver>;
using IdaHandle = std::unique_ptr<void, detail::FreeIda>;
using CvodeHandle = std::unique_ptr<void, detail::FreeCvode>;
using KinsolHandle = std::unique_ptr<void, detail::FreeKinsol>;

inline ContextHandle newContext()
{
    SUNContext ctx = nullptr;
    SUNContext_Create(nullptr, &ctx);
    return ContextHandle(ctx);
}

inline VectorHandle newSerialVector(sunindextype length, SUNContext ctx)
{
    return VectorHandle(N_VNew_Serial(length, ctx));
}

} // namespace flange::solve
