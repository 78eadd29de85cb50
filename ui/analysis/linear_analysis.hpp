#pragma once
// The window's linear analysis (issue 37): what the user asked for in Analysis ▸
// Linearize…, and the engine's answer (engine/api/linearize.hpp), computed at once: a
// drive line's analysis takes milliseconds.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "engine/api/linearize.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flange::ui {

struct AnalysisRequest {
    enum class Point { Initial, AtTime, Steady } point = Point::Initial;
    double time = 0; // for AtTime
    std::vector<std::string> inputs, outputs;
    // The Bode's range; empty: a decade below the lowest natural frequency to one above
    // the highest.
    std::optional<double> bodeFrom, bodeTo;
    int bodePoints = 200;
    std::vector<double> orders; // none: no critical speeds
    std::string orderShaft;
};

struct AnalysisResult {
    AnalysisRequest request;
    linear::LinearSystem system;
    std::vector<linear::Mode> modes;
    std::optional<linear::Bode> bode;         // with an input and an output
    std::optional<linear::Campbell> campbell; // with orders
};

// Throws flange::Error as the engine does (a bad name, a run that fails, no steady state).
AnalysisResult analyse(const diagram::Diagram& diagram, const std::shared_ptr<const library::Library>& library,
                       const AnalysisRequest& request);

// The Bode's range for these modes when none is given: [lowest / 10, highest * 10], or
// 0.1 to 1000 Hz without a natural frequency.
std::pair<double, double> defaultBodeRange(const std::vector<linear::Mode>& modes);

} // namespace flange::ui
