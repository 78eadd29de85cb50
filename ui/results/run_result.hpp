#pragma once
// The results of one simulation run as the GUI holds them: a time column and one column
// per variable, grown batch by batch while the run streams rows, plus the run's events.
// Owned and read on the GUI thread only; the rows themselves live in a RowStore the
// worker writes (row_store.hpp says why that needs no lock), so taking a batch copies no
// row. Plots, the variable browser, the event log and CSV export all read this one
// structure.
#include "engine/api/run.hpp"
#include "ui/results/row_store.hpp"

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace flange {
class Model; // engine/api/model.hpp: kept, not read, here
}

namespace flange::ui {

struct ResultVariable {
    std::string name;        // "clutch1.w_rel"
    std::string unit;        // "rad/s", "" when dimensionless
    bool isProtected = false;
    bool isDiscrete = false; // Boolean/Integer or a value that changes only at events
};

class RunResult {
public:
    enum class Status { Running, Finished, Cancelled, Failed };

    void begin(std::vector<ResultVariable> variables);
    // The worker's rows: the first `rows` rows of `store` (the same store as before, or a
    // larger copy of it), none of which the worker writes again.
    void adoptRows(std::shared_ptr<const RowStore> store, size_t rows);
    // Rows made on this thread (tests, benchmarks), in row-major order:
    // values.size() == times.size() * variableCount(). The store grows as needed.
    void appendRows(const std::vector<double>& times, const std::vector<double>& values);
    // Room for this many rows before appendRows moves the columns.
    void reserve(size_t rows);
    void appendEvent(EventRecord e) { events_.push_back(std::move(e)); }

    const std::vector<ResultVariable>& variables() const { return variables_; }
    size_t variableCount() const { return variables_.size(); }
    size_t rowCount() const { return rows_; }
    // Column of a variable by name, -1 when the run has no such variable.
    int column(const std::string& name) const;
    std::span<const double> time() const { return {store_ ? store_->time() : nullptr, rows_}; }
    std::span<const double> values(int column) const
    {
        return {store_ ? store_->column(static_cast<size_t>(column)) : nullptr, rows_};
    }
    const std::vector<EventRecord>& events() const { return events_; }

    Status status = Status::Running;
    std::string message;      // why it failed or was cancelled
    bool badInput = false;    // failed because the model is wrong, not the numerics
    double startTime = 0, stopTime = 1;
    int number = 0;           // 1 for the first run of the window, then 2, 3...
    // The translation that gave the rows: its aliases and parameters go into a .mat export.
    std::shared_ptr<const Model> model;

private:
    std::vector<ResultVariable> variables_;
    std::unordered_map<std::string, int> index_;
    std::shared_ptr<const RowStore> store_;
    std::shared_ptr<RowStore> own_; // store_ when appendRows made it (and may write it)
    size_t rows_ = 0;
    std::vector<EventRecord> events_;
};

} // namespace flange::ui
