#include "ui/plot/subplot.hpp"

#include "ui/plot/chart_interaction.hpp"
#include "ui/plot/curve_math.hpp"
#include "ui/plot/decimate.hpp"
#include "ui/plot/plot_theme.hpp"
#include "ui/results/run_result.hpp"

#include "engine/api/expressions.hpp"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QCategoryAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

namespace flange::ui::plot {

namespace {

const QMargins kChartMargins(6, 2, 6, 2);

QString shortName(const QString& name) { return name.section(QLatin1Char('.'), -1); }

QString bracketed(const QString& unit) { return QStringLiteral("[%1]").arg(unit.isEmpty() ? QStringLiteral("1") : unit); }

// The range an axis can show: nothing finite to show (a value beyond any range) gives an
// empty unit axis.
std::pair<double, double> showableRange(double lo, double hi)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi - lo < std::numeric_limits<double>::infinity()))
        return {0, 1};
    return {lo, hi};
}

// That range with its tick step for an axis this many pixels long.
struct TickedRange {
    double lo, hi, step;
};
TickedRange tickedRange(double lo, double hi, double pixels, double pixelsPerTick)
{
    std::tie(lo, hi) = showableRange(lo, hi);
    return {lo, hi, niceStep(hi - lo, std::max(2, static_cast<int>(pixels / pixelsPerTick)))};
}

// True when the labels may have changed width.
bool setTicks(QValueAxis* axis, double lo0, double hi0, double pixels, double pixelsPerTick)
{
    const auto [lo, hi, step] = tickedRange(lo0, hi0, pixels, pixelsPerTick);
    const bool changed = axis->min() != lo || axis->max() != hi || axis->tickInterval() != step;
    // Qt lays out the ticks at every change: the interval grows before the range does, or a
    // range that widens by orders of magnitude asks for millions of ticks at the old interval.
    axis->setTickInterval(std::max(step, axis->tickInterval()));
    axis->setRange(lo, hi);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    return changed;
}

// A y axis places and labels its ticks itself (ticksWithin): through zero it must read
// "0". Its categories end at the ticks, labelled on their values; the first starts below
// the range, so that a tick at its low end has a label. True when the labels changed.
bool setYTicks(QCategoryAxis* axis, double lo0, double hi0, double pixels, double pixelsPerTick)
{
    const auto [lo, hi, step] = tickedRange(lo0, hi0, pixels, pixelsPerTick);
    const QList<Tick> ticks = ticksWithin(lo, hi, step);
    const QStringList labels = axis->categoriesLabels();
    bool same = labels.size() == ticks.size() && axis->startValue() == lo - step;
    for (qsizetype i = 0; same && i < ticks.size(); ++i)
        same = labels[i] == ticks[i].label && axis->endValue(labels[i]) == ticks[i].value;
    if (!same) {
        for (const QString& l : labels)
            axis->remove(l);
        axis->setStartValue(lo - step);
        for (const Tick& t : ticks)
            axis->append(t.label, t.value);
    }
    axis->setRange(lo, hi);
    return !same;
}

} // namespace

Subplot::Subplot(QWidget* parent) : QWidget(parent)
{
    chart_ = new QChart;
    chart_->setAnimationOptions(QChart::NoAnimation); // streaming redraws must be immediate
    chart_->setMargins(kChartMargins);
    chart_->layout()->setContentsMargins(0, 0, 0, 0);
    chart_->legend()->setAlignment(Qt::AlignTop);
    chart_->legend()->setShowToolTips(true);

    timeAxis_ = new QValueAxis;
    timeAxis_->setTitleText(QStringLiteral("time [s]"));
    chart_->addAxis(timeAxis_, Qt::AlignBottom);
    for (int side : {Left, Right}) {
        auto* axis = new QCategoryAxis;
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        chart_->addAxis(axis, side == Left ? Qt::AlignLeft : Qt::AlignRight);
        yAxes_[static_cast<size_t>(side)] = axis;
    }
    for (QValueAxis* axis : std::initializer_list<QValueAxis*>{timeAxis_, yAxes_[0], yAxes_[1]}) {
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setLabelFormat(QStringLiteral("%g"));
        QFont f = axis->titleFont();
        f.setBold(false);
        axis->setTitleFont(f);
    }
    yAxes_[Right]->setVisible(false);

    view_ = new QChartView(chart_, this);
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setRubberBand(QChartView::NoRubberBand);
    view_->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view_);

    overlay_ = new PlotOverlay(chart_);
    connect(chart_, &QChart::plotAreaChanged, this, [this] { updateOverlayGeometry(); });

    auto* interaction = new ChartInteraction(view_, [this] { return plotRect(); });
    connect(interaction, &ChartInteraction::bandChanged, this, [this](const QRectF& band) {
        overlay_->setBand(band.isEmpty() ? QRectF() : chart_->mapFromScene(view_->mapToScene(band.toAlignedRect())).boundingRect());
    });
    connect(interaction, &ChartInteraction::boxZoomed, this, &Subplot::boxZoom);
    connect(interaction, &ChartInteraction::panned, this, &Subplot::pan);
    connect(interaction, &ChartInteraction::wheelZoomed, this, &Subplot::wheelZoom);
    connect(interaction, &ChartInteraction::resetRequested, this, [this] {
        resetYZoom();
        emit resetZoomRequested();
    });
    connect(interaction, &ChartInteraction::hovered, this, [this](double x) { emit hovered(timeAtX(x)); });
    connect(interaction, &ChartInteraction::hoverLeft, this, &Subplot::hoverLeft);
    connect(interaction, &ChartInteraction::dropped, this, &Subplot::signalsDropped);
    connect(interaction, &ChartInteraction::contextMenuRequested, this, &Subplot::contextMenuRequested);

    applyColors();
    setMinimumHeight(120);
}

