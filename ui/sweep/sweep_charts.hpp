#pragma once
// The charts of a sweep (ui/chart's data, made from a session): each run's curve of a kept
// signal coloured by a parameter, a metric against a parameter, a metric mapped over two
// parameters, and a histogram of a metric. `selected` is an index into the session's
// records (-1: none); its curve or point is emphasized.
#include "ui/chart/chart_data.hpp"

namespace flange::ui {

class SweepSession;

chart::ChartData curvesChart(const SweepSession& s, const QString& signal, int colorBy, int selected);
chart::ChartData metricChart(const SweepSession& s, int metric, int x, int colorBy, int selected);
chart::ChartData mapChart(const SweepSession& s, int metric, int x, int y);
chart::ChartData histogramChart(const SweepSession& s, int metric);

} // namespace flange::ui
