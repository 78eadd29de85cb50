#pragma once
// The analysis's charts without a time axis, on QtCharts directly: a mode's shape along
// the drive line, the Bode's magnitude and phase, the Campbell diagram and the forced
// response along the order lines. Each is a plain QChart built from the engine's
// results, kept minimal so that it moves onto the shared chart component (ui/chart, the
// sweep view's) once that exists.
#include "engine/api/linearize.hpp"

class QChart;

namespace flange::ui {

QChart* modeShapeChart(const linear::Mode& mode);
QChart* bodeMagnitudeChart(const linear::Bode& bode);
QChart* bodePhaseChart(const linear::Bode& bode);
QChart* campbellChart(const linear::Campbell& campbell);
QChart* orderResponseChart(const linear::Campbell& campbell);

} // namespace flange::ui
