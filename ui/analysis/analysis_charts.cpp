#include "ui/analysis/analysis_charts.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace flange::ui {

namespace {

QChart* newChart(const QString& title)
{
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

QLogValueAxis* logAxis(const QString& title)
{
    auto* axis = new QLogValueAxis;
    axis->setTitleText(title);
    axis->setBase(10);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setMinorTickCount(-1);
    return axis;
}

QValueAxis* valueAxis(const QString& title)
{
    auto* axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(QStringLiteral("%g"));
    return axis;
}

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

// Vertical dashed lines at the natural frequencies, from `low` to `high` on the y axis.
void markFrequencies(QChart* chart, const std::vector<double>& frequencies, double low, double high, QAbstractAxis* x,
                     QAbstractAxis* y)
{
    bool first = true;
    for (const double f : frequencies) {
        auto* line = new QLineSeries;
        line->append(f, low);
        line->append(f, high);
        line->setPen(QPen(Qt::gray, 1, Qt::DashLine));
        line->setName(first ? QObject::tr("natural frequencies") : QString());
        attach(chart, line, x, y);
        if (!first)
            chart->legend()->markers(line).front()->setVisible(false);
        first = false;
    }
}

std::pair<double, double> positiveRange(const linear::Bode& bode)
{
    double low = HUGE_VAL, high = 0;
    for (const auto& r : bode.responses)
        for (const double m : r.magnitude)
            if (m > 0 && std::isfinite(m)) {
                low = std::min(low, m);
                high = std::max(high, m);
            }
    if (high == 0)
        return {1e-3, 1};
    return {low / 2, high * 2};
}

QString responseName(const std::string& input, const std::string& output)
{
    return QString::fromStdString(output) + QStringLiteral(" / ") + QString::fromStdString(input);
}

} // namespace

QChart* modeShapeChart(const linear::Mode& mode)
{
    QChart* chart = newChart(QString::fromStdString(mode.label));
    auto* set = new QBarSet(QObject::tr("amplitude"));
    QStringList names;
    for (const auto& [name, amplitude] : mode.shape) {
        names << QString::fromStdString(name);
        *set << amplitude;
    }
    auto* series = new QBarSeries;
    series->append(set);
    auto* x = new QBarCategoryAxis;
    x->append(names);
    auto* y = valueAxis(QObject::tr("amplitude"));
    y->setRange(-1.05, 1.05);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    attach(chart, series, x, y);
    chart->legend()->hide();
    return chart;
}

QChart* bodeMagnitudeChart(const linear::Bode& bode)
{
    QChart* chart = newChart(QObject::tr("Frequency response: magnitude"));
    auto* x = logAxis(QObject::tr("frequency [Hz]"));
    auto* y = logAxis(QObject::tr("magnitude"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const auto [low, high] = positiveRange(bode);
    for (const auto& r : bode.responses) {
        auto* series = new QLineSeries;
        series->setName(responseName(r.input, r.output));
        for (size_t i = 0; i < r.frequencyHz.size(); ++i)
            if (r.magnitude[i] > 0)
                series->append(r.frequencyHz[i], r.magnitude[i]);
        attach(chart, series, x, y);
    }
    markFrequencies(chart, bode.naturalFrequenciesHz, low, high, x, y);
    if (!bode.responses.empty())
        x->setRange(bode.responses.front().frequencyHz.front(), bode.responses.front().frequencyHz.back());
    y->setRange(low, high);
    return chart;
}

QChart* bodePhaseChart(const linear::Bode& bode)
{
    QChart* chart = newChart(QObject::tr("Frequency response: phase"));
    auto* x = logAxis(QObject::tr("frequency [Hz]"));
    auto* y = valueAxis(QObject::tr("phase [deg]"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double low = 0, high = 0;
    for (const auto& r : bode.responses) {
        auto* series = new QLineSeries;
        series->setName(responseName(r.input, r.output));
        for (size_t i = 0; i < r.frequencyHz.size(); ++i) {
            series->append(r.frequencyHz[i], r.phaseDeg[i]);
            low = std::min(low, r.phaseDeg[i]);
            high = std::max(high, r.phaseDeg[i]);
        }
        attach(chart, series, x, y);
    }
    // Ticks at whole quarter turns (seen under Xvfb: -67.5 and -292.5 from the default five ticks).
    low = 90 * std::floor(low / 90 - 0.01);
    high = 90 * std::ceil(high / 90 + 0.01);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(90);
    markFrequencies(chart, bode.naturalFrequenciesHz, low, high, x, y);
    if (!bode.responses.empty())
        x->setRange(bode.responses.front().frequencyHz.front(), bode.responses.front().frequencyHz.back());
    y->setRange(low, high);
    return chart;
}

QChart* campbellChart(const linear::Campbell& c)
{
    QChart* chart = newChart(QObject::tr("Campbell diagram: orders of %1's speed").arg(QString::fromStdString(c.shaft)));
    auto* x = valueAxis(QObject::tr("shaft speed [rpm]"));
    auto* y = valueAxis(QObject::tr("frequency [Hz]"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    const double top = c.rpm.empty() ? 1.0 : c.rpm.back();
    double highest = 0;
    for (const double f : c.naturalFrequenciesHz) {
        auto* line = new QLineSeries;
        line->append(0, f);
        line->append(top, f);
        line->setPen(QPen(Qt::darkGray, 1.5));
        line->setName(QObject::tr("%1 Hz").arg(f, 0, 'g', 4));
        attach(chart, line, x, y);
        highest = std::max(highest, f);
    }
    for (const double k : c.orders) {
        auto* line = new QLineSeries;
        line->append(0, 0);
        line->append(top, k * top / 60);
        line->setName(QObject::tr("order %1").arg(k));
        attach(chart, line, x, y);
        QPen pen = line->pen(); // the theme's colour, one per order (seen under Xvfb: all alike)
        pen.setStyle(Qt::DashLine);
        line->setPen(pen);
    }
    auto* crossings = new QScatterSeries;
    crossings->setName(QObject::tr("critical speeds"));
    crossings->setMarkerSize(9);
    crossings->setColor(QColor(200, 40, 40));
    for (const auto& cross : c.crossings)
        crossings->append(cross.rpm, cross.frequencyHz);
    attach(chart, crossings, x, y);
    x->setRange(0, top);
    y->setRange(0, 1.15 * std::max(highest, 1e-9));
    x->applyNiceNumbers(); // round speeds and frequencies on the axes, not 870.484
    y->applyNiceNumbers();
    return chart;
}

QChart* orderResponseChart(const linear::Campbell& c)
{
    QChart* chart = newChart(QObject::tr("Forced response along the order lines"));
    auto* x = valueAxis(QObject::tr("shaft speed [rpm]"));
    auto* y = logAxis(QObject::tr("magnitude"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    double low = HUGE_VAL, high = 0;
    for (const auto& r : c.responses) {
        auto* series = new QLineSeries;
        series->setName(QObject::tr("order %1: %2").arg(r.order).arg(responseName(r.input, r.output)));
        for (size_t i = 0; i < c.rpm.size(); ++i)
            if (r.magnitude[i] > 0 && std::isfinite(r.magnitude[i])) {
                series->append(c.rpm[i], r.magnitude[i]);
                low = std::min(low, r.magnitude[i]);
                high = std::max(high, r.magnitude[i]);
            }
        attach(chart, series, x, y);
    }
    if (!c.rpm.empty())
        x->setRange(0, c.rpm.back());
    x->applyNiceNumbers();
    if (high > 0)
        y->setRange(low / 2, high * 2);
    return chart;
}

} // namespace flange::ui
