#pragma once
// A fixed compressed-sparse-column pattern: a structural fact of the translated model
// (which unknowns each equation reads), not of any solver. Jacobian tapes write values in
// this order, which is also the order SUNDIALS' CSC sparse matrices (and KLU) store them.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace flange::structure {

struct SparsePattern {
    int32_t rows = 0, cols = 0;
    std::vector<int32_t> colPtr; // cols + 1
    std::vector<int32_t> rowIdx; // nnz
    size_t nnz() const { return rowIdx.size(); }
};

struct SparseEntry {
    int32_t row, col;
};

// The pattern of a rows x cols matrix with these entries (each (row, col) once), stored
// by column, then row. order, if given, receives for each stored entry k the index of
// the entry it came from, so that values given per entry can be put in storage order.
SparsePattern patternFromEntries(int32_t rows, int32_t cols, const std::vector<SparseEntry>& entries,
                                 std::vector<size_t>* order = nullptr);

} // namespace flange::structure
