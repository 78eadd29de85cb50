#include "ui/plot/plot_theme.hpp"

#include <QAbstractAxis>
#include <QChart>
#include <QLegend>

#include <array>

namespace flange::ui::plot {

namespace {

bool darkBackground(const QPalette& p) { return p.color(QPalette::Base).lightnessF() < 0.5; }

QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

QColor curveColor(int i, const QPalette& palette)
{
    // Hues in the order of the usual scientific plotting cycle (blue, orange, green, red...).
    static constexpr std::array<int, 10> hues{210, 28, 125, 355, 275, 15, 320, 60, 185, 240};
    static constexpr std::array<int, 10> sats{200, 230, 150, 190, 120, 90, 150, 170, 180, 120};
    const size_t k = static_cast<size_t>(i) % hues.size();
    const int lightness = darkBackground(palette) ? 165 : 95;
    return QColor::fromHsl(hues[k], sats[k], lightness);
}

QPen curvePen(const QColor& c, bool dense)
{
    QPen pen(c, dense ? 1.0 : 1.6);
    pen.setCosmetic(true);
    return pen;
}

QPen pinnedRunPen(const QColor& c, bool dense)
{
    QPen pen(c, dense ? 1.0 : 1.5, Qt::DashDotLine);
    pen.setCosmetic(true);
    return pen;
}

QPen ghostPen(const QColor& c, bool dense)
{
    QColor faded = c;
    faded.setAlphaF(0.35f);
    QPen pen(faded, dense ? 1.0 : 1.2, Qt::DashLine);
    pen.setCosmetic(true);
    return pen;
}

QColor eventMarkColor(const QPalette& palette)
{
    QColor c = palette.color(QPalette::Text);
    c.setAlphaF(0.3f);
    return c;
}

QColor crosshairColor(const QPalette& palette)
{
    QColor c = palette.color(QPalette::Text);
    c.setAlphaF(0.6f);
    return c;
}

QColor gridColor(const QPalette& palette)
{
    return blend(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.12);
}

void applyTheme(QChart* chart, const QPalette& palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor axisLine = blend(base, text, 0.45);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->legend()->setLabelColor(text);
    chart->legend()->setBrush(Qt::NoBrush);
    chart->legend()->setPen(Qt::NoPen);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePen(QPen(axisLine, 1));
        axis->setGridLineColor(gridColor(palette));
        axis->setMinorGridLineColor(blend(base, text, 0.06));
        axis->setShadesVisible(false);
    }
}

} // namespace flange::ui::plot