Subplot::~Subplot() = default;

void Subplot::addSignal(const QString& name)
{
    if (names_.contains(name))
        return;
    names_.append(name);
    rebuild();
}

bool Subplot::removeSignal(const QString& name)
{
    if (!names_.removeOne(name))
        return false;
    rebuild();
    return true;
}

QStringList Subplot::units() const
{
    QStringList out;
    for (const QString& n : names_)
        if (std::optional<QString> u = unitOf(n, runs_); u && !out.contains(*u))
            out.append(*u);
    return out;
}

void Subplot::setRuns(ShownRuns runs, RunLooks looks)
{
    // Re-running a model yields the same columns: keep the series (creating and attaching
    // Qt Charts series is what costs), just read the new runs.
    const bool same = sameColumns(runs) && looks == looks_;
    runs_ = std::move(runs);
    looks_ = std::move(looks);
    if (same)
        refresh();
    else
        rebuild();
}

std::vector<int> Subplot::columnsOf(const QString& name, const ShownRuns& runs) const
{
    const std::string key = name.toStdString();
    std::vector<int> out;
    for (const auto& r : runs)
        out.push_back(r ? r->column(key) : -1);
    return out;
}

bool Subplot::sameColumns(const ShownRuns& runs) const
{
    size_t k = 0;
    for (const QString& name : names_) {
        const std::vector<int> columns = columnsOf(name, runs);
        if (std::all_of(columns.begin(), columns.end(), [](int c) { return c < 0; }))
            continue;
        if (k >= curves_.size() || curves_[k].name != name || curves_[k].columns != columns)
            return false;
        ++k;
    }
    return k == curves_.size();
}

void Subplot::setTimeRange(double t0, double t1)
{
    t0_ = t0;
    t1_ = t1 > t0 ? t1 : t0 + 1;
    refresh();
}

void Subplot::rebuild()
{
    chart_->removeAllSeries();
    curves_.clear();
    const QStringList unitOrder = units();
    for (int i = 0; i < names_.size(); ++i) {
        Curve c;
        c.name = names_[i];
        c.colorIndex = i;
        c.columns = columnsOf(c.name, runs_);
        c.series.assign(runs_.size(), nullptr);
        c.dense.assign(runs_.size(), false);
        // The variable as the first run that has it describes it.
        const auto first = std::find_if(c.columns.begin(), c.columns.end(), [](int col) { return col >= 0; });
        if (first == c.columns.end())
            continue; // listed for a later run; nothing to draw now
        const RunResult& source = *runs_[static_cast<size_t>(first - c.columns.begin())];
        const ResultVariable& var = source.variables()[static_cast<size_t>(*first)];
        c.unit = QString::fromStdString(var.unit);
        c.discrete = var.isDiscrete;
        // The first unit on the left axis, any other on the right (a third one only
        // arrives through set-ups edited by hand; it shares the right axis).
        c.axis = unitOrder.indexOf(c.unit) == 0 ? Left : Right;
        curves_.push_back(c);
    }
    // The oldest run first: series added earlier are drawn underneath.
    for (size_t run = runs_.size(); run-- > 0;) {
        for (Curve& c : curves_) {
            if (c.columns[run] < 0)
                continue;
            auto* s = new QLineSeries;
            const RunLook* look = run < looks_.size() ? &looks_[run] : nullptr;
            s->setName(run == 0                         ? c.name
                       : look && !look->label.isEmpty() ? tr("%1 (%2)").arg(c.name, look->label)
                       : run == 1                       ? tr("%1 (previous run)").arg(c.name)
                                                        : tr("%1 (%2 runs before)").arg(c.name).arg(run));
            chart_->addSeries(s);
            s->attachAxis(timeAxis_);
            s->attachAxis(yAxes_[static_cast<size_t>(c.axis)]);
            c.series[run] = s;
            if (run > 0 && !ghostsInLegend_ && !(look && look->inLegend))
                for (QLegendMarker* m : chart_->legend()->markers(s))
                    m->setVisible(false);
        }
    }
    updateAxisTitles();
    applyColors();
    labelsChanged_ = true;
    refresh();
}

