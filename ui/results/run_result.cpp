#include "ui/results/run_result.hpp"

#include <algorithm>

namespace flange::ui {

void RunResult::begin(std::vector<ResultVariable> variables)
{
    variables_ = std::move(variables);
    index_.clear();
    for (size_t i = 0; i < variables_.size(); ++i)
        index_.emplace(variables_[i].name, static_cast<int>(i));
    store_.reset();
    own_.reset();
    rows_ = 0;
    events_.clear();
}

void RunResult::adoptRows(std::shared_ptr<const RowStore> store, size_t rows)
{
    store_ = std::move(store);
    own_.reset();
    rows_ = rows;
}

void RunResult::reserve(size_t rows)
{
    if (own_ && own_->capacity() >= rows)
        return;
    // A store the worker filled is copied: this thread must not write into it.
    own_ = store_ ? store_->grown(rows_, std::max(rows, rows_)) : std::make_shared<RowStore>(variables_.size(), rows);
    store_ = own_;
}

void RunResult::appendRows(const std::vector<double>& times, const std::vector<double>& values)
{
    const size_t n = variables_.size();
    if (!own_ || rows_ + times.size() > own_->capacity())
        reserve(std::max(own_ ? 2 * own_->capacity() : size_t{64}, rows_ + times.size()));
    for (size_t r = 0; r < times.size(); r += RowStore::kBlockRows) {
        const size_t count = std::min(RowStore::kBlockRows, times.size() - r);
        own_->writeRows(rows_ + r, count, times.data() + r, values.data() + r * n);
    }
    rows_ += times.size();
}

int RunResult::column(const std::string& name) const
{
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
}

} // namespace flange::ui
