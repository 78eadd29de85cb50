#pragma once
// One tab of the plot area: subplots stacked in a vertical splitter that share the time
// axis, so zooming or panning time in one applies to all of them, and one crosshair time.
// An empty page invites drops and turns them into a first subplot.
#include "ui/plot/plot_setup.hpp"
#include "ui/plot/shown_runs.hpp"

#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
class QSplitter;
QT_END_NAMESPACE

namespace flange::ui::plot {

class Subplot;

class PlotPage : public QWidget {
    Q_OBJECT
public:
    explicit PlotPage(QWidget* parent = nullptr);

    int subplotCount() const;
    Subplot* subplot(int index) const;
    int indexOf(const Subplot* subplot) const;
    Subplot* addSubplot(); // at the bottom
    void removeSubplot(int index);
    SubplotUnits units() const;

    void setRuns(ShownRuns runs, RunLooks looks = {});
    // The run's span: the time range whenever the page is not zoomed.
    void setFullTimeRange(double t0, double t1);
    void setTimeRange(double t0, double t1); // zooms
    void resetZoom();
    bool isZoomed() const { return zoom_.has_value(); }
    std::pair<double, double> timeRange() const;
    void refresh();
    void setEventTimes(std::shared_ptr<const std::vector<double>> times);
    void setCrosshair(std::optional<double> t);
    // Cursor A or B on every subplot of the page; clearCursors removes both.
    void setCursor(int which, double t);
    void clearCursors();
    std::optional<double> cursor(int which) const { return which == 0 ? cursorA_ : cursorB_; }

signals:
    // Variables dropped on subplot `subplot`, or on the empty page (-1: a new subplot).
    void variablesDropped(int subplot, const QStringList& names);
    void crosshairMoved(double t);
    void contextMenuRequested(int subplot, const QPoint& globalPos);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void applyTimeRange();
    void alignPlotAreas(bool force = false);
    void updateChrome();

    QSplitter* splitter_;
    QLabel* emptyHint_;
    ShownRuns runs_;
    RunLooks looks_;
    std::pair<double, double> full_{0, 1};
    std::optional<std::pair<double, double>> zoom_;
    std::shared_ptr<const std::vector<double>> events_;
    std::optional<double> crosshair_;
    std::optional<double> cursorA_, cursorB_;
    bool refreshPending_ = false;
};

} // namespace flange::ui::plot
