#include "ui/chart/chart_view.hpp"

#include "ui/chart/color_bar_widget.hpp"
#include "ui/plot/plot_export_dialog.hpp"
#include "ui/plot/plot_theme.hpp"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QStackedLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace flange::ui::chart {

namespace {

constexpr qsizetype kAntialiasedPoints = 50'000;

bool onAxis(double v, const Axis& a) { return std::isfinite(v) && (!a.log || v > 0); }

// Half way between neighbouring centres (in logarithm on a log axis): a map's cell edges.
std::vector<double> cellEdges(const std::vector<double>& centres, bool log)
{
    std::vector<double> c;
    for (double v : centres)
        c.push_back(log ? std::log10(v) : v);
    std::vector<double> e;
    if (c.empty())
        return e;
    const double lone = log ? 0.5 : (c[0] == 0 ? 0.5 : std::abs(c[0]) * 0.1);
    e.push_back(c.size() > 1 ? c[0] - (c[1] - c[0]) / 2 : c[0] - lone);
    for (size_t i = 1; i < c.size(); ++i)
        e.push_back((c[i - 1] + c[i]) / 2);
    e.push_back(c.size() > 1 ? c.back() + (c.back() - c[c.size() - 2]) / 2 : c.back() + lone);
    if (log)
        for (double& v : e)
            v = std::pow(10.0, v);
    return e;
}

QAbstractAxis* makeAxis(const Axis& a, double lo, double hi)
{
    if (!a.categories.isEmpty()) {
        // Each name centred on its x, the grid lines between them.
        auto* axis = new QCategoryAxis;
        axis->setStartValue(-0.5);
        for (qsizetype i = 0; i < a.categories.size(); ++i)
            axis->append(a.categories[i], static_cast<double>(i) + 0.5);
        axis->setRange(-0.5, static_cast<double>(a.categories.size()) - 0.5);
        axis->setTitleText(a.title);
        return axis;
    }
    if (!(lo <= hi)) {
        lo = a.log ? 1 : 0;
        hi = a.log ? 10 : 1;
    }
    if (a.log) {
        auto* axis = new QLogValueAxis;
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setMinorTickCount(8);
        // The axis labels only powers of ten: a range without one is widened to whole decades.
        const bool decade = std::floor(std::log10(hi) + 1e-9) >= std::ceil(std::log10(lo) - 1e-9);
        axis->setRange(a.min.value_or(decade ? lo : std::pow(10.0, std::floor(std::log10(lo) + 1e-9))),
                       a.max.value_or(decade ? hi : std::pow(10.0, std::ceil(std::log10(hi) - 1e-9))));
        if (axis->min() >= axis->max())
            axis->setRange(axis->min(), axis->min() * 10);
        axis->setTitleText(a.title);
        return axis;
    }
    auto* axis = new QValueAxis;
    lo = a.min.value_or(lo);
    hi = std::max(lo, a.max.value_or(hi));
    if (hi == lo) {
        const double half = lo == 0 ? 1 : std::abs(lo) * 0.1;
        lo -= half;
        hi += half;
    }
    axis->setRange(lo, hi);
    if (a.tickInterval) {
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(*a.tickInterval);
    } else {
        axis->applyNiceNumbers();
    }
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(a.title);
    return axis;
}

std::pair<double, double> axisRange(const QAbstractAxis* axis)
{
    if (const auto* v = qobject_cast<const QValueAxis*>(axis))
        return {v->min(), v->max()};
    if (const auto* l = qobject_cast<const QLogValueAxis*>(axis))
        return {l->min(), l->max()};
    return {0, 1};
}

} // namespace

