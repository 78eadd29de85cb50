#pragma once
// Reduces a long curve to what a plot of a given pixel width can show: for each pixel
// column the minimum and the maximum (in time order), so spikes and envelopes survive,
// plus the points just outside the visible range so lines run to the plot's edges.
#include <QList>
#include <QPointF>

#include <cstddef>
#include <span>

namespace flange::ui::plot {

// t is non-decreasing (duplicates at events allowed); NaN values are skipped. Returns the
// visible points unchanged when there are no more of them than columns, else at most
// 2 * columns + 2 points: the first and last and a min/max pair per column.
QList<QPointF> decimate(const double* t, const double* v, size_t n, double x0, double x1, int columns);

inline QList<QPointF> decimate(std::span<const double> t, std::span<const double> v, double x0, double x1, int columns)
{
    return decimate(t.data(), v.data(), t.size() < v.size() ? t.size() : v.size(), x0, x1, columns);
}

} // namespace flange::ui::plot
