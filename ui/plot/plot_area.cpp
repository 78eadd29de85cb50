#include "ui/plot/plot_area.hpp"

#include "ui/plot/curve_math.hpp"
#include "ui/plot/plot_export.hpp"
#include "ui/plot/plot_export_dialog.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/plot_setup.hpp"
#include "ui/plot/subplot.hpp"
#include "ui/plot/xy_plot.hpp"
#include "ui/results/run_result.hpp"

#include <QCoreApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace flange::ui::plot {

PlotArea::PlotArea(QWidget* parent) : QWidget(parent)
{
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    tabs_->setTabsClosable(true);
    tabs_->setMovable(true);
    auto* plus = new QToolButton(tabs_);
    plus->setText(QStringLiteral("+"));
    plus->setToolTip(tr("New plot tab"));
    plus->setAutoRaise(true);
    tabs_->setCornerWidget(plus, Qt::TopRightCorner);
    connect(plus, &QToolButton::clicked, this, [this] { addTab(); });
    connect(tabs_, &QTabWidget::tabCloseRequested, this, &PlotArea::closeTab);
    // Only the visible tab follows a streaming run; a tab catches up when shown.
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int i) {
        if (PlotPage* p = page(i))
            p->refresh();
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tabs_);
    setupFromJson(diagram::Json::object());
}

PlotArea::~PlotArea() = default;

std::pair<double, double> PlotArea::fullTimeRange() const
{
    for (const auto& r : runs_)
        if (r)
            return {r->startTime, r->stopTime};
    return {0.0, 1.0};
}

void PlotArea::setRuns(ShownRuns runs, RunLooks looks)
{
    const auto before = fullTimeRange();
    runs_ = std::move(runs);
    looks_ = std::move(looks);
    const auto [t0, t1] = fullTimeRange();
    for (int i = 0; i < tabCount(); ++i) {
        PlotPage* p = page(i);
        // The runs first: a zoom reset redraws, and must draw these.
        p->setRuns(runs_, looks_);
        p->setFullTimeRange(t0, t1);
        if (before != fullTimeRange())
            p->resetZoom();
    }
    for (XYPlot* xy : xyPlots())
        xy->setRuns(runs_, looks_);
    refresh();
}

void PlotArea::refresh()
{
    if (PlotPage* p = page(currentTab()))
        p->refresh();
    for (XYPlot* xy : xyPlots())
        xy->refresh();
}

XYPlot* PlotArea::addXYPlot(const QString& x, const QString& y)
{
    auto* xy = new XYPlot(this);
    xy->setWindowFlag(Qt::Tool);
    xy->setAttribute(Qt::WA_DeleteOnClose);
    xy->setRuns(runs_, looks_);
    xy->setSignals(x, y);
    xyPlots_.append(xy);
    // Over the plots it comes from, not at the screen's corner.
    xy->move(mapToGlobal(rect().center()) - QPoint(xy->width() / 2, xy->height() / 2));
    xy->show();
    return xy;
}

QList<XYPlot*> PlotArea::xyPlots() const
{
    QList<XYPlot*> out;
    for (const QPointer<XYPlot>& p : xyPlots_)
        if (p)
            out.append(p);
    return out;
}

PlotPage* PlotArea::newPage()
{
    auto* p = new PlotPage;
    const auto [t0, t1] = fullTimeRange();
    p->setFullTimeRange(t0, t1);
    p->setRuns(runs_, looks_);
    p->setEventTimes(events_);
    connect(p, &PlotPage::variablesDropped, this, [this, p](int sp, const QStringList& names) { dropped(p, sp, names); });
    connect(p, &PlotPage::crosshairMoved, this, &PlotArea::crosshairMoved);
    connect(p, &PlotPage::contextMenuRequested, this,
            [this, p](int sp, const QPoint& at) { showContextMenu(p, sp, at); });
    return p;
}

