#include "ui/plot/plot_overlay.hpp"

#include "ui/plot/plot_theme.hpp"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace flange::ui::plot {

PlotOverlay::PlotOverlay(QGraphicsItem* parent) : QGraphicsItem(parent)
{
    setAcceptedMouseButtons(Qt::NoButton); // the view's interaction handles the mouse
    setZValue(1000); // above QtCharts' series, axes and legend
}

void PlotOverlay::setPlotArea(const QRectF& area)
{
    if (area == area_)
        return;
    prepareGeometryChange();
    area_ = area;
}

void PlotOverlay::setTimeRange(double t0, double t1)
{
    t0_ = t0;
    t1_ = t1;
    update();
}

void PlotOverlay::setPalette(const QPalette& palette)
{
    palette_ = palette;
    update();
}

void PlotOverlay::setEventTimes(std::shared_ptr<const std::vector<double>> times)
{
    events_ = std::move(times);
    update();
}

void PlotOverlay::setCrosshair(std::optional<double> t, QList<ReadoutLine> readout)
{
    crosshair_ = t;
    readout_ = std::move(readout);
    update();
}

void PlotOverlay::setBand(const QRectF& band)
{
    band_ = band;
    update();
}

void PlotOverlay::setCursors(std::optional<double> a, std::optional<double> b, QList<ReadoutLine> statistics)
{
    cursorA_ = a;
    cursorB_ = b;
    statistics_ = std::move(statistics);
    update();
}

void PlotOverlay::paintCursors(QPainter* painter) const
{
    QPen pen(palette_.color(QPalette::Highlight), 1, Qt::DashLine);
    pen.setCosmetic(true);
    for (const auto& [t, label] : {std::pair{cursorA_, QStringLiteral("A")}, std::pair{cursorB_, QStringLiteral("B")}}) {
        if (!t || *t < t0_ || *t > t1_)
            continue;
        const double x = std::round(xOf(*t)) + 0.5;
        painter->setPen(pen);
        painter->drawLine(QPointF(x, area_.top()), QPointF(x, area_.bottom()));
        painter->drawText(QPointF(x + 3, area_.bottom() - 4), label);
    }
    if (statistics_.isEmpty())
        return;
    // at the bottom left, where the crosshair's readout (top) does not cover it
    paintLines(painter, statistics_, [this](const QSizeF& size) {
        return QRectF(QPointF(area_.left() + 6, std::max(area_.top(), area_.bottom() - 6 - size.height())), size);
    });
}

void PlotOverlay::paintLines(QPainter* painter, const QList<ReadoutLine>& lines,
                             const std::function<QRectF(const QSizeF&)>& place) const
{
    const QFontMetricsF fm(painter->font());
    double width = 0;
    for (const ReadoutLine& l : lines)
        width = std::max(width, fm.horizontalAdvance(l.text));
    const double pad = 5, lineHeight = fm.height();
    const QRectF box = place(QSizeF(width + 2 * pad, lineHeight * lines.size() + 2 * pad));
    // The Base colour: the curve colours were chosen to read on it.
    QColor bg = palette_.color(QPalette::Base);
    bg.setAlphaF(0.92f);
    painter->setPen(QPen(palette_.color(QPalette::Mid), 1));
    painter->setBrush(bg);
    painter->drawRect(box);
    double y = box.top() + pad + fm.ascent();
    for (const ReadoutLine& l : lines) {
        painter->setPen(l.color.isValid() ? l.color : palette_.color(QPalette::Text));
        painter->drawText(QPointF(box.left() + pad, y), l.text);
        y += lineHeight;
    }
}

double PlotOverlay::xOf(double t) const
{
    return area_.left() + (t - t0_) / (t1_ - t0_) * area_.width();
}

void PlotOverlay::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (area_.isEmpty() || !(t1_ > t0_))
        return;
    painter->save();
    painter->setClipRect(area_);
    if (events_ && !events_->empty()) {
        QPen pen(eventMarkColor(palette_), 1, Qt::DotLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        // Thousands of events (a chattering clutch) would paint one pixel column many
        // times over: draw each column once.
        const auto first = std::lower_bound(events_->begin(), events_->end(), t0_);
        double lastX = -1e300;
        for (auto it = first; it != events_->end() && *it <= t1_; ++it) {
            const double x = std::round(xOf(*it)) + 0.5;
            if (x == lastX)
                continue;
            painter->drawLine(QPointF(x, area_.top()), QPointF(x, area_.bottom()));
            lastX = x;
        }
    }
    if (!band_.isEmpty()) {
        QColor fill = palette_.color(QPalette::Highlight);
        fill.setAlphaF(0.18f);
        QColor edge = palette_.color(QPalette::Highlight);
        painter->setPen(QPen(edge, 1));
        painter->setBrush(fill);
        painter->drawRect(band_);
    }
    paintCursors(painter);
    if (crosshair_ && *crosshair_ >= t0_ && *crosshair_ <= t1_) {
        const double x = std::round(xOf(*crosshair_)) + 0.5;
        painter->setPen(QPen(crosshairColor(palette_), 1));
        painter->drawLine(QPointF(x, area_.top()), QPointF(x, area_.bottom()));
        paintReadout(painter, x);
    }
    painter->restore();
}

QRectF readoutBox(const QSizeF& size, double x, const QRectF& area)
{
    constexpr double gap = 8, top = 6;
    double left = x + gap;
    if (left + size.width() > area.right()) // no room on the right: on the left if it fits
        left = x - gap - size.width() >= area.left() ? x - gap - size.width()
                                                      : area.right() - size.width();
    left = std::max(left, area.left()); // wider than the plot: its start stays readable
    return {QPointF(left, area.top() + top), size};
}

void PlotOverlay::paintReadout(QPainter* painter, double x) const
{
    if (readout_.isEmpty())
        return;
    paintLines(painter, readout_, [this, x](const QSizeF& size) { return readoutBox(size, x, area_); });
}

} // namespace flange::ui::plot
