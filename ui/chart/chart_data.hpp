#pragma once
// What a chart without a time axis shows, as plain data: series of points against a
// numeric x (lines, scatter, filled steps, bars), a map of a value over two numbers, a colour
// bar that colours series, points or cells by a value, and marks across the plot at given x. ChartView draws it; a copy drawn
// off screen exports it. Nothing here knows where the numbers come from (sweeps, linear
// analysis).
#include "ui/chart/color_scale.hpp"

#include <QColor>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>
#include <vector>

namespace flange::ui::chart {

struct Axis {
    QString title;
    bool log = false; // logarithmic; points at or below zero are left out
    // The shown range; unset: the data's. A linear axis without a tick interval rounds
    // its ends out to round numbers; a log axis without given ends widens to whole
    // decades when no power of ten lies between them.
    std::optional<double> min, max;
    // Names at x = 0, 1, 2, … in place of numbers (the components along a drive line); the
    // axis then spans -0.5 to the last one's + 0.5. Names must differ.
    QStringList categories;
    // A linear axis ticked at every whole multiple of this (90 for a phase in degrees);
    // unset: a few round numbers.
    std::optional<double> tickInterval;
};

struct Series {
    // Area: filled between its line and zero (down to the bottom on a log y axis).
    enum class Style { Line, Scatter, Area };
    Style style = Style::Line;
    QString name;              // legend entry; empty: none
    QVector<QPointF> points;   // NaN points are left out
    QColor color;              // invalid: by `value` on the colour bar, or the n-th curve colour
    std::optional<double> value; // the whole series coloured by this value on the colour bar
    std::vector<double> pointValues; // Scatter: each point coloured by its value (same size as points)
    bool emphasized = false;   // drawn wider and on top (the selected one)
    bool faded = false;        // drawn thin and pale behind the others
    bool dashed = false;       // Line: a dashed pen (lines of another kind than the data's)
};

// A value over a grid of x and y; each cell is centred on its x and y, reaching half way
// to its neighbours (in logarithm on a log axis). Cells without a value (NaN) stay empty.
struct HeatMap {
    std::vector<double> xs, ys;  // increasing
    std::vector<double> values;  // [iy * xs.size() + ix]
};

struct ColorBar {
    QString title;
    ColorScale scale;
};

// Vertical dashed lines across the whole plot (the natural frequencies on a Bode plot),
// with one legend entry when named. They do not widen the x axis.
struct Marks {
    QString name;
    std::vector<double> xs;
};

struct ChartData {
    QString title;                   // above the chart; none when empty
    Axis x, y;
    std::vector<Series> series;
    std::optional<HeatMap> map;      // coloured by colorBar (fitted to its values if unset)
    std::optional<ColorBar> colorBar;
    Marks marks;
    QString placeholder;             // shown instead of the chart when there is nothing to draw
};

// Counts of `values` (finite ones) in `bins` equal bins from their least to their greatest
// (0 bins: the square root of their number, at least 5); `edges` has one more entry.
struct Histogram {
    std::vector<double> edges;
    std::vector<int> counts;
};
Histogram histogram(const std::vector<double>& values, int bins = 0);
// The histogram's outline as a filled step series.
Series histogramSeries(const Histogram& h, const QString& name = {});
// A bar from zero to each point's y, centred on its x and `width` wide (in x), as a filled
// step series that runs along zero between the bars; NaN points get none.
Series barSeries(const QVector<QPointF>& points, double width, const QString& name = {});

} // namespace flange::ui::chart