QString PlotArea::nextTabTitle() const
{
    for (int n = 1;; ++n) {
        const QString title = tr("Plot %1").arg(n);
        bool used = false;
        for (int i = 0; i < tabCount() && !used; ++i)
            used = tabTitle(i) == title;
        if (!used)
            return title;
    }
}

int PlotArea::addTab(const QString& title)
{
    PlotPage* p = newPage();
    p->addSubplot();
    const int index = tabs_->addTab(p, title.isEmpty() ? nextTabTitle() : title);
    tabs_->setCurrentIndex(index);
    return index;
}

void PlotArea::closeTab(int tab)
{
    PlotPage* p = page(tab);
    if (!p)
        return;
    bool hadSignals = false;
    for (int i = 0; i < p->subplotCount(); ++i)
        hadSignals |= !p->subplot(i)->signalNames().isEmpty();
    tabs_->removeTab(tab);
    p->deleteLater();
    if (tabCount() == 0)
        addTab();
    if (hadSignals)
        emit plottedSignalsChanged();
}

void PlotArea::addSubplot()
{
    if (PlotPage* p = page(currentTab()))
        p->addSubplot();
}

void PlotArea::removeSubplot(int tab, int index)
{
    PlotPage* p = page(tab);
    if (!p || !p->subplot(index))
        return;
    const bool hadSignals = !p->subplot(index)->signalNames().isEmpty();
    p->removeSubplot(index);
    if (hadSignals)
        emit plottedSignalsChanged();
}

int PlotArea::tabCount() const { return tabs_->count(); }
int PlotArea::currentTab() const { return tabs_->currentIndex(); }
void PlotArea::setCurrentTab(int tab) { tabs_->setCurrentIndex(tab); }
QString PlotArea::tabTitle(int tab) const { return tabs_->tabText(tab); }
PlotPage* PlotArea::page(int tab) const { return qobject_cast<PlotPage*>(tabs_->widget(tab)); }

Subplot* PlotArea::subplot(int tab, int index) const
{
    PlotPage* p = page(tab);
    return p ? p->subplot(index) : nullptr;
}

bool PlotArea::place(const QString& name, int tab, int index)
{
    if (tabCount() == 0)
        addTab();
    PlotPage* p = page(tab < 0 ? currentTab() : tab);
    if (!p)
        return false;
    for (int i = 0; i < p->subplotCount(); ++i)
        if (p->subplot(i)->contains(name))
            return false; // once per tab
    int target = chooseSubplot(p->units(), unitOf(name, runs_), index);
    Subplot* s = target >= 0 ? p->subplot(target) : p->addSubplot();
    s->addSignal(name);
    return true;
}

void PlotArea::addSignal(const QString& name, int tab, int subplot)
{
    if (place(name, tab, subplot))
        emit plottedSignalsChanged();
}

void PlotArea::dropped(PlotPage* p, int index, const QStringList& names)
{
    const int tab = tabs_->indexOf(p);
    if (index < 0) {
        p->addSubplot();
        index = p->subplotCount() - 1;
    }
    bool changed = false;
    for (const QString& name : names)
        changed |= place(name, tab, index);
    if (changed)
        emit plottedSignalsChanged();
}

void PlotArea::removeSignal(const QString& name)
{
    bool changed = false;
    for (int t = 0; t < tabCount(); ++t) {
        PlotPage* p = page(t);
        for (int i = p->subplotCount() - 1; i >= 0; --i) {
            Subplot* s = p->subplot(i);
            if (!s->removeSignal(name))
                continue;
            changed = true;
            // A subplot emptied this way was made for that signal; the last one stays as
            // the page's drop target.
            if (s->signalNames().isEmpty() && p->subplotCount() > 1)
                p->removeSubplot(i);
        }
    }
    if (changed)
        emit plottedSignalsChanged();
}