void Subplot::setGhostsInLegend(bool on)
{
    if (on == ghostsInLegend_)
        return;
    ghostsInLegend_ = on;
    rebuild();
}

void Subplot::updateAxisTitles()
{
    for (int side : {Left, Right}) {
        QStringList units, shortNames;
        for (const Curve& c : curves_) {
            if (c.axis != side)
                continue;
            if (!units.contains(c.unit))
                units.append(c.unit);
            if (!shortNames.contains(shortName(c.name)))
                shortNames.append(shortName(c.name));
        }
        if (const QString& shown = displayUnits_[static_cast<size_t>(side)]; !shown.isEmpty())
            units = {shown};
        QString title;
        if (shortNames.size() == 1) // "w_rel [rad/s]", or "w [rad/s]" for several inertias' w
            title = units[0].isEmpty() ? shortNames[0] : shortNames[0] + QLatin1Char(' ') + bracketed(units[0]);
        else
            for (const QString& u : units)
                title += (title.isEmpty() ? QString() : QStringLiteral(", ")) + bracketed(u);
        QValueAxis* axis = yAxes_[static_cast<size_t>(side)];
        axis->setTitleText(title);
        if (side == Right)
            axis->setVisible(!units.isEmpty());
    }
}

void Subplot::applyColors()
{
    applyTheme(chart_, palette());
    overlay_->setPalette(palette());
    for (Curve& c : curves_)
        for (size_t run = 0; run < c.series.size(); ++run)
            if (c.series[run])
                c.series[run]->setPen(penOf(c, run, c.dense[run]));
}

QPen Subplot::penOf(const Curve& c, size_t run, bool dense) const
{
    const QColor color = curveColor(c.colorIndex, palette());
    if (run == 0)
        return curvePen(color, dense);
    if (run < looks_.size() && looks_[run].color.isValid())
        return pinnedRunPen(looks_[run].color, dense);
    return ghostPen(color, dense);
}

