// The linear solver behind IDA and KINSOL: a consistent singular system (a load shared by
// redundant locks) gets a solution, a contradictory one is still refused.
#include "engine/solve/singular_fallback_solver.hpp"

#include <catch2/catch.hpp>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

using namespace flange::solve;

namespace {

// Two locks hold the same acceleration a (rows 1 and 2) and share a load of 3 (row 3:
// tau1 + tau2 = 3): unknowns a, tau1, tau2; rank 2.
struct RedundantLocks {
    SUNContext ctx = nullptr;
    SUNMatrix A = nullptr;
    N_Vector x = nullptr, b = nullptr;
    SUNLinearSolver ls = nullptr;
    RedundantLocks()
    {
        SUNContext_Create(nullptr, &ctx);
        A = SUNDenseMatrix(3, 3, ctx);
        x = N_VNew_Serial(3, ctx);
        b = N_VNew_Serial(3, ctx);
        ls = newSingularFallbackSolver(SUNLinSol_Dense(x, A, ctx), ctx);
        SUNLinSolInitialize(ls);
    }
    ~RedundantLocks()
    {
        SUNLinSolFree(ls);
        N_VDestroy(x);
        N_VDestroy(b);
        SUNMatDestroy(A);
        SUNContext_Free(&ctx);
    }
    void fill()
    {
        SUNMatZero(A);
        SM_ELEMENT_D(A, 0, 0) = 1;  // a = b0
        SM_ELEMENT_D(A, 1, 0) = 2;  // 2a = b1 (the same constraint, scaled)
        SM_ELEMENT_D(A, 2, 1) = 1;  // tau1 + tau2 = b2
        SM_ELEMENT_D(A, 2, 2) = 1;
    }
    int solve(double b0, double b1, double b2)
    {
        // The first singular factorization is reported (recoverable) so that the caller's
        // usual recovery tries another step; the second in a row falls back.
        fill();
        REQUIRE(SUNLinSolSetup(ls, A) == SUNLS_LUFACT_FAIL);
        fill();
        REQUIRE(SUNLinSolSetup(ls, A) == 0);
        double* bv = N_VGetArrayPointer(b);
        bv[0] = b0, bv[1] = b1, bv[2] = b2;
        return SUNLinSolSolve(ls, A, x, b, 0.0);
    }
    double at(int i) { return N_VGetArrayPointer(x)[i]; }
};

} // namespace

TEST_CASE("a consistent singular system is solved, the undetermined share left unchanged")
{
    RedundantLocks s;
    REQUIRE(s.solve(0.5, 1.0, 3.0) == 0);
    CHECK(s.at(0) == Approx(0.5));
    CHECK(s.at(1) + s.at(2) == Approx(3.0));
    // The basic solution changes only one of the two shares: the other keeps its value.
    CHECK((s.at(1) == 0.0 || s.at(2) == 0.0));
}

TEST_CASE("a contradictory singular system is refused")
{
    RedundantLocks s;
    CHECK(s.solve(0.5, 3.0, 3.0) != 0); // a = 0.5 and 2a = 3 cannot both hold
}
