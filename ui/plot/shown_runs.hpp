#pragma once
// The runs a plot shows, newest first: the first drawn in full, the others faded behind it
// (today the run before; runs compared side by side build on the same list). A null entry
// holds its place and draws nothing. The plots own what they show: a run the controller
// has replaced stays readable until the plot is given other runs, whatever order the
// plot's pages and subplots are told in.
#include <QColor>
#include <QString>

#include <memory>
#include <vector>

namespace flange::ui {
class RunResult;
}

namespace flange::ui::plot {

using ShownRuns = std::vector<std::shared_ptr<const RunResult>>;

// How a run after the first is drawn, when the runs are compared (ui/results/compared_runs):
// its curves are named "inertia1.w (label)"; a valid colour draws them in it, dash-dotted,
// else as a faded ghost of the curve's own colour; inLegend lists them in the legend.
// Runs without a look are ghosts named after their age, left out of the legend on screen.
struct RunLook {
    QString label;
    QColor color;
    bool inLegend = false;
    bool operator==(const RunLook&) const = default;
};
using RunLooks = std::vector<RunLook>;

} // namespace flange::ui::plot
