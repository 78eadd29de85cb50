#pragma once
// Colours and pens of the plots, all derived from the widget's QPalette so the plots
// follow the desktop's light or dark theme instead of QtCharts' built-in themes.
#include <QColor>
#include <QPalette>
#include <QPen>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace flange::ui::plot {

// Curve colour number i: a fixed sequence of well-separated hues, with lightness chosen
// against the palette's background so curves stay readable on light and dark themes.
QColor curveColor(int i, const QPalette& palette);
// dense: a decimated curve, two points per pixel column. Drawn 1 px wide, which Qt's
// raster engine strokes several times faster than wider antialiased lines; a curve that
// dense looks solid anyway.
QPen curvePen(const QColor& c, bool dense = false);
// The previous run's curve: the same colour, faded and dashed, so it reads as background.
QPen ghostPen(const QColor& c, bool dense = false);
// A pinned run's curve (runs compared): its run's colour, dash-dotted.
QPen pinnedRunPen(const QColor& c, bool dense = false);
QColor eventMarkColor(const QPalette& palette);
QColor crosshairColor(const QPalette& palette);
QColor gridColor(const QPalette& palette);

// Background, axes, grid and legend of a chart in the palette's colours.
void applyTheme(QChart* chart, const QPalette& palette);

} // namespace flange::ui::plot
