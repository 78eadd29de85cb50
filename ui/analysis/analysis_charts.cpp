#include "ui/analysis/analysis_charts.hpp"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace flange::ui {

namespace {

QString responseName(const std::string& input, const std::string& output)
{
    return QString::fromStdString(output) + QStringLiteral(" / ") + QString::fromStdString(input);
}

// The Bode's frequencies end to end on a log axis.
chart::Axis frequencyAxis(const linear::Bode& bode)
{
    chart::Axis x{QObject::tr("frequency [Hz]"), true, {}, {}, {}, {}};
    if (!bode.responses.empty() && !bode.responses.front().frequencyHz.empty()) {
        x.min = bode.responses.front().frequencyHz.front();
        x.max = bode.responses.front().frequencyHz.back();
    }
    return x;
}

chart::Marks naturalFrequencies(const linear::Bode& bode)
{
    return chart::Marks{QObject::tr("natural frequencies"), bode.naturalFrequenciesHz};
}

// Magnitude curves on a log axis: add() the curves, then frame() ends the axis a factor of
// two beyond their positive values, so that peaks and notches stand clear of the frame.
class MagnitudeCurves {
public:
    explicit MagnitudeCurves(chart::ChartData& data) : data_(data)
    {
        data_.y = chart::Axis{QObject::tr("magnitude"), true, {}, {}, {}, {}};
    }
    void frame()
    {
        if (high_ > 0) {
            data_.y.min = low_ / 2;
            data_.y.max = high_ * 2;
        }
    }
    void add(const QString& name, const std::vector<double>& x, const std::vector<double>& magnitude)
    {
        chart::Series s;
        s.name = name;
        for (size_t i = 0; i < x.size() && i < magnitude.size(); ++i) {
            s.points.append(QPointF(x[i], magnitude[i]));
            if (magnitude[i] > 0 && std::isfinite(magnitude[i])) {
                low_ = std::min(low_, magnitude[i]);
                high_ = std::max(high_, magnitude[i]);
            }
        }
        data_.series.push_back(std::move(s));
    }

private:
    chart::ChartData& data_;
    double low_ = HUGE_VAL, high_ = 0;
};

} // namespace

chart::ChartData modeShapeChart(const linear::Mode& mode)
{
    chart::ChartData data;
    data.title = QString::fromStdString(mode.label);
    data.placeholder = QObject::tr("No inertia or mass moves in this mode");
    data.y = chart::Axis{QObject::tr("amplitude"), false, -1.05, 1.05, {}, 0.5};
    QVector<QPointF> amplitudes;
    for (const auto& [name, amplitude] : mode.shape) {
        data.x.categories << QString::fromStdString(name);
        amplitudes.append(QPointF(static_cast<double>(amplitudes.size()), amplitude));
    }
    data.series.push_back(chart::barSeries(amplitudes, 0.6));
    return data;
}

chart::ChartData bodeMagnitudeChart(const linear::Bode& bode)
{
    chart::ChartData data;
    data.title = QObject::tr("Frequency response: magnitude");
    data.x = frequencyAxis(bode);
    MagnitudeCurves curves(data);
    for (const auto& r : bode.responses)
        curves.add(responseName(r.input, r.output), r.frequencyHz, r.magnitude);
    curves.frame();
    data.marks = naturalFrequencies(bode);
    return data;
}

chart::ChartData bodePhaseChart(const linear::Bode& bode)
{
    chart::ChartData data;
    data.title = QObject::tr("Frequency response: phase");
    data.x = frequencyAxis(bode);
    double low = 0, high = 0;
    for (const auto& r : bode.responses) {
        chart::Series s;
        s.name = responseName(r.input, r.output);
        for (size_t i = 0; i < r.frequencyHz.size(); ++i) {
            s.points.append(QPointF(r.frequencyHz[i], r.phaseDeg[i]));
            low = std::min(low, r.phaseDeg[i]);
            high = std::max(high, r.phaseDeg[i]);
        }
        data.series.push_back(std::move(s));
    }
    // Whole quarter turns at the ends and the ticks (seen under Xvfb: -67.5 and -292.5 from
    // the default five ticks).
    data.y = chart::Axis{QObject::tr("phase [deg]"), false, 90 * std::floor(low / 90 - 0.01),
                         90 * std::ceil(high / 90 + 0.01), {}, 90.0};
    data.marks = naturalFrequencies(bode);
    return data;
}

chart::ChartData campbellChart(const linear::Campbell& c)
{
    chart::ChartData data;
    data.title = QObject::tr("Campbell diagram: orders of %1's speed").arg(QString::fromStdString(c.shaft));
    data.x.title = QObject::tr("shaft speed [rpm]");
    data.y.title = QObject::tr("frequency [Hz]");
    const double top = c.rpm.empty() ? 1.0 : c.rpm.back();
    double highest = 0;
    for (const double f : c.naturalFrequenciesHz) {
        chart::Series s;
        s.name = QObject::tr("%1 Hz").arg(f, 0, 'g', 4);
        s.points = {QPointF(0, f), QPointF(top, f)};
        s.color = Qt::darkGray;
        data.series.push_back(std::move(s));
        highest = std::max(highest, f);
    }
    for (const double k : c.orders) {
        chart::Series s;
        s.name = QObject::tr("order %1").arg(k);
        s.points = {QPointF(0, 0), QPointF(top, k * top / 60)};
        s.dashed = true; // each its own colour (seen under Xvfb: all alike)
        data.series.push_back(std::move(s));
    }
    chart::Series crossings;
    crossings.style = chart::Series::Style::Scatter;
    crossings.name = QObject::tr("critical speeds");
    crossings.color = QColor(200, 40, 40);
    for (const auto& cross : c.crossings)
        crossings.points.append(QPointF(cross.rpm, cross.frequencyHz));
    data.series.push_back(std::move(crossings));
    // The order lines reach far above the modes at top speed: the frequencies shown end a
    // little above the highest mode.
    data.x.min = 0;
    data.y.min = 0;
    data.y.max = 1.15 * std::max(highest, 1e-9);
    return data;
}

chart::ChartData orderResponseChart(const linear::Campbell& c)
{
    chart::ChartData data;
    data.title = QObject::tr("Forced response along the order lines");
    data.x = chart::Axis{QObject::tr("shaft speed [rpm]"), false, 0.0, {}, {}, {}};
    MagnitudeCurves curves(data);
    for (const auto& r : c.responses)
        curves.add(QObject::tr("order %1: %2").arg(r.order).arg(responseName(r.input, r.output)), c.rpm, r.magnitude);
    curves.frame();
    return data;
}

} // namespace flange::ui
