#include "ui/plot/xy_plot.hpp"

#include "ui/plot/plot_theme.hpp"
#include "ui/results/run_result.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace flange::ui::plot {

QList<QPointF> parametricPoints(std::span<const double> x, std::span<const double> y, int maxPoints)
{
    const size_t n = std::min(x.size(), y.size());
    const size_t stride = std::max<size_t>(1, (n + static_cast<size_t>(std::max(1, maxPoints)) - 1) / static_cast<size_t>(std::max(1, maxPoints)));
    QList<QPointF> out;
    out.reserve(static_cast<qsizetype>(n / stride + 2));
    for (size_t i = 0; i < n; i += stride)
        if (std::isfinite(x[i]) && std::isfinite(y[i]))
            out.append({x[i], y[i]});
    if (n > 0 && (n - 1) % stride != 0 && std::isfinite(x[n - 1]) && std::isfinite(y[n - 1]))
        out.append({x[n - 1], y[n - 1]});
    return out;
}

XYPlot::XYPlot(QWidget* parent) : QWidget(parent)
{
    setWindowTitle(tr("x–y Plot"));
    chart_ = new QChart;
    chart_->setAnimationOptions(QChart::NoAnimation);
    chart_->legend()->setAlignment(Qt::AlignTop);
    xAxis_ = new QValueAxis;
    yAxis_ = new QValueAxis;
    for (QValueAxis* a : {xAxis_, yAxis_}) {
        a->setLabelFormat(QStringLiteral("%g"));
        QFont f = a->titleFont();
        f.setBold(false);
        a->setTitleFont(f);
    }
    chart_->addAxis(xAxis_, Qt::AlignBottom);
    chart_->addAxis(yAxis_, Qt::AlignLeft);
    auto* view = new QChartView(chart_, this);
    view->setRenderHint(QPainter::Antialiasing);
    applyTheme(chart_, palette());

    xBox_ = new QComboBox(this);
    yBox_ = new QComboBox(this);
    for (QComboBox* box : {xBox_, yBox_}) {
        box->setEditable(true);
        box->setInsertPolicy(QComboBox::NoInsert);
        box->completer()->setFilterMode(Qt::MatchContains);
        box->setMinimumContentsLength(16);
        connect(box, &QComboBox::textActivated, this, [this] { setSignals(xBox_->currentText(), yBox_->currentText()); });
    }
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("x:"), this));
    top->addWidget(xBox_, 1);
    top->addWidget(new QLabel(tr("y:"), this));
    top->addWidget(yBox_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(view, 1);
    resize(520, 420);
}

void XYPlot::setSignals(const QString& x, const QString& y)
{
    x_ = x.trimmed();
    y_ = y.trimmed();
    xBox_->setCurrentText(x_);
    yBox_->setCurrentText(y_);
    setWindowTitle(tr("x–y Plot: %1 against %2").arg(y_, x_));
    rebuild();
}

void XYPlot::setRuns(ShownRuns runs, RunLooks looks)
{
    runs_ = std::move(runs);
    looks_ = std::move(looks);
    fillChoices();
    rebuild();
}

void XYPlot::fillChoices()
{
    const RunResult* r = runs_.empty() ? nullptr : runs_.front().get();
    if (!r || static_cast<int>(r->variableCount()) == xBox_->count())
        return;
    QStringList names;
    for (const ResultVariable& v : r->variables())
        if (!v.isProtected)
            names << QString::fromStdString(v.name);
    for (QComboBox* box : {xBox_, yBox_}) {
        const QString keep = box->currentText();
        box->clear();
        box->addItems(names);
        box->setCurrentText(keep);
    }
}

void XYPlot::rebuild()
{
    chart_->removeAllSeries();
    series_.assign(runs_.size(), nullptr);
    const QColor color = curveColor(0, palette());
    // The oldest run first, underneath.
    for (size_t run = runs_.size(); run-- > 0;) {
        const RunResult* r = runs_[run].get();
        if (!r || x_.isEmpty() || y_.isEmpty() || r->column(x_.toStdString()) < 0 || r->column(y_.toStdString()) < 0)
            continue;
        auto* s = new QLineSeries;
        const RunLook* look = run < looks_.size() ? &looks_[run] : nullptr;
        s->setName(run == 0 ? tr("%1 against %2").arg(y_, x_)
                            : look && !look->label.isEmpty() ? look->label : tr("previous run"));
        s->setPen(run == 0 ? curvePen(color) : look && look->color.isValid() ? pinnedRunPen(look->color) : ghostPen(color));
        chart_->addSeries(s);
        s->attachAxis(xAxis_);
        s->attachAxis(yAxis_);
        if (run > 0 && !(look && look->inLegend))
            for (QLegendMarker* m : chart_->legend()->markers(s))
                m->setVisible(false);
        series_[run] = s;
    }
    auto title = [this](const QString& name) {
        const RunResult* r = runs_.empty() ? nullptr : runs_.front().get();
        const int c = r ? r->column(name.toStdString()) : -1;
        const std::string unit = c >= 0 ? r->variables()[static_cast<size_t>(c)].unit : std::string();
        return unit.empty() ? name : QStringLiteral("%1 [%2]").arg(name, QString::fromStdString(unit));
    };
    xAxis_->setTitleText(title(x_));
    yAxis_->setTitleText(title(y_));
    refresh();
}

void XYPlot::refresh()
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    double x0 = inf, x1 = -inf, y0 = inf, y1 = -inf;
    std::vector<QList<QPointF>> all(runs_.size());
    for (size_t run = 0; run < runs_.size(); ++run) {
        const RunResult* r = runs_[run].get();
        if (!series_[run] || !r)
            continue;
        all[run] = parametricPoints(r->values(r->column(x_.toStdString())), r->values(r->column(y_.toStdString())), kMaxPoints);
        for (const QPointF& p : all[run]) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
    }
    auto padded = [](double lo, double hi) {
        if (lo > hi)
            return std::pair{0.0, 1.0};
        const double pad = hi - lo > 0 ? 0.05 * (hi - lo) : std::max(0.5, 0.1 * std::abs(hi));
        return std::pair{lo - pad, hi + pad};
    };
    const auto [xl, xh] = padded(x0, x1);
    const auto [yl, yh] = padded(y0, y1);
    xAxis_->setRange(xl, xh);
    yAxis_->setRange(yl, yh);
    // Round ends and ticks ("-0.2 ... 0.6"), not the data's ("-0.202108"): seen under Xvfb.
    xAxis_->applyNiceNumbers();
    yAxis_->applyNiceNumbers();
    for (size_t run = 0; run < runs_.size(); ++run)
        if (series_[run] && series_[run]->points() != all[run])
            series_[run]->replace(all[run]);
}

QList<QPointF> XYPlot::points(std::size_t run) const
{
    return run < series_.size() && series_[run] ? series_[run]->points() : QList<QPointF>();
}

QString XYPlot::axisTitle(bool xAxis) const { return (xAxis ? xAxis_ : yAxis_)->titleText(); }

std::pair<double, double> XYPlot::axisRange(bool xAxis) const
{
    const QValueAxis* a = xAxis ? xAxis_ : yAxis_;
    return {a->min(), a->max()};
}

} // namespace flange::ui::plot
