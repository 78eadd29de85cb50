#pragma once
// The runs a plot shows, newest first: the first drawn in full, the others faded behind it
// (today the run before; runs compared side by side build on the same list). A null entry
// holds its place and draws nothing. The plots own what they show: a run the controller
// has replaced stays readable until the plot is given other runs, whatever order the
// plot's pages and subplots are told in.
#include <memory>
#include <vector>

namespace flange::ui {
class RunResult;
}

namespace flange::ui::plot {

using ShownRuns = std::vector<std::shared_ptr<const RunResult>>;

} // namespace flange::ui::plot
