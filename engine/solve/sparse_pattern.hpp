#pragma once
// A fixed compressed-sparse-column pattern; Jacobian tapes write values in this order,
// which is the order SUNDIALS' CSC sparse matrices (and KLU) store them.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace flange::solve {

struct SparsePattern {
    int32_t rows = 0, cols = 0;
    std::vector<int32_t> colPtr; // cols + 1
    std::vector<int32_t> rowIdx; // nnz
    size_t nnz() const { return rowIdx.size(); }
};

} // namespace flange::solve