void Subplot::refresh()
{
    // Every curve's new points first, the axes next, the points last: QtCharts strokes a
    // non-empty series' whole outline again at each axis range change and at each
    // replace, and that stroking is most of a redraw. So a curve is replaced only when
    // its points differ, and the curves are emptied before the axes move (an empty
    // series costs nothing to lay out).
    const int cols = columns();
    constexpr double inf = std::numeric_limits<double>::infinity();
    std::array<std::pair<double, double>, 2> span{{{inf, -inf}, {inf, -inf}}};
    struct Drawn {
        QXYSeries* series;
        QList<QPointF> points;
    };
    std::vector<Drawn> drawn;
    for (Curve& c : curves_) {
        for (size_t run = 0; run < runs_.size(); ++run) {
            QXYSeries* s = c.series[run];
            const RunResult* r = runs_[run].get();
            const int column = c.columns[run];
            if (!s || !r || static_cast<size_t>(column) >= r->variableCount())
                continue; // a run restarted with begin() without setRuns: nothing safe to read
            QList<QPointF> pts = decimate(r->time(), r->values(column), t0_, t1_, cols);
            if (const Affine a = shownAs(c); a.scale != 1 || a.offset != 0)
                for (QPointF& p : pts)
                    p.setY(a.scale * p.y() + a.offset);
            for (const QPointF& p : pts) {
                if (p.x() < t0_ || p.x() > t1_ || !std::isfinite(p.y()))
                    continue; // the points beyond the edges must not stretch the y range
                auto& [lo, hi] = span[static_cast<size_t>(c.axis)];
                lo = std::min(lo, p.y());
                hi = std::max(hi, p.y());
            }
            // An empty curve (a new run before its rows) keeps its pen: a pen change lays out
            // the legend and the axes again, and the rows arriving would change it back.
            if (char& dense = c.dense[run]; !pts.isEmpty() && static_cast<bool>(dense) != (pts.size() > cols)) {
                dense = !dense;
                s->setPen(penOf(c, run, dense));
            }
            drawn.push_back({s, c.discrete ? toSteps(pts) : std::move(pts)});
        }
    }
    std::array<std::pair<double, double>, 2> yRange;
    for (int side : {Left, Right}) {
        auto [lo, hi] = yZoom_[static_cast<size_t>(side)].value_or(span[static_cast<size_t>(side)]);
        if (!yZoom_[static_cast<size_t>(side)]) {
            if (lo > hi) {
                lo = 0;
                hi = 1;
            } else if (hi - lo <= 1e-12 * std::max(1.0, std::abs(hi))) {
                const double pad = std::max(std::abs(hi) * 0.1, 0.5); // a constant: centred
                lo -= pad;
                hi += pad;
            } else {
                const double margin = 0.05 * (hi - lo);
                lo -= margin;
                hi += margin;
            }
        }
        yRange[static_cast<size_t>(side)] = showableRange(lo, hi);
    }
    auto moves = [](const QValueAxis* axis, std::pair<double, double> range) {
        return axis->min() != range.first || axis->max() != range.second;
    };
    if (moves(timeAxis_, showableRange(t0_, t1_)) || moves(yAxes_[Left], yRange[Left]) ||
        moves(yAxes_[Right], yRange[Right]))
        for (Drawn& d : drawn)
            if (d.series->count() > 0)
                d.series->clear();
    const QRectF area = chart_->plotArea();
    setTicks(timeAxis_, t0_, t1_, area.width(), 90);
    for (int side : {Left, Right}) {
        const auto [lo, hi] = yRange[static_cast<size_t>(side)];
        labelsChanged_ |= setYTicks(yAxes_[static_cast<size_t>(side)], lo, hi, area.height(), 40);
    }
    for (Drawn& d : drawn)
        if (d.series->points() != d.points)
            d.series->replace(d.points);
    overlay_->setTimeRange(t0_, t1_);
    updateReadout();
    updateCursorReadout();
}

void Subplot::setCursors(std::optional<double> a, std::optional<double> b)
{
    cursorA_ = a;
    cursorB_ = b;
    updateCursorReadout();
}

std::optional<IntervalStatistics> Subplot::cursorStatistics(const QString& name) const
{
    const Curve* c = curve(name);
    if (!c || !cursorA_ || !cursorB_)
        return std::nullopt;
    // The run drawn in full, or for a curve it lacks (a difference of two runs) the first
    // run that has it.
    for (size_t run = 0; run < runs_.size(); ++run) {
        const RunResult* r = runs_[run].get();
        if (!r || !c->series[run] || static_cast<size_t>(c->columns[run]) >= r->variableCount())
            continue;
        const std::span<const double> values = r->values(c->columns[run]);
        const Affine a = shownAs(*c);
        if (a.scale == 1 && a.offset == 0)
            return intervalStatistics(r->time(), values, *cursorA_, *cursorB_, c->discrete);
        std::vector<double> shown(values.begin(), values.end());
        for (double& v : shown)
            v = a.scale * v + a.offset;
        return intervalStatistics(r->time(), shown, *cursorA_, *cursorB_, c->discrete);
    }
    return std::nullopt;
}

QStringList Subplot::cursorText() const
{
    QStringList out;
    for (const ReadoutLine& l : overlay_->cursorReadout())
        out << l.text;
    return out;
}

void Subplot::updateCursorReadout()
{
    QList<ReadoutLine> lines;
    if (cursorA_ && cursorB_) {
        auto g = [](double v) { return QString::number(v, 'g', 4); };
        lines.append({QStringLiteral("A = %1 s, B = %2 s, Δt = %3 s").arg(g(*cursorA_), g(*cursorB_), g(std::abs(*cursorB_ - *cursorA_))), QColor()});
        for (const Curve& c : curves_) {
            const std::optional<IntervalStatistics> s = cursorStatistics(c.name);
            if (!s)
                continue;
            const QString& unit = displayUnits_[static_cast<size_t>(c.axis)].isEmpty() ? c.unit : displayUnits_[static_cast<size_t>(c.axis)];
            const QString u = unit.isEmpty() ? QString() : QLatin1Char(' ') + unit;
            // Two short lines a curve: one long one was cut at a narrow plot's edge (seen under Xvfb).
            const QColor color = curveColor(c.colorIndex, palette());
            lines.append({QStringLiteral("%1: Δy %2, mean %3, RMS %4%5").arg(c.name, g(s->dy), g(s->mean), g(s->rms), u), color});
            lines.append({QStringLiteral("    min %1, max %2%3").arg(g(s->min), g(s->max), u), color});
        }
    }
    overlay_->setCursors(cursorA_, cursorB_, lines);
}

