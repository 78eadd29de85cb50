#pragma once
// The Jacobian matrices and linear solvers of IDA and KINSOL, in one place: which kind a
// system of a given size gets, and how values in pattern order reach the matrix.
#include "engine/solve/sparse_pattern.hpp"

#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

namespace flange::solve {

// A matrix for the pattern (dense or CSC) and the linear solver that goes with it.
SUNMatrix newJacobianMatrix(const SparsePattern& p, SUNContext ctx);
SUNLinearSolver newLinearSolver(N_Vector like, SUNMatrix J, const SparsePattern& p, SUNContext ctx);

// Writes values (one per pattern entry, in pattern order) into J.
void fillJacobianMatrix(SUNMatrix J, const SparsePattern& p, const double* values);

// After a restart (IDAReInit) KLU keeps its symbolic analysis and refactors from scratch.
void reinitLinearSolver(SUNLinearSolver ls, SUNMatrix J, const SparsePattern& p);

} // namespace flange::solve
