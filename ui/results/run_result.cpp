#include "ui/results/run_result.hpp"

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

void RunResult::appendRows(const std::vector<double>& times, const std::vector<double>& values)
{
    const size_t n = variables_.size();
    time_.insert(time_.end(), times.begin(), times.end());
    for (size_t c = 0; c < n; ++c) {
        // push_back's geometric growth: reserving the exact size per batch would copy
        // every column again for every batch.
        std::vector<double>& col = columns_[c];
        for (size_t r = 0; r < times.size(); ++r)
            col.push_back(values[r * n + c]);
    }
}

int RunResult::column(const std::string& name) const
{
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
}

} // namespace flange::ui