QStringList PlotArea::plottedSignals() const
{
    QStringList out;
    for (int t = 0; t < tabCount(); ++t)
        for (int i = 0; i < page(t)->subplotCount(); ++i)
            for (const QString& n : page(t)->subplot(i)->signalNames())
                if (!out.contains(n))
                    out.append(n);
    return out;
}

bool PlotArea::isPlotted(const QString& name) const { return plottedSignals().contains(name); }

void PlotArea::setEventTimes(std::vector<double> times)
{
    std::sort(times.begin(), times.end());
    events_ = std::make_shared<const std::vector<double>>(std::move(times));
    for (int t = 0; t < tabCount(); ++t)
        page(t)->setEventTimes(events_);
}

void PlotArea::setCrosshairTime(double t)
{
    for (int i = 0; i < tabCount(); ++i)
        page(i)->setCrosshair(t);
    emit crosshairMoved(t);
}

void PlotArea::clearCrosshair()
{
    for (int i = 0; i < tabCount(); ++i)
        page(i)->setCrosshair(std::nullopt);
}

void PlotArea::resetZoom()
{
    if (PlotPage* p = page(currentTab()))
        p->resetZoom();
}

bool PlotArea::exportImage(const QString& path, const ImageOptions& options, QString* error)
{
    const PlotPage* source = page(currentTab());
    if (!source) {
        if (error)
            *error = tr("Nothing to export");
        return false;
    }
    // A copy with the same curves, runs, events and time span, so the pane keeps its size.
    PlotPage copy;
    copy.setRuns(runs_, looks_);
    const auto [t0, t1] = fullTimeRange();
    copy.setFullTimeRange(t0, t1);
    copy.setEventTimes(events_);
    for (int i = 0; i < source->subplotCount(); ++i) {
        Subplot* s = copy.addSubplot();
        s->setGhostsInLegend(true);
        for (const QString& n : source->subplot(i)->signalNames())
            s->addSignal(n);
    }
    if (source->isZoomed()) {
        const auto [z0, z1] = source->timeRange();
        copy.setTimeRange(z0, z1);
    }
    const bool ok = plot::exportImage(&copy, options, path, error, [&copy] {
        // Lay out the charts at the new size, then draw the curves for it.
        for (int pass = 0; pass < 2; ++pass) {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            copy.refresh();
        }
    });
    if (ok) {
        lastExport_ = options;
        lastExportPath_ = path;
    }
    return ok;
}

QString PlotArea::exportWithDialog(const QString& defaultTitle)
{
    ImageOptions options = lastExport_;
    if (options.title.isEmpty())
        options.title = defaultTitle;
    const QString suggested = lastExportPath_.isEmpty() ? tabTitle(currentTab()) + QStringLiteral(".png") : lastExportPath_;
    PlotExportDialog dialog(options, suggested, this);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    QString error;
    if (!exportImage(dialog.path(), dialog.options(), &error)) {
        QMessageBox::warning(this, tr("Export Plot"), tr("Could not export the plot: %1").arg(error));
        return {};
    }
    return dialog.path();
}

diagram::Json PlotArea::setupToJson() const
{
    PlotSetup setup;
    for (int t = 0; t < tabCount(); ++t) {
        TabSetup tab{tabTitle(t), {}};
        for (int i = 0; i < page(t)->subplotCount(); ++i)
            tab.subplots.push_back({page(t)->subplot(i)->signalNames(), page(t)->subplot(i)->displayUnit(Subplot::Left),
                                    page(t)->subplot(i)->displayUnit(Subplot::Right)});
        setup.tabs.push_back(std::move(tab));
    }
    return toJson(setup);
}

