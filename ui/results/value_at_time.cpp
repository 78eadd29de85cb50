#include "ui/results/value_at_time.hpp"

#include <algorithm>

namespace flange::ui {

std::optional<double> valueAtTime(const RunResult& result, int column, double t)
{
    const std::span<const double> time = result.time();
    if (column < 0 || static_cast<size_t>(column) >= result.variableCount() || time.empty() || t < time.front() ||
        t > time.back())
        return std::nullopt;
    const std::span<const double> v = result.values(column);
    // the last row at or before t
    const size_t after = static_cast<size_t>(std::upper_bound(time.begin(), time.end(), t) - time.begin());
    const size_t i = after - 1;
    if (after == time.size() || result.variables()[static_cast<size_t>(column)].isDiscrete || time[after] == time[i])
        return v[i];
    const double w = (t - time[i]) / (time[after] - time[i]);
    return v[i] + (v[after] - v[i]) * w;
}

} // namespace flange::ui
