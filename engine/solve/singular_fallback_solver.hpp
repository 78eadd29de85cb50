#pragma once
// A direct linear solver for IDA and KINSOL that survives consistent singular Jacobians.
//
// Several friction elements locked in one rigid chain (a clutch, a lossy gear and a brake
// all stuck, as in MSL's Rotational HeatLosses) constrain the same acceleration more than
// once: the Jacobian is singular, but the equations agree, and the locked torques are only
// determined up to how they share the load (a statically indeterminate structure). LU then
// fails although the physics is fine. This solver first factors with the given LU solver
// (dense or KLU); only when that reports a singular matrix does it fall back to a QR
// factorization with column pivoting and return the basic solution, in which the undetermined
// unknowns keep their predicted values (their Newton correction is zero). If the right-hand
// side is not in the matrix's range (the equations really contradict each other), the solve
// fails as before, so inconsistent models still get the "Jacobian is singular" message.
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include <cstddef>

namespace flange::solve {

// Wraps `lu` (owned: freed with the returned solver). The fallback is tried only for systems
// of at most `maxFallbackSize` unknowns, whose dense QR costs little next to a failed run.
SUNLinearSolver newSingularFallbackSolver(SUNLinearSolver lu, SUNContext ctx, std::size_t maxFallbackSize = 400);

// The LU solver inside (for KLU's re-initialization after a restart).
SUNLinearSolver innerLinearSolver(SUNLinearSolver s);

// Whether the last set-up factored the matrix by LU: false after a failed set-up and when
// solves go through the rank-revealing QR, whose basic solution is not A's exact inverse.
bool factoredByLu(SUNLinearSolver s);

} // namespace flange::solve
