#include "engine/structure/sparse_pattern.hpp"

#include <algorithm>
#include <numeric>

namespace flange::structure {

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

} // namespace flange::structure
