#pragma once
// Householder QR with column pivoting of a square matrix, in place: the rank-revealing
// factorization behind the singular fallback's basic solutions (singular_fallback_solver.hpp)
// and the search for undetermined state derivatives (undetermined_derivatives.hpp).
#include <cstddef>
#include <vector>

namespace flange::solve {

struct PivotedQr {
    std::size_t n = 0, rank = 0;
    std::vector<double> a;          // column-major: R above the diagonal, reflectors below
    std::vector<double> diag, tau;  // R's diagonal, reflector factors
    std::vector<std::size_t> perm;  // column k of the factors is unknown perm[k]
    std::vector<double> colNorm, work;

    double* col(std::size_t j) { return a.data() + j * n; }

    // Factors the n x n column-major matrix in `a`.
    void factor();
    // Applies reflector k to the vector y (rows k..n-1).
    void reflect(std::size_t k, double* y) const;
    // The basic solution of A x = b; false when b is not in A's range.
    bool solve(const double* b, double* x);
    // A basis of A's null space, one vector of n values per dependent column (empty at full
    // rank): the dependent column's own entry is 1, the independent ones solve R11 x = -R12.
    std::vector<std::vector<double>> nullSpace() const;

private:
    double norm(const double* y, std::size_t from) const;
};

} // namespace flange::solve
