// The read-only side of Subplot: what it draws, answered in plain Qt types so the page
// and the tests need no QtCharts headers.
#include "ui/plot/subplot.hpp"

#include <QChart>
#include <QChartView>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QCategoryAxis>
#include <QValueAxis>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace flange::ui::plot {

const Subplot::Curve* Subplot::curve(const QString& name) const
{
    auto it = std::find_if(curves_.begin(), curves_.end(), [&](const Curve& c) { return c.name == name; });
    return it == curves_.end() ? nullptr : &*it;
}

QStringList Subplot::drawnCurves() const
{
    QStringList out;
    for (const Curve& c : curves_)
        if (!c.series.empty() && c.series[0])
            out.append(c.name);
    return out;
}

QXYSeries* Subplot::series(const QString& name, size_t run) const
{
    const Curve* c = curve(name);
    return c && run < c->series.size() ? c->series[run] : nullptr;
}

QList<QPointF> Subplot::runPoints(const QString& name, size_t run) const
{
    const QXYSeries* s = series(name, run);
    return s ? s->points() : QList<QPointF>{};
}

QList<QPointF> Subplot::curvePoints(const QString& name) const { return runPoints(name, 0); }

QList<QPointF> Subplot::ghostPoints(const QString& name) const { return runPoints(name, 1); }

bool Subplot::hasGhost(const QString& name) const
{
    const QXYSeries* s = series(name, 1);
    return s && s->isVisible();
}

int Subplot::axisOf(const QString& name) const
{
    const Curve* c = curve(name);
    return c ? c->axis : -1;
}

QString Subplot::axisTitle(Axis axis) const
{
    const QValueAxis* a = axis == Time ? timeAxis_ : yAxes_[static_cast<size_t>(axis)];
    return a->titleText();
}

bool Subplot::axisVisible(Axis axis) const
{
    return (axis == Time ? timeAxis_ : yAxes_[static_cast<size_t>(axis)])->isVisible();
}

std::pair<double, double> Subplot::axisRange(Axis axis) const
{
    const QValueAxis* a = axis == Time ? timeAxis_ : yAxes_[static_cast<size_t>(axis)];
    return {a->min(), a->max()};
}

QStringList Subplot::yTickLabels(Axis axis) const
{
    if (axis == Time)
        return {};
    return yAxes_[static_cast<size_t>(axis)]->categoriesLabels();
}

QList<double> Subplot::timeTicks() const
{
    // Anchored at zero (setTicks), one every tickInterval.
    QList<double> out;
    const double step = timeAxis_->tickInterval(), lo = timeAxis_->min(), hi = timeAxis_->max();
    if (!(step > 0))
        return out;
    const double slack = 1e-9;
    for (double k = std::ceil(lo / step - slack); k <= std::floor(hi / step + slack); ++k)
        out.append(k * step);
    return out;
}

QStringList Subplot::legendTexts() const
{
    // QtCharts keeps each marker's label as a text item below the legend, elided to the
    // room the legend has.
    QStringList out;
    QList<QGraphicsItem*> items = chart_->legend()->childItems();
    while (!items.isEmpty()) {
        QGraphicsItem* item = items.takeFirst();
        if (!item->isVisible())
            continue;
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item))
            out.append(text->toPlainText());
        items.append(item->childItems());
    }
    return out;
}

QString Subplot::crosshairText() const
{
    QStringList lines;
    for (const ReadoutLine& l : overlay_->readout())
        lines.append(l.text);
    return lines.join(QLatin1Char('\n'));
}

int Subplot::columns() const
{
    const double w = chart_->plotArea().width() * devicePixelRatioF();
    // Before the first layout the plot area is empty: assume a typical width.
    return w >= 16 ? static_cast<int>(w) : 1000;
}

QWidget* Subplot::viewport() const { return view_->viewport(); }

QRectF Subplot::plotRect() const
{
    return view_->mapFromScene(chart_->mapToScene(chart_->plotArea())).boundingRect();
}

} // namespace flange::ui::plot
