#pragma once
// Block-lower-triangular (BLT) pass over a square system whose diagonal is structurally
// non-zero (row i matched to unknown i): the strongly connected blocks are solved one
// after another in dependency order, each by Newton on its own dense sub-Jacobian.
// It gives the simultaneous Newton start values it could not reach from poor guesses,
// e.g. an efficiency read from a table before 1/efficiency is formed.
#include "engine/solve/newton.hpp"

#include <cstdint>
#include <vector>

namespace flange::solve {

// Strongly connected components of the dependency graph (i depends on j when entry
// (i, j) is in the pattern), dependencies first (Tarjan's algorithm, iterative).
std::vector<std::vector<int32_t>> blockOrder(const SparsePattern& pattern);

struct BlockPassResult {
    int blocks = 0, solved = 0, skipped = 0; // skipped: larger than maxBlock, or no convergence
    bool cancelled = false;                  // p.cancelled() stopped the pass; x partly improved
};

// Improves x block by block; blocks larger than maxBlock keep their values. The whole
// residual and Jacobian are evaluated per iteration, so this is a fallback, not a solver
// for large systems.
BlockPassResult solveByBlocks(const NewtonProblem& p, std::vector<double>& x, int maxBlock, double tolerance);

// max_i |F_i(x)| / max(1, |scale_i|) <= tolerance, and finite.
bool residualBelow(const NewtonProblem& p, const std::vector<double>& x, double tolerance);

} // namespace flange::solve
