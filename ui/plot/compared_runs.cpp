#include "ui/plot/compared_runs.hpp"

#include "ui/plot/plot_theme.hpp"
#include "ui/results/run_result.hpp"

#include <QPalette>

#include <algorithm>

namespace flange::ui::plot {

int ComparedRuns::pin(std::shared_ptr<const RunResult> run, const QString& name)
{
    if (!run)
        return -1;
    for (size_t i = 0; i < pinned_.size(); ++i)
        if (pinned_[i].run == run)
            return static_cast<int>(i);
    // The cycle from its fourth hue on: the first curves of a plot take the first ones.
    const QColor color = curveColor(3 + colorsUsed_++, QPalette());
    pinned_.push_back({std::move(run), name, color, true});
    if (pinned_.back().name.isEmpty())
        pinned_.back().name = tr("Run %1").arg(pinned_.back().run->number);
    emit changed();
    return count() - 1;
}

void ComparedRuns::rename(int index, const QString& name)
{
    if (index < 0 || index >= count() || name.trimmed().isEmpty() || pinned_[static_cast<size_t>(index)].name == name.trimmed())
        return;
    pinned_[static_cast<size_t>(index)].name = name.trimmed();
    emit changed();
}

void ComparedRuns::setColor(int index, const QColor& color)
{
    if (index < 0 || index >= count() || !color.isValid() || pinned_[static_cast<size_t>(index)].color == color)
        return;
    pinned_[static_cast<size_t>(index)].color = color;
    emit changed();
}

void ComparedRuns::setVisible(int index, bool visible)
{
    if (index < 0 || index >= count() || pinned_[static_cast<size_t>(index)].visible == visible)
        return;
    pinned_[static_cast<size_t>(index)].visible = visible;
    emit changed();
}

void ComparedRuns::remove(int index)
{
    if (index < 0 || index >= count())
        return;
    pinned_.erase(pinned_.begin() + index);
    emit changed();
}

void ComparedRuns::clear()
{
    const bool had = !pinned_.empty() || held_;
    pinned_.clear();
    held_.reset();
    if (had)
        emit changed();
}

void ComparedRuns::setGhostShown(bool on)
{
    if (on == ghostShown_)
        return;
    ghostShown_ = on;
    emit changed();
}

void ComparedRuns::holdGhost(std::shared_ptr<const RunResult> run)
{
    if (run == held_)
        return;
    held_ = std::move(run);
    emit changed();
}

void ComparedRuns::releaseGhost()
{
    if (!held_)
        return;
    held_.reset();
    emit changed();
}

std::shared_ptr<const RunResult> ComparedRuns::ghost(const std::shared_ptr<const RunResult>& previous) const
{
    return held_ ? held_ : previous;
}

QString ComparedRuns::ghostLabel() const { return held_ ? tr("before the drag") : tr("previous run"); }

RunsToShow ComparedRuns::shown(const std::shared_ptr<const RunResult>& current,
                               const std::shared_ptr<const RunResult>& previous) const
{
    RunsToShow out;
    auto listed = [&](const std::shared_ptr<const RunResult>& r) {
        return std::find(out.runs.begin(), out.runs.end(), r) != out.runs.end();
    };
    auto pinnedAs = [&](const std::shared_ptr<const RunResult>& r) {
        return std::find_if(pinned_.begin(), pinned_.end(), [&](const ComparedRun& p) { return p.run == r; });
    };
    // The current run first (held in place when there is none yet, as before).
    out.runs.push_back(current);
    out.looks.push_back({});
    // A pinned run is drawn as pinned, in its colour, even while it is the ghost.
    if (const auto g = ghost(previous); ghostShown_ && g && !listed(g) && pinnedAs(g) == pinned_.end()) {
        out.runs.push_back(g);
        out.looks.push_back({ghostLabel(), QColor(), false});
    }
    for (const ComparedRun& p : pinned_)
        if (p.visible && !listed(p.run)) {
            out.runs.push_back(p.run);
            out.looks.push_back({p.name, p.color, true});
        }
    return out;
}

} // namespace flange::ui::plot
