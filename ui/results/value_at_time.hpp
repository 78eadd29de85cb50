#pragma once
// A variable's value at any time of a run, for read-outs at the plot's crosshair.
#include "ui/results/run_result.hpp"

#include <optional>

namespace flange::ui {

// Linear between output rows; discrete variables hold their value until the next row.
// At an event time the run has two rows (before and after); this gives the one after,
// as a plot's step does. Nothing when t lies outside the rows computed so far.
std::optional<double> valueAtTime(const RunResult& result, int column, double t);

} // namespace flange::ui
