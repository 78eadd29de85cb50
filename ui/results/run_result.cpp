#include "ui/results/run_result.hpp"

#include <algorithm>

namespace flange::ui {

void RunResult::begin(std::vector<ResultVariable> variables)
{
    variables_ = std::move(variables);
    index_.clear();
    for (size_t i = 0; i < variables_.size(); ++i)
        index_.emplace(variables_[i].name, static_cast<int>(i));
    time_.clear();
    columns_.assign(variables_.size(), {});
    events_.clear();
}

void RunResult::reserve(size_t rows)
{
    time_.reserve(rows);
    for (std::vector<double>& col : columns_)
        col.reserve(rows);
}

void RunResult::appendRows(const std::vector<double>& times, const std::vector<double>& values)
{
    const size_t n = variables_.size();
    const size_t rows = times.size();
    time_.insert(time_.end(), times.begin(), times.end());
    // A transposition: each column reads one value per row, n values apart. Taken a block
    // of rows at a time, the block's rows stay in cache while every column takes its
    // values from them; column by column over all rows, a wide run (Vehicle: 201
    // variables) read each cache line of the batch 8 times from memory.
    constexpr size_t kBlockRows = 32;
    for (size_t r0 = 0; r0 < rows; r0 += kBlockRows) {
        const size_t r1 = std::min(rows, r0 + kBlockRows);
        for (size_t c = 0; c < n; ++c) {
            // push_back's geometric growth: reserving the exact size per batch would copy
            // every column again for every batch (reserve() sizes them for the whole run).
            std::vector<double>& col = columns_[c];
            for (size_t r = r0; r < r1; ++r)
                col.push_back(values[r * n + c]);
        }
    }
}

int RunResult::column(const std::string& name) const
{
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
}

} // namespace flange::ui