// The cells of a map, drawn in the plot area under the grid, placed through a series
// attached to the chart's axes so they follow its scales.
class HeatMapItem : public QGraphicsItem {
public:
    HeatMapItem(QChart* chart, QAbstractSeries* anchor, HeatMap map, ColorScale scale, bool logX, bool logY)
        : QGraphicsItem(chart), chart_(chart), anchor_(anchor), map_(std::move(map)), scale_(scale),
          xEdges_(cellEdges(map_.xs, logX)), yEdges_(cellEdges(map_.ys, logY))
    {
        setZValue(2.5); // over the grid lines (QtCharts' z 2), under the axes (3) and series (4)
    }
    QRectF boundingRect() const override { return chart_->plotArea(); }
    void paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        p->save();
        p->setClipRect(chart_->plotArea());
        p->setPen(Qt::NoPen);
        const size_t nx = map_.xs.size();
        for (size_t iy = 0; iy < map_.ys.size(); ++iy)
            for (size_t ix = 0; ix < nx; ++ix) {
                const size_t k = iy * nx + ix;
                const QColor c = k < map_.values.size() ? scale_.colorAt(map_.values[k]) : QColor();
                if (!c.isValid())
                    continue;
                const QPointF a = chart_->mapToPosition(QPointF(xEdges_[ix], yEdges_[iy]), anchor_);
                const QPointF b = chart_->mapToPosition(QPointF(xEdges_[ix + 1], yEdges_[iy + 1]), anchor_);
                p->fillRect(QRectF(a, b).normalized(), c);
            }
        p->restore();
    }
    void geometryChanged()
    {
        prepareGeometryChange();
        update();
    }

private:
    QChart* chart_;
    QAbstractSeries* anchor_;
    HeatMap map_;
    ColorScale scale_;
    std::vector<double> xEdges_, yEdges_;
};

ChartView::ChartView(QWidget* parent) : QWidget(parent)
{
    chart_ = new QChart;
    chart_->setMargins(QMargins(4, 4, 4, 4));
    chart_->legend()->setAlignment(Qt::AlignTop);
    view_ = new QChartView(chart_);
    view_->setRenderHint(QPainter::Antialiasing);
    colorBar_ = new ColorBarWidget;
    placeholder_ = new QLabel;
    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setWordWrap(true);
    auto* plot = new QWidget;
    auto* row = new QHBoxLayout(plot);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(0);
    row->addWidget(view_, 1);
    row->addWidget(colorBar_);
    stack_ = new QStackedLayout(this);
    stack_->addWidget(plot);
    stack_->addWidget(placeholder_);
    connect(chart_, &QChart::plotAreaChanged, this, [this] {
        if (heatMap_)
            heatMap_->geometryChanged();
    });
    rebuild();
}

ChartView::~ChartView() = default;

void ChartView::setData(ChartData data)
{
    data_ = std::move(data);
    rebuild();
}

