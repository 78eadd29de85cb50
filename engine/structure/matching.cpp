#include "engine/structure/matching.hpp"

namespace flange::structure {

void Matching::grow(int32_t row, int32_t col)
{
    if (row >= static_cast<int32_t>(rowMatch_.size())) {
        rowMatch_.resize(static_cast<size_t>(row) + 1, -1);
        rowMark_.resize(static_cast<size_t>(row) + 1, 0);
    }
    if (col >= static_cast<int32_t>(colMatch_.size())) {
        colMatch_.resize(static_cast<size_t>(col) + 1, -1);
        colMark_.resize(static_cast<size_t>(col) + 1, 0);
    }
}

void Matching::assign(int32_t row, int32_t col)
{
    grow(row, col);
    rowMatch_[static_cast<size_t>(row)] = col;
    colMatch_[static_cast<size_t>(col)] = row;
}

bool Matching::augment(int32_t row, const std::function<bool(int32_t)>& active)
{
    ++epoch_;
    visitedRows_.clear();
    visitedCols_.clear();
    grow(row, 0);
    for (int32_t c : adj_[static_cast<size_t>(row)])
        grow(0, c);
    struct Frame {
        int32_t row;
        size_t next;
        int32_t chosen;
    };
    std::vector<Frame> stack{{row, 0, -1}};
    rowMark_[static_cast<size_t>(row)] = epoch_;
    visitedRows_.push_back(row);
    // Lookahead (MC21): a row that has a free column takes it before any deeper search.
    auto freeColumn = [&](int32_t r) -> int32_t {
        for (int32_t c : adj_[static_cast<size_t>(r)])
            if (colMatch_[static_cast<size_t>(c)] < 0 && colMark_[static_cast<size_t>(c)] != epoch_ && active(c))
                return c;
        return -1;
    };
    auto finish = [&](int32_t lastCol) {
        stack.back().chosen = lastCol;
        for (const Frame& g : stack) {
            rowMatch_[static_cast<size_t>(g.row)] = g.chosen;
            colMatch_[static_cast<size_t>(g.chosen)] = g.row;
        }
        return true;
    };
    int32_t direct = freeColumn(row);
    if (direct >= 0) {
        visitedCols_.push_back(direct);
        return finish(direct);
    }
    while (!stack.empty()) {
        Frame& f = stack.back();
        const auto& cols = adj_[static_cast<size_t>(f.row)];
        if (f.next >= cols.size()) {
            stack.pop_back();
            continue;
        }
        int32_t c = cols[f.next++];
        if (colMark_[static_cast<size_t>(c)] == epoch_ || !active(c))
            continue;
        colMark_[static_cast<size_t>(c)] = epoch_;
        visitedCols_.push_back(c);
        int32_t owner = colMatch_[static_cast<size_t>(c)];
        f.chosen = c;
        if (owner < 0)
            return finish(c);
        if (rowMark_[static_cast<size_t>(owner)] == epoch_)
            continue;
        rowMark_[static_cast<size_t>(owner)] = epoch_;
        visitedRows_.push_back(owner);
        for (int32_t oc : adj_[static_cast<size_t>(owner)])
            grow(0, oc);
        stack.push_back({owner, 0, -1});
        int32_t freeCol = freeColumn(owner);
        if (freeCol >= 0) {
            colMark_[static_cast<size_t>(freeCol)] = epoch_;
            visitedCols_.push_back(freeCol);
            return finish(freeCol);
        }
    }
    return false;
}

} // namespace flange::structure