QString PlotArea::setupFromJson(const diagram::Json& json)
{
    QString warning;
    const PlotSetup setup = plot::setupFromJson(json, [this](const QString& name) {
        return unitOf(name, runs_);
    }, &warning);
    if (!warning.isEmpty())
        qWarning("%s", qPrintable(warning));
    const bool hadSignals = tabCount() > 0 && !plottedSignals().isEmpty();
    while (tabCount() > 0) {
        PlotPage* p = page(0);
        tabs_->removeTab(0);
        delete p;
    }
    for (const TabSetup& tab : setup.tabs) {
        PlotPage* p = newPage();
        for (const SubplotSetup& sp : tab.subplots) {
            Subplot* s = p->addSubplot();
            for (const QString& n : sp.names)
                s->addSignal(n);
            s->setDisplayUnit(Subplot::Left, sp.leftUnit);
            s->setDisplayUnit(Subplot::Right, sp.rightUnit);
        }
        tabs_->addTab(p, tab.title);
    }
    tabs_->setCurrentIndex(0);
    refresh();
    if (hadSignals || !plottedSignals().isEmpty())
        emit plottedSignalsChanged();
    return warning;
}

void PlotArea::showContextMenu(PlotPage* p, int index, const QPoint& globalPos)
{
    const int tab = tabs_->indexOf(p);
    Subplot* s = p->subplot(index);
    QMenu menu(this);
    menu.addAction(tr("Reset zoom"), p, &PlotPage::resetZoom)->setShortcut(Qt::Key_Home);
    if (s) {
        // Two cursors: the statistics of every curve between them (interval_statistics.hpp).
        const double t = s->timeAtGlobal(globalPos);
        menu.addAction(tr("Place cursor A here"), p, [p, t] { p->setCursor(0, t); });
        menu.addAction(tr("Place cursor B here"), p, [p, t] { p->setCursor(1, t); });
        if (p->cursor(0) || p->cursor(1))
            menu.addAction(tr("Remove cursors"), p, &PlotPage::clearCursors);
        for (const Subplot::Axis side : {Subplot::Left, Subplot::Right}) {
            if (!s->axisVisible(side) || s->signalNames().isEmpty())
                continue;
            const QString text = side == Subplot::Left ? tr("Display unit of the left axis…") : tr("Display unit of the right axis…");
            menu.addAction(text, this, [this, s, side] {
                bool ok = false;
                const QString unit = QInputDialog::getText(this, tr("Display Unit"),
                                                           tr("Unit to show the axis in (rpm, deg, mm, kN; empty: the signals' own):"),
                                                           QLineEdit::Normal, s->displayUnit(side), &ok);
                if (!ok)
                    return;
                if (const QString why = s->setDisplayUnit(side, unit); !why.isEmpty())
                    QMessageBox::warning(this, tr("Display Unit"), why);
                else
                    emit plottedSignalsChanged(); // the set-up, saved with the diagram, changed
            });
        }
    }
    if (s && !s->signalNames().isEmpty()) {
        QMenu* remove = menu.addMenu(tr("Remove curve"));
        for (const QString& n : s->signalNames())
            remove->addAction(n, this, [this, s, n] {
                if (s->removeSignal(n))
                    emit plottedSignalsChanged();
            });
    }
    if (s && !s->signalNames().isEmpty()) {
        // The subplot's first signal against its second (or against nothing yet: chosen in the window).
        const QStringList names = s->signalNames();
        menu.addAction(tr("New x–y plot"), this, [this, names] { addXYPlot(names.value(1), names.front()); });
    }
    menu.addSeparator();
    menu.addAction(tr("Add subplot"), p, [p] { p->addSubplot(); });
    if (s)
        menu.addAction(tr("Remove subplot"), this, [this, tab, s, p] { removeSubplot(tab, p->indexOf(s)); });
    menu.addAction(tr("New tab"), this, [this] { addTab(); });
    menu.addAction(tr("Close tab"), this, [this, p] { closeTab(tabs_->indexOf(p)); });
    menu.addSeparator();
    menu.addAction(tr("Export image…"), this, [this] { exportWithDialog(); });
    menu.exec(globalPos);
}

} // namespace flange::ui::plot
