#pragma once
// What two cursors read from a curve between them, as Dymola's and OMEdit's do: Δt, Δy
// (the value at the second minus the value at the first), and the minimum, maximum, mean
// and RMS of the signal over the interval. The signal is the curve as drawn: linear
// between samples (held for discrete signals), so the mean and RMS are its exact
// integrals over the interval divided by Δt, not averages of the samples.
#include <optional>
#include <span>

namespace flange::ui::plot {

struct IntervalStatistics {
    double dt = 0, dy = 0;
    double min = 0, max = 0, mean = 0, rms = 0;
};

// Between times a and b (either order); nothing when the interval is empty or reaches
// beyond the samples.
std::optional<IntervalStatistics> intervalStatistics(std::span<const double> t, std::span<const double> v, double a,
                                                     double b, bool hold);

} // namespace flange::ui::plot
