#pragma once
// Bipartite matching of equations (rows) to unknowns (columns) by augmenting paths
// (Duff's MC21 idea). The search is iterative, so deep graphs (long chains of 10^4
// elements) cannot overflow the stack, and visits are marked with an epoch counter
// instead of clearing arrays between searches.
#include <cstdint>
#include <functional>
#include <vector>

namespace flange::structure {

class Matching {
public:
    // adjacency[row] lists the columns of that row; it may grow between calls.
    explicit Matching(const std::vector<std::vector<int32_t>>& adjacency) : adj_(adjacency) {}

    // Tries to match `row`, through columns for which active(col) holds. Records the
    // rows and columns visited by the search (for Pantelides).
    bool augment(int32_t row, const std::function<bool(int32_t)>& active);

    int32_t rowMatch(int32_t row) const { return row < static_cast<int32_t>(rowMatch_.size()) ? rowMatch_[static_cast<size_t>(row)] : -1; }
    int32_t colMatch(int32_t col) const { return col < static_cast<int32_t>(colMatch_.size()) ? colMatch_[static_cast<size_t>(col)] : -1; }
    void assign(int32_t row, int32_t col);

    const std::vector<int32_t>& visitedRows() const { return visitedRows_; }
    const std::vector<int32_t>& visitedCols() const { return visitedCols_; }

private:
    void grow(int32_t row, int32_t col);

    const std::vector<std::vector<int32_t>>& adj_;
    std::vector<int32_t> rowMatch_, colMatch_;
    std::vector<uint32_t> rowMark_, colMark_;
    uint32_t epoch_ = 0;
    std::vector<int32_t> visitedRows_, visitedCols_;
};

} // namespace flange::structure
