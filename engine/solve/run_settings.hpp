#pragma once
// The settings of one run (start, stop, output interval, tolerance, limits), taken from
// the options or the model's experiment and checked before anything is integrated: every
// number finite and in range, and the output grid within the row limit.
#include "engine/compiled_model.hpp"
#include "engine/run.hpp"

#include <string>

namespace flange::solve {

struct RunSettings {
    double t0 = 0, tEnd = 1, dt = 0.002, rtol = 1e-6;
    long gridRows = 0; // output points on the grid, without the two rows of every event
    bool nonStiffStart = true, exactOutputs = false;
};

// The end of a limit's message: "; " and how to raise the limit (SimulationOptions::
// LimitAdvice), or nothing when the program gave no advice.
inline std::string adviceAfter(const std::string& advice) { return advice.empty() ? advice : "; " + advice; }

// Throws flange::Error (BadInput) naming the setting and the allowed range.
RunSettings checkRunSettings(const CompiledModel& model, const SimulationOptions& options);

} // namespace flange::solve