void ChartView::rebuild()
{
    delete heatMap_;
    heatMap_ = nullptr;
    // The legend lays itself out again at every series added or removed: hidden meanwhile,
    // 200 runs' curves are built several times faster.
    chart_->legend()->setVisible(false);
    view_->setUpdatesEnabled(false);
    const auto updates = qScopeGuard([this] { view_->setUpdatesEnabled(true); });
    chart_->removeAllSeries();
    for (QAbstractAxis* a : chart_->axes()) {
        chart_->removeAxis(a);
        delete a;
    }
    colors_.assign(data_.series.size(), QColor());

    // The colour bar's scale: as given, or fitted to what it colours.
    std::optional<ColorBar> bar = data_.colorBar;
    if (data_.map && !bar)
        bar = ColorBar{QString(), ColorScale::fitting(data_.map->values)};
    colorBar_->setVisible(bar.has_value());
    if (bar)
        colorBar_->setBar(*bar);

    // The data's range on each axis, for the axes' ranges.
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    auto include = [&](double x, double y) {
        if (onAxis(x, data_.x) && onAxis(y, data_.y)) {
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = std::max(y1, y);
        }
    };
    bool anything = false;
    for (const Series& s : data_.series)
        for (const QPointF& p : s.points) {
            include(p.x(), p.y());
            anything = anything || (onAxis(p.x(), data_.x) && onAxis(p.y(), data_.y));
        }
    if (data_.map) {
        const auto xe = cellEdges(data_.map->xs, data_.x.log), ye = cellEdges(data_.map->ys, data_.y.log);
        if (!xe.empty() && !ye.empty()) {
            include(xe.front(), ye.front());
            include(xe.back(), ye.back());
            anything = true;
        }
    }
    placeholder_->setText(data_.placeholder.isEmpty() ? tr("Nothing to show yet") : data_.placeholder);
    stack_->setCurrentIndex(anything ? 0 : 1);

    QAbstractAxis* ax = makeAxis(data_.x, x0, x1);
    QAbstractAxis* ay = makeAxis(data_.y, y0, y1);
    chart_->addAxis(ax, Qt::AlignBottom);
    chart_->addAxis(ay, Qt::AlignLeft);

    bool named = false;
    auto attach = [&](QAbstractSeries* s) {
        chart_->addSeries(s);
        s->attachAxis(ax);
        s->attachAxis(ay);
    };
    // Faded series first, the emphasized last, so that they are drawn on top.
    std::vector<size_t> order(data_.series.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        auto rank = [&](const Series& s) { return s.faded ? 0 : s.emphasized ? 2 : 1; };
        return rank(data_.series[a]) < rank(data_.series[b]);
    });
    int automatic = 0;
    for (size_t i : order) {
        const Series& s = data_.series[i];
        QColor color = s.color;
        if (!color.isValid() && s.value && bar)
            color = bar->scale.colorAt(*s.value);
        if (!color.isValid())
            color = plot::curveColor(automatic++, palette());
        if (s.faded)
            color.setAlphaF(0.35f);
        colors_[i] = color;
        QList<QPointF> points;
        std::vector<double> values;
        std::vector<int> drawn; // the index in s.points of each point drawn
        for (qsizetype k = 0; k < s.points.size(); ++k)
            if (onAxis(s.points[k].x(), data_.x) && onAxis(s.points[k].y(), data_.y)) {
                points.append(s.points[k]);
                drawn.push_back(static_cast<int>(k));
                if (static_cast<size_t>(k) < s.pointValues.size())
                    values.push_back(s.pointValues[static_cast<size_t>(k)]);
            }
        QAbstractSeries* made = nullptr;
        if (s.style == Series::Style::Scatter) {
            auto* scatter = new QScatterSeries;
            scatter->replace(points);
            scatter->setMarkerSize(s.emphasized ? 13 : 9);
            scatter->setColor(color);
            scatter->setBorderColor(s.emphasized ? palette().color(QPalette::Text) : Qt::transparent);
            if (bar && values.size() == static_cast<size_t>(points.size()))
                for (size_t k = 0; k < values.size(); ++k) {
                    const QColor c = bar->scale.colorAt(values[k]);
                    scatter->setPointConfiguration(static_cast<int>(k), QXYSeries::PointConfiguration::Color,
                                                   c.isValid() ? c : palette().color(QPalette::Mid));
                }
            connect(scatter, &QXYSeries::clicked, this, [this, i, scatter, drawn](const QPointF& p) {
                const QList<QPointF> pts = scatter->points();
                const auto at = std::find(pts.begin(), pts.end(), p);
                emit pointClicked(static_cast<int>(i), at == pts.end() ? -1 : drawn[static_cast<size_t>(at - pts.begin())]);
            });
            made = scatter;
        } else if (s.style == Series::Style::Area) {
            auto* upper = new QLineSeries;
            upper->replace(points);
            // Without a lower line QtCharts fills down to the plot's bottom, below zero too
            // (a bar of a negative amplitude would reach up from there).
            QLineSeries* lower = nullptr;
            if (!data_.y.log) {
                lower = new QLineSeries;
                for (const QPointF& p : points)
                    lower->append(p.x(), 0);
            }
            auto* area = new QAreaSeries(upper, lower);
            upper->setParent(area);
            if (lower)
                lower->setParent(area);
            QColor fill = color;
            fill.setAlphaF(0.45f);
            area->setBrush(fill);
            area->setPen(plot::curvePen(color));
            made = area;
        } else {
            auto* line = new QLineSeries;
            line->replace(points);
            QPen pen = plot::curvePen(color);
            if (s.dashed)
                pen.setStyle(Qt::DashLine);
            if (s.emphasized)
                pen.setWidthF(3.2);
            else if (s.faded)
                pen.setWidthF(1.0);
            line->setPen(pen);
            connect(line, &QXYSeries::clicked, this, [this, i](const QPointF&) { emit pointClicked(static_cast<int>(i), -1); });
            made = line;
        }
        made->setName(s.name);
        attach(made);
        named = named || !s.name.isEmpty();
        for (QLegendMarker* m : chart_->legend()->markers(made))
            m->setVisible(!s.name.isEmpty());
    }
    if (data_.map) {
        // An invisible series on the cells' centres places the cells on the axes.
        auto* anchor = new QScatterSeries;
        for (double x : data_.map->xs)
            for (double y : data_.map->ys)
                if (onAxis(x, data_.x) && onAxis(y, data_.y))
                    anchor->append(x, y);
        anchor->setColor(Qt::transparent);
        anchor->setBorderColor(Qt::transparent);
        attach(anchor);
        for (QLegendMarker* m : chart_->legend()->markers(anchor))
            m->setVisible(false);
        heatMap_ = new HeatMapItem(chart_, anchor, *data_.map, bar->scale, data_.x.log, data_.y.log);
    }
    // Marks span the plot from the y axis' least to its greatest value.
    const auto [markLow, markHigh] = axisRange(ay);
    const QColor markColor = palette().color(QPalette::Mid);
    for (size_t i = 0; i < data_.marks.xs.size(); ++i) {
        const double x = data_.marks.xs[i];
        if (!onAxis(x, data_.x))
            continue;
        auto* line = new QLineSeries;
        line->append(x, markLow);
        line->append(x, markHigh);
        line->setPen(QPen(markColor, 1, Qt::DashLine));
        const bool legend = i == 0 && !data_.marks.name.isEmpty();
        line->setName(legend ? data_.marks.name : QString());
        attach(line);
        named = named || legend;
        for (QLegendMarker* m : chart_->legend()->markers(line))
            m->setVisible(legend);
    }
    chart_->setTitle(data_.title);
    chart_->legend()->setVisible(named);
    // Hundreds of curves (a sweep's runs) draw several times faster without antialiasing,
    // and look as solid.
    qsizetype points = 0;
    for (const Series& s : data_.series)
        points += s.points.size();
    view_->setRenderHint(QPainter::Antialiasing, points < kAntialiasedPoints);
    plot::applyTheme(chart_, palette());
    chart_->setTitleBrush(palette().color(QPalette::Text));
}

