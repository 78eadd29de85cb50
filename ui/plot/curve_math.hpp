#pragma once
// Small numeric helpers behind the plots: step shapes for discrete signals, the value a
// crosshair reads at a time, tick spacing, and a signal's unit looked up in the runs.
#include "ui/plot/shown_runs.hpp"

#include <QList>
#include <QPointF>
#include <QString>

#include <optional>
#include <span>
#include <vector>

namespace flange::ui::plot {

// A discrete signal holds its value until the next sample: inserts the corner point
// before every change so a line series draws a staircase.
QList<QPointF> toSteps(const QList<QPointF>& points);

// The value at time x: linear between samples (held for discrete signals); at an event,
// where a time appears twice, the left value. NaN outside the sampled range.
double valueAt(std::span<const double> t, std::span<const double> v, double x, bool hold);

// A round tick spacing (1, 2 or 5 times a power of ten) giving about `ticks` intervals.
double niceStep(double span, int ticks);

// The ticks k * step within [lo, hi], each computed as one product so that the tick at
// zero is exactly 0 (Qt's value axis adds the step up from the first tick and labels
// zero "-2.77556e-17"), with its label ("0.3", not "0.30000000000000004").
struct Tick {
    double value;
    QString label;
};
QList<Tick> ticksWithin(double lo, double hi, double step);

// The unit of a variable in the first of the runs that has it; nullopt when none has it
// (the plot set-up may name signals of a later run).
std::optional<QString> unitOf(const QString& name, const ShownRuns& runs);

} // namespace flange::ui::plot
