#pragma once
// The plots of the "Simulate and plot" window: tabs of stacked subplots of result
// signals against time, earlier runs drawn faded behind the current one, crosshair,
// zoom, event marks, drops from the variable browser, image export, and the set-up kept
// in the diagram's "plot" key. The rest of the application uses only this header:
// QtCharts (deprecated from Qt 6.10) stays inside ui/plot.
#include "engine/api/diagram.hpp"
#include "ui/plot/plot_export.hpp"
#include "ui/plot/shown_runs.hpp"

#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

QT_BEGIN_NAMESPACE
class QTabWidget;
QT_END_NAMESPACE

namespace flange::ui::plot {

class PlotPage;
class Subplot;
class XYPlot;

class PlotArea : public QWidget {
    Q_OBJECT
public:
    explicit PlotArea(QWidget* parent = nullptr);
    ~PlotArea() override;

    // The runs to draw, newest first (shown_runs.hpp): the first in full, the others as
    // faded ghosts. What is plotted stays as it is; the zoom is kept while the time span
    // (the first run's, else the next one's) is unchanged.
    void setRuns(ShownRuns runs, RunLooks looks = {});
    const ShownRuns& runs() const { return runs_; }
    // The run to draw and the one before it as its ghost; either may be null.
    void setResults(std::shared_ptr<const RunResult> current, std::shared_ptr<const RunResult> previous)
    {
        setRuns({std::move(current), std::move(previous)});
    }
    // Re-reads the (growing) results and redraws the visible tab, synchronously.
    void refresh();

    // tab -1: the current tab. subplot -1: the first subplot already showing the
    // signal's unit, else a new one at the bottom; a subplot that has two other units
    // already passes the signal on to a new one too.
    void addSignal(const QString& name, int tab = -1, int subplot = -1);
    void removeSignal(const QString& name); // from every tab
    QStringList plottedSignals() const;     // each name once, in tab and subplot order
    bool isPlotted(const QString& name) const;

    int addTab(const QString& title = QString()); // returns its index and makes it current
    void closeTab(int tab);                        // the last tab is replaced by an empty one
    void addSubplot();                             // at the bottom of the current tab
    void removeSubplot(int tab, int subplot);
    int tabCount() const;
    int currentTab() const;
    void setCurrentTab(int tab);
    QString tabTitle(int tab) const;
    PlotPage* page(int tab) const;
    Subplot* subplot(int tab, int index) const;

    // An x–y plot of y against x in a window of its own (xy_plot.hpp), which follows the
    // runs given here until closed; from a subplot's context menu with its signals.
    XYPlot* addXYPlot(const QString& x, const QString& y);
    QList<XYPlot*> xyPlots() const;

    void setEventTimes(std::vector<double> times);
    // On every tab, and said with crosshairMoved as a hover says it: whatever moved the
    // crosshair (the event log), what follows it (the Value column) follows.
    void setCrosshairTime(double t);
    void clearCrosshair(); // on every tab; says nothing
    void resetZoom();                // of the current tab

    // The current tab for a report (plot_export.hpp): .png, .pdf or .svg by the suffix, at
    // the options' size, every curve in the legend (earlier runs named so), written
    // atomically. The pane on screen stays as it is: a copy is laid out and drawn.
    bool exportImage(const QString& path, const ImageOptions& options, QString* error = nullptr);
    bool exportImage(const QString& path, QString* error = nullptr) { return exportImage(path, lastExport_, error); }
    // Asks where and how (PlotExportDialog) and exports; the path written, or empty when
    // cancelled or failed (the failure shown). The dialog starts with the last options.
    QString exportWithDialog(const QString& defaultTitle = QString());

    diagram::Json setupToJson() const;
    // Malformed input gives the default set-up (one tab "Plot 1", one empty subplot);
    // returns the warning then, else an empty string.
    QString setupFromJson(const diagram::Json& json);

signals:
    void plottedSignalsChanged();
    void crosshairMoved(double t); // hovered, or setCrosshairTime

private:
    PlotPage* newPage();
    bool place(const QString& name, int tab, int subplot);
    void dropped(PlotPage* page, int subplot, const QStringList& names);
    void showContextMenu(PlotPage* page, int subplot, const QPoint& globalPos);
    std::pair<double, double> fullTimeRange() const;
    QString nextTabTitle() const;

    QTabWidget* tabs_;
    ShownRuns runs_;
    RunLooks looks_;
    std::shared_ptr<const std::vector<double>> events_;
    QList<QPointer<XYPlot>> xyPlots_;
    ImageOptions lastExport_;
    QString lastExportPath_;
};

} // namespace flange::ui::plot
