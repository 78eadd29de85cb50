// Zoom and pan of one subplot: view pixels to times and values. Time changes go to the
// page as requests (all its subplots share the time axis); y zoom stays with the subplot.
#include "ui/plot/subplot.hpp"

#include <QCategoryAxis>
#include <QValueAxis>

namespace flange::ui::plot {

void Subplot::resetYZoom()
{
    yZoom_ = {};
    refresh();
}

void Subplot::setYRange(int axis, double lo, double hi)
{
    if (hi > lo)
        yZoom_[static_cast<size_t>(axis)] = std::make_pair(lo, hi);
}

double Subplot::timeAtX(double viewX) const
{
    const QRectF r = plotRect();
    return r.width() > 0 ? t0_ + (viewX - r.left()) / r.width() * (t1_ - t0_) : t0_;
}

double Subplot::valueAtY(int axis, double viewY) const
{
    const QRectF r = plotRect();
    const QValueAxis* a = yAxes_[static_cast<size_t>(axis)];
    return r.height() > 0 ? a->max() - (viewY - r.top()) / r.height() * (a->max() - a->min()) : a->min();
}

void Subplot::boxZoom(const QRectF& band, bool timeOnly)
{
    if (!timeOnly)
        for (int side : {Left, Right})
            setYRange(side, valueAtY(side, band.bottom()), valueAtY(side, band.top()));
    emit timeRangeRequested(timeAtX(band.left()), timeAtX(band.right()));
}

void Subplot::pan(double dx, double dy)
{
    const QRectF r = plotRect();
    if (r.isEmpty())
        return;
    for (int side : {Left, Right})
        if (auto& z = yZoom_[static_cast<size_t>(side)]) {
            const double d = dy / r.height() * (z->second - z->first);
            z = std::make_pair(z->first + d, z->second + d);
        }
    const double dt = -dx / r.width() * (t1_ - t0_);
    emit timeRangeRequested(t0_ + dt, t1_ + dt);
}

void Subplot::wheelZoom(double x, double factor)
{
    const double at = timeAtX(x);
    emit timeRangeRequested(at + (t0_ - at) * factor, at + (t1_ - at) * factor);
}

} // namespace flange::ui::plot
