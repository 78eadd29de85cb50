#pragma once
// The analysis's charts without a time axis, as data for the shared chart (ui/chart): a
// mode's shape along the drive line, the Bode's magnitude and phase with the natural
// frequencies marked, the Campbell diagram with its order lines and critical speeds, and
// the forced response along the order lines.
#include "engine/api/linearize.hpp"
#include "ui/chart/chart_data.hpp"

namespace flange::ui {

chart::ChartData modeShapeChart(const linear::Mode& mode);
chart::ChartData bodeMagnitudeChart(const linear::Bode& bode);
chart::ChartData bodePhaseChart(const linear::Bode& bode);
chart::ChartData campbellChart(const linear::Campbell& campbell);
chart::ChartData orderResponseChart(const linear::Campbell& campbell);

} // namespace flange::ui
