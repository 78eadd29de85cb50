#include "ui/plot/plot_page.hpp"

#include "ui/plot/chart_interaction.hpp"
#include "ui/plot/subplot.hpp"

#include <QContextMenuEvent>
#include <QDropEvent>
#include <QLabel>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace flange::ui::plot {

PlotPage::PlotPage(QWidget* parent) : QWidget(parent)
{
    splitter_ = new QSplitter(Qt::Vertical, this);
    splitter_->setChildrenCollapsible(false);
    emptyHint_ = new QLabel(tr("Drop variables here to plot them"), this);
    emptyHint_->setAlignment(Qt::AlignCenter);
    emptyHint_->setForegroundRole(QPalette::PlaceholderText);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter_);
    layout->addWidget(emptyHint_);
    setAcceptDrops(true);
    updateChrome();
}

int PlotPage::subplotCount() const { return splitter_->count(); }

Subplot* PlotPage::subplot(int index) const { return qobject_cast<Subplot*>(splitter_->widget(index)); }

int PlotPage::indexOf(const Subplot* s) const { return splitter_->indexOf(const_cast<Subplot*>(s)); }

Subplot* PlotPage::addSubplot()
{
    auto* s = new Subplot;
    s->setRuns(runs_, looks_);
    s->setEventTimes(events_);
    splitter_->addWidget(s);
    // Equal heights: a new subplot should not appear squeezed under the existing ones.
    splitter_->setSizes(QList<int>(splitter_->count(), 1000));
    connect(s, &Subplot::timeRangeRequested, this, &PlotPage::setTimeRange);
    connect(s, &Subplot::resetZoomRequested, this, &PlotPage::resetZoom);
    connect(s, &Subplot::hovered, this, [this](double t) {
        setCrosshair(t);
        emit crosshairMoved(t);
    });
    connect(s, &Subplot::hoverLeft, this, [this] { setCrosshair(std::nullopt); });
    connect(s, &Subplot::signalsDropped, this, [this, s](const QStringList& names) { emit variablesDropped(indexOf(s), names); });
    connect(s, &Subplot::resized, this, [this] {
        // Decimation and alignment depend on the size: redraw once, after the layout settles.
        if (!refreshPending_) {
            refreshPending_ = true;
            QTimer::singleShot(0, this, [this] {
                refreshPending_ = false;
                refresh();
            });
        }
    });
    connect(s, &Subplot::contextMenuRequested, this, [this, s](const QPoint& at) { emit contextMenuRequested(indexOf(s), at); });
    updateChrome();
    applyTimeRange();
    s->setCrosshair(crosshair_);
    s->setCursors(cursorA_, cursorB_);
    return s;
}

void PlotPage::removeSubplot(int index)
{
    if (Subplot* s = subplot(index)) {
        s->hide();
        s->setParent(nullptr);
        s->deleteLater();
        updateChrome();
        alignPlotAreas(true);
    }
}

SubplotUnits PlotPage::units() const
{
    SubplotUnits out;
    for (int i = 0; i < subplotCount(); ++i)
        out.push_back(subplot(i)->units());
    return out;
}

void PlotPage::setRuns(ShownRuns runs, RunLooks looks)
{
    looks_ = std::move(looks);
    runs_ = std::move(runs);
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->setRuns(runs_, looks_);
}

void PlotPage::setFullTimeRange(double t0, double t1) { full_ = {t0, t1 > t0 ? t1 : t0 + 1}; }

void PlotPage::setTimeRange(double t0, double t1)
{
    // Narrower than this the axis labels cannot tell the ticks apart any more.
    const double minSpan = 1e-9 * std::max({1.0, std::abs(t0), std::abs(t1)});
    if (!(t1 - t0 >= minSpan))
        return;
    zoom_ = std::make_pair(t0, t1);
    applyTimeRange();
}

void PlotPage::resetZoom()
{
    zoom_.reset();
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->resetYZoom();
    applyTimeRange();
}

std::pair<double, double> PlotPage::timeRange() const { return zoom_.value_or(full_); }

void PlotPage::applyTimeRange()
{
    const auto [t0, t1] = timeRange();
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->setTimeRange(t0, t1);
    alignPlotAreas();
}

void PlotPage::alignPlotAreas(bool force)
{
    // Subplots share the time axis, so their plot areas must line up although their y
    // labels differ in width. Re-laid out only when some y axis changed: each layout
    // recomputes every curve's geometry in QtCharts.
    bool changed = force;
    for (int i = 0; i < subplotCount(); ++i)
        changed |= subplot(i)->takeLabelsChanged();
    if (!changed)
        return;
    double left = -1e300, right = 1e300;
    for (int i = 0; i < subplotCount(); ++i) {
        const QRectF natural = subplot(i)->naturalPlotArea();
        left = std::max(left, natural.left());
        right = std::min(right, natural.right());
    }
    if (subplotCount() > 1 && right > left)
        for (int i = 0; i < subplotCount(); ++i)
            subplot(i)->setPlotAreaEdges(left, right);
}

void PlotPage::refresh() { applyTimeRange(); }

void PlotPage::setEventTimes(std::shared_ptr<const std::vector<double>> times)
{
    events_ = std::move(times);
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->setEventTimes(events_);
}

void PlotPage::setCrosshair(std::optional<double> t)
{
    crosshair_ = t;
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->setCrosshair(t);
}

void PlotPage::updateChrome()
{
    // The time axis title only under the bottom subplot: the others share that axis.
    const int n = subplotCount();
    for (int i = 0; i < n; ++i)
        subplot(i)->setTimeTitleVisible(i == n - 1);
    emptyHint_->setVisible(n == 0);
    splitter_->setVisible(n > 0);
}

void PlotPage::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedVariableNames(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void PlotPage::dropEvent(QDropEvent* event)
{
    const QStringList names = droppedVariableNames(event->mimeData());
    if (names.isEmpty())
        return;
    event->acceptProposedAction();
    emit variablesDropped(-1, names);
}

void PlotPage::contextMenuEvent(QContextMenuEvent* event) { emit contextMenuRequested(-1, event->globalPos()); }

void PlotPage::setCursor(int which, double t)
{
    (which == 0 ? cursorA_ : cursorB_) = t;
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->setCursors(cursorA_, cursorB_);
}

void PlotPage::clearCursors()
{
    cursorA_.reset();
    cursorB_.reset();
    for (int i = 0; i < subplotCount(); ++i)
        subplot(i)->setCursors(cursorA_, cursorB_);
}

} // namespace flange::ui::plot
