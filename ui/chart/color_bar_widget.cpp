#include "ui/chart/color_bar_widget.hpp"

#include <QFontMetrics>
#include <QPainter>

#include <cmath>

namespace flange::ui::chart {

namespace {
constexpr int kBarWidth = 14;
constexpr int kMargin = 24; // above and below, about where the plot area begins and ends
} // namespace

ColorBarWidget::ColorBarWidget(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
}

void ColorBarWidget::setBar(const ColorBar& bar)
{
    bar_ = bar;
    updateGeometry();
    update();
}

QRect ColorBarWidget::barRect() const
{
    const int titleWidth = fontMetrics().height() + 4;
    return QRect(titleWidth, kMargin, kBarWidth, std::max(10, height() - 2 * kMargin));
}

QSize ColorBarWidget::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    int labels = 0;
    for (double t : ticks(bar_.scale.lo(), bar_.scale.hi(), bar_.scale.isLog()))
        labels = std::max(labels, fm.horizontalAdvance(QString::number(t, 'g', 4)));
    return QSize(fm.height() + 4 + kBarWidth + 6 + labels + 6, 200);
}

void ColorBarWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QRect r = barRect();
    // From the top (high) down, one line of the bar at a time.
    for (int y = 0; y < r.height(); ++y) {
        const double f = 1.0 - (y + 0.5) / r.height();
        p.setPen(ColorScale::colorAtFraction(f));
        p.drawLine(r.left(), r.top() + y, r.right(), r.top() + y);
    }
    p.setPen(palette().color(QPalette::Text));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.adjusted(0, 0, -1, -1));
    const QFontMetrics fm = fontMetrics();
    for (double t : ticks(bar_.scale.lo(), bar_.scale.hi(), bar_.scale.isLog())) {
        const double f = bar_.scale.fraction(t);
        if (std::isnan(f))
            continue;
        const int y = r.bottom() - static_cast<int>(std::lround(f * (r.height() - 1)));
        p.drawLine(r.right(), y, r.right() + 4, y);
        p.drawText(r.right() + 6, y + fm.ascent() / 2 - 1, QString::number(t, 'g', 4));
    }
    // The title, turned to read upwards along the bar's left side.
    p.save();
    p.translate(fm.ascent(), r.center().y());
    p.rotate(-90);
    const QString title = fm.elidedText(bar_.title, Qt::ElideRight, r.height());
    p.drawText(-fm.horizontalAdvance(title) / 2, 0, title);
    p.restore();
}

} // namespace flange::ui::chart
