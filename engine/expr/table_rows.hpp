#pragma once
// A table's numbers: rows of equal length stored flat, row after row, and shared. A
// table of 10^6 rows is one block of 10^6 x columns numbers (a vector per row took more
// than three times the room), and the pool's tables with other options, the interpolators
// and the file cache hold the same block instead of copies of it.
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace flange::expr {

class TableRows {
public:
    TableRows() = default;
    // values: rows * columns numbers, row after row.
    TableRows(std::vector<double> values, size_t columns)
        : values_(std::make_shared<const std::vector<double>>(std::move(values))), columns_(columns)
    {
    }
    // rows must be equally long (tableDefect checks that first).
    TableRows(const std::vector<std::vector<double>>& rows) : columns_(rows.empty() ? 0 : rows[0].size())
    {
        std::vector<double> values;
        values.reserve(rows.size() * columns_);
        for (const auto& row : rows)
            values.insert(values.end(), row.begin(), row.end());
        values_ = std::make_shared<const std::vector<double>>(std::move(values));
    }

    size_t size() const { return columns_ == 0 ? 0 : values_->size() / columns_; } // rows
    bool empty() const { return size() == 0; }
    size_t columns() const { return columns_; }
    std::span<const double> operator[](size_t row) const { return {values_->data() + row * columns_, columns_}; }
    const double* data() const { return values_ ? values_->data() : nullptr; }
    bool operator==(const TableRows& o) const
    {
        return columns_ == o.columns_ && (values_ == o.values_ || *values_ == *o.values_);
    }

    class Iterator {
    public:
        Iterator(const TableRows* t, size_t r) : t_(t), r_(r) {}
        std::span<const double> operator*() const { return (*t_)[r_]; }
        Iterator& operator++()
        {
            ++r_;
            return *this;
        }
        bool operator!=(const Iterator& o) const { return r_ != o.r_; }

    private:
        const TableRows* t_;
        size_t r_;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    std::shared_ptr<const std::vector<double>> values_ = std::make_shared<const std::vector<double>>();
    size_t columns_ = 0;
};

} // namespace flange::expr