double Subplot::timeAtGlobal(const QPoint& globalPos) const
{
    return timeAtX(view_->viewport()->mapFromGlobal(globalPos).x());
}

void Subplot::setEventTimes(std::shared_ptr<const std::vector<double>> times) { overlay_->setEventTimes(std::move(times)); }

void Subplot::setCrosshair(std::optional<double> t)
{
    overlay_->setCrosshair(t, {});
    updateReadout();
}

void Subplot::updateReadout()
{
    const std::optional<double> t = overlay_->crosshair();
    QList<ReadoutLine> lines;
    // The values of the run drawn in full.
    const RunResult* current = runs_.empty() ? nullptr : runs_.front().get();
    if (t) {
        lines.append({QStringLiteral("t = %1 s").arg(QString::number(*t, 'g', 6)), QColor()});
        for (const Curve& c : curves_) {
            if (!current || !c.series[0] || static_cast<size_t>(c.columns[0]) >= current->variableCount())
                continue;
            const Affine a = shownAs(c);
            const double v = a.scale * valueAt(current->time(), current->values(c.columns[0]), *t, c.discrete) + a.offset;
            const QString unit = displayUnits_[static_cast<size_t>(c.axis)].isEmpty() ? c.unit : displayUnits_[static_cast<size_t>(c.axis)];
            QString text = c.name + QStringLiteral(" = ") + (std::isnan(v) ? QStringLiteral("–") : QString::number(v, 'g', 5));
            if (!unit.isEmpty() && !std::isnan(v))
                text += QLatin1Char(' ') + unit;
            lines.append({text, curveColor(c.colorIndex, palette())});
        }
    }
    overlay_->setCrosshair(t, lines);
}

void Subplot::setTimeTitleVisible(bool visible) { timeAxis_->setTitleVisible(visible); }

void Subplot::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColors();
    QWidget::changeEvent(event);
}

void Subplot::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    labelsChanged_ = true;
    emit resized();
}

QRectF Subplot::naturalPlotArea()
{
    chart_->setMargins(kChartMargins);
    chart_->layout()->activate();
    return chart_->plotArea();
}

void Subplot::setPlotAreaEdges(double left, double right)
{
    // Through the margins: QChart::setPlotArea would leave the axes where they were.
    const QRectF natural = chart_->plotArea();
    QMargins m = kChartMargins;
    m.setLeft(m.left() + static_cast<int>(std::lround(left - natural.left())));
    m.setRight(m.right() + static_cast<int>(std::lround(natural.right() - right)));
    if (m != chart_->margins()) {
        chart_->setMargins(m);
        chart_->layout()->activate();
    }
}

bool Subplot::takeLabelsChanged()
{
    const bool changed = labelsChanged_;
    labelsChanged_ = false;
    return changed;
}

void Subplot::updateOverlayGeometry()
{
    overlay_->setPlotArea(chart_->plotArea());
}

Subplot::Affine Subplot::shownAs(const Curve& c) const
{
    const QString& shown = displayUnits_[static_cast<size_t>(c.axis)];
    if (shown.isEmpty() || shown == c.unit)
        return {};
    // Units are affine maps of each other (degC too): two points give the map.
    const units::Conversion zero = units::convert(0, c.unit.toStdString(), shown.toStdString(), c.name.toStdString());
    const units::Conversion one = units::convert(1, c.unit.toStdString(), shown.toStdString(), c.name.toStdString());
    if (!zero.value || !one.value)
        return {};
    return {*one.value - *zero.value, *zero.value};
}

QString Subplot::setDisplayUnit(Axis axis, const QString& unit)
{
    if (axis != Left && axis != Right)
        return tr("the time axis stays in s");
    const QString u = unit.trimmed();
    for (const Curve& c : curves_) {
        if (c.axis != axis || u.isEmpty())
            continue;
        // Asked this way round, the message reads "inertia1.w: 'kg' is a mass, inertia1.w needs rad/s".
        const units::Conversion check = units::convert(1, u.toStdString(), c.unit.toStdString(), c.name.toStdString());
        if (!check.value)
            return QString::fromStdString(check.error);
    }
    displayUnits_[static_cast<size_t>(axis)] = u;
    yZoom_[static_cast<size_t>(axis)].reset(); // a zoom in the old unit means nothing now
    updateAxisTitles();
    labelsChanged_ = true;
    refresh();
    return {};
}

} // namespace flange::ui::plot
