#include "engine/solve/sparse_pattern.hpp"

#include <algorithm>
#include <numeric>

namespace flange::solve {

// Dense LU up to 60 unknowns, KLU above, in IDA and in the Newton solves alike. Nearly
// every MSL example (6 to 69 unknowns) is then dense: with KLU in IDA, PreLoad (47
// unknowns, friction elements that stick) fails its first steps, and dense LU at this size
// costs no more with SUNDIALS built at -O2 (docs/performance.md). Drive lines of hundreds
// of elements and more go to KLU, whose cost grows with the entries, not with n^3.
constexpr int32_t kDenseLimit = 60;

bool usesDenseMatrix(const SparsePattern& p) { return p.cols <= kDenseLimit; }

SparsePattern patternFromEntries(int32_t rows, int32_t cols, const std::vector<SparseEntry>& entries,
                                 std::vector<size_t>* order)
{
    std::vector<size_t> byColumn(entries.size());
    std::iota(byColumn.begin(), byColumn.end(), size_t{0});
    std::stable_sort(byColumn.begin(), byColumn.end(), [&](size_t a, size_t b) {
        const SparseEntry &x = entries[a], &y = entries[b];
        return x.col != y.col ? x.col < y.col : x.row < y.row;
    });
    SparsePattern p;
    p.rows = rows;
    p.cols = cols;
    p.colPtr.assign(static_cast<size_t>(cols) + 1, 0);
    p.rowIdx.reserve(entries.size());
    for (size_t i : byColumn) {
        p.rowIdx.push_back(entries[i].row);
        p.colPtr[static_cast<size_t>(entries[i].col) + 1]++;
    }
    for (size_t c = 0; c < static_cast<size_t>(cols); ++c)
        p.colPtr[c + 1] += p.colPtr[c];
    if (order)
        *order = std::move(byColumn);
    return p;
}

} // namespace flange::solve
