#pragma once
// The Jacobian matrices and linear solvers of IDA and KINSOL, in one place: which kind a
// system of a given size gets, and how values in pattern order reach the matrix.
#include "engine/structure/sparse_pattern.hpp"

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

namespace flange::solve {

using structure::SparsePattern;

// Whether a system with this pattern is solved by dense LU or by KLU: one rule for IDA and
// the Newton solver alike (sundials_matrix.cpp gives the size).
bool usesDenseMatrix(const SparsePattern& p);

// A matrix for the pattern (dense or CSC) and the linear solver that goes with it.
SUNMatrix newJacobianMatrix(const SparsePattern& p, SUNContext ctx);
SUNLinearSolver newLinearSolver(N_Vector like, SUNMatrix J, const SparsePattern& p, SUNContext ctx);

// Writes values (one per pattern entry, in pattern order) into J.
void fillJacobianMatrix(SUNMatrix J, const SparsePattern& p, const double* values);

// After a restart (IDAReInit) KLU keeps its symbolic analysis and refactors from scratch.
void reinitLinearSolver(SUNLinearSolver ls, SUNMatrix J, const SparsePattern& p);

} // namespace flange::solve
