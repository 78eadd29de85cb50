#pragma once
// The results of one simulation run as the GUI holds them: a time column and one column
// per variable, appended in batches while the run streams rows, plus the run's events.
// Owned and read on the GUI thread only (the worker hands rows over by queued signals),
// so nothing here locks. Plots, the variable browser, the event log and CSV export all
// read this one structure.
#include "engine/api/run.hpp"

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

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
    // Room for this many rows in every column, so the batches of a run append without
    // moving the columns again (memory not yet written costs no pages).
    void reserve(size_t rows);
    // Rows in row-major order: values.size() == times.size() * variableCount().
    void appendRows(const std::vector<double>& times, const std::vector<double>& values);
    void appendEvent(EventRecord e) { events_.push_back(std::move(e)); }

    const std::vector<ResultVariable>& variables() const { return variables_; }
    size_t variableCount() const { return variables_.size(); }
    size_t rowCount() const { return time_.size(); }
    // Column of a variable by name, -1 when the run has no such variable.
    int column(const std::string& name) const;
    const std::vector<double>& time() const { return time_; }
    const std::vector<double>& values(int column) const { return columns_[static_cast<size_t>(column)]; }
    const std::vector<EventRecord>& events() const { return events_; }

    Status status = Status::Running;
    std::string message;      // why it failed or was cancelled
    bool badInput = false;    // failed because the model is wrong, not the numerics
    double startTime = 0, stopTime = 1;
    int number = 0;           // 1 for the first run of the window, then 2, 3...

private:
    std::vector<ResultVariable> variables_;
    std::unordered_map<std::string, int> index_;
    std::vector<double> time_;
    std::vector<std::vector<double>> columns_;
    std::vector<EventRecord> events_;
};

} // namespace flange::ui