QPointF ChartView::mapToPosition(QPointF value) const
{
    const auto series = chart_->series();
    return series.isEmpty() ? QPointF() : chart_->mapToPosition(value, series.front());
}

QColor ChartView::seriesColor(size_t i) const { return i < colors_.size() ? colors_[i] : QColor(); }

bool ChartView::exportImage(const QString& path, const plot::ImageOptions& options, QString* error) const
{
    ChartView copy;
    copy.setPalette(palette());
    copy.setData(data_);
    return plot::exportImage(&copy, options, path, error);
}

void ChartView::exportDialog()
{
    // A file named after the chart's title ("Campbell diagram: …" → Campbell-diagram.png).
    QString name = data_.title.section(QLatin1Char(':'), 0, 0).trimmed();
    name.replace(QRegularExpression(QStringLiteral("[^\\w]+")), QStringLiteral("-"));
    plot::PlotExportDialog dialog(plot::ImageOptions{}, name.isEmpty() ? QString() : name + QStringLiteral(".png"), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!exportImage(dialog.path(), dialog.options(), &error))
        QMessageBox::warning(this, tr("Export Chart"), tr("Cannot write %1: %2").arg(dialog.path(), error));
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Export Chart…"), this, &ChartView::exportDialog);
    menu.exec(event->globalPos());
}

} // namespace flange::ui::chart
