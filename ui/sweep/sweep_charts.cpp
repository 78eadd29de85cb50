#include "ui/sweep/sweep_charts.hpp"

#include "ui/plot/decimate.hpp"
#include "ui/sweep/sweep_session.hpp"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>

namespace flange::ui {

namespace {

constexpr int kCurveColumns = 400;

double metricOf(const SweepRunRecord& r, int m)
{
    return m >= 0 && static_cast<size_t>(m) < r.result.metrics.size() ? r.result.metrics[static_cast<size_t>(m)] : NAN;
}

// A colour bar over parameter p's values in the plan (all runs, so colours stay put as runs arrive).
chart::ColorBar parameterBar(const SweepSession& s, int p)
{
    std::vector<double> values;
    for (size_t r = 0; r < s.plannedRuns(); ++r)
        values.push_back(s.parameterValue(r, p));
    return {s.parameterNames().value(p), chart::ColorScale::fitting(values, s.isLogRange(p))};
}

bool validParameter(const SweepSession& s, int p) { return p >= 0 && p < s.parameterNames().size(); }

} // namespace

chart::ChartData curvesChart(const SweepSession& s, const QString& signal, int colorBy, int selected)
{
    chart::ChartData d;
    d.x.title = QObject::tr("time [s]");
    d.y.title = signal;
    d.placeholder = signal.isEmpty() ? QObject::tr("No signals kept: choose signals to keep in the Sweep dialog")
                                     : QObject::tr("No run has finished yet");
    if (!s.job() || signal.isEmpty())
        return d;
    if (validParameter(s, colorBy))
        d.colorBar = parameterBar(s, colorBy);
    const std::string name = signal.toStdString();
    const auto& records = s.records();
    for (size_t i = 0; i < records.size(); ++i) {
        const SweepRunRecord& r = records[i];
        if (!r.curves)
            continue;
        const auto it = std::find(r.curves->names.begin(), r.curves->names.end(), name);
        if (it == r.curves->names.end())
            continue;
        const auto& values = r.curves->values[static_cast<size_t>(it - r.curves->names.begin())];
        chart::Series series;
        const std::vector<double>& t = r.curves->time;
        // Hundreds of runs of thousands of rows: what a chart's width can show of each.
        if (!t.empty())
            series.points = plot::decimate(t, values, t.front(), t.back(), kCurveColumns);
        if (d.colorBar)
            series.value = s.parameterValue(r.result.run, colorBy);
        series.emphasized = static_cast<int>(i) == selected;
        series.faded = selected >= 0 && !series.emphasized;
        if (series.emphasized)
            series.name = QObject::tr("run %1").arg(r.result.run);
        d.series.push_back(std::move(series));
    }
    if (d.series.empty() && !records.empty())
        d.placeholder = QObject::tr("No curves: signals are kept for sweeps on this computer");
    return d;
}

chart::ChartData metricChart(const SweepSession& s, int metric, int x, int colorBy, int selected)
{
    chart::ChartData d;
    d.placeholder = QObject::tr("No metric: add one in the Sweep dialog");
    if (!s.job() || metric < 0 || metric >= s.metricNames().size() || !validParameter(s, x))
        return d;
    d.x = {s.parameterNames()[x], s.isLogRange(x), {}, {}, {}, {}};
    d.y.title = s.metricNames()[metric];
    const bool colored = validParameter(s, colorBy) && colorBy != x;
    if (colored)
        d.colorBar = parameterBar(s, colorBy);
    chart::Series runs, chosen;
    runs.style = chosen.style = chart::Series::Style::Scatter;
    chosen.emphasized = true;
    const auto& records = s.records();
    for (size_t i = 0; i < records.size(); ++i) {
        const SweepRunRecord& r = records[i];
        chart::Series& into = static_cast<int>(i) == selected ? chosen : runs;
        into.points.append(QPointF(s.parameterValue(r.result.run, x), metricOf(r, metric)));
        if (colored)
            into.pointValues.push_back(s.parameterValue(r.result.run, colorBy));
    }
    d.placeholder = QObject::tr("No run has finished yet");
    d.series.push_back(std::move(runs));
    if (!chosen.points.isEmpty()) {
        chosen.name = QObject::tr("run %1").arg(records[static_cast<size_t>(selected)].result.run);
        d.series.push_back(std::move(chosen));
    }
    return d;
}

chart::ChartData mapChart(const SweepSession& s, int metric, int x, int y)
{
    chart::ChartData d;
    d.placeholder = QObject::tr("A map needs a metric and two parameters varied over lists or ranges");
    if (!s.job() || metric < 0 || metric >= s.metricNames().size() || !validParameter(s, x) || !validParameter(s, y) ||
        x == y || s.isDrawn(x) || s.isDrawn(y))
        return d;
    d.x = {s.parameterNames()[x], s.isLogRange(x), {}, {}, {}, {}};
    d.y = {s.parameterNames()[y], s.isLogRange(y), {}, {}, {}, {}};
    // The grid of the two parameters' values, from the plan; each finished run fills its cell.
    std::map<double, size_t> xs, ys;
    for (size_t r = 0; r < s.plannedRuns(); ++r) {
        xs.emplace(s.parameterValue(r, x), 0);
        ys.emplace(s.parameterValue(r, y), 0);
    }
    chart::HeatMap map;
    for (auto& [v, i] : xs) {
        i = map.xs.size();
        map.xs.push_back(v);
    }
    for (auto& [v, i] : ys) {
        i = map.ys.size();
        map.ys.push_back(v);
    }
    map.values.assign(map.xs.size() * map.ys.size(), NAN);
    std::vector<double> all;
    for (const SweepRunRecord& r : s.records()) {
        const size_t ix = xs[s.parameterValue(r.result.run, x)], iy = ys[s.parameterValue(r.result.run, y)];
        map.values[iy * map.xs.size() + ix] = metricOf(r, metric);
        all.push_back(metricOf(r, metric));
    }
    d.colorBar = chart::ColorBar{s.metricNames()[metric], chart::ColorScale::fitting(all)};
    d.map = std::move(map);
    return d;
}

chart::ChartData histogramChart(const SweepSession& s, int metric)
{
    chart::ChartData d;
    d.placeholder = QObject::tr("No metric: add one in the Sweep dialog");
    if (!s.job() || metric < 0 || metric >= s.metricNames().size())
        return d;
    std::vector<double> values;
    for (const SweepRunRecord& r : s.records())
        values.push_back(metricOf(r, metric));
    d.x.title = s.metricNames()[metric];
    d.y.title = QObject::tr("runs");
    d.placeholder = QObject::tr("No run has a value of %1 yet").arg(s.metricNames()[metric]);
    const chart::Histogram h = chart::histogram(values);
    if (!h.counts.empty())
        d.series.push_back(chart::histogramSeries(h));
    return d;
}

} // namespace flange::ui
