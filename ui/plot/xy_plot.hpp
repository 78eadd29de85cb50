#pragma once
// An x–y (parametric) plot: one signal against another over the run (a phase portrait,
// torque against slip speed), for the current run and the runs compared beside it (the
// ghost faded, pinned runs in their colours). A window of its own beside the plot tabs,
// opened from a plot's context menu; it follows the runs the plot area is given.
#include "ui/plot/shown_runs.hpp"

#include <QList>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <span>

QT_BEGIN_NAMESPACE
class QChart;
class QComboBox;
class QValueAxis;
class QXYSeries;
QT_END_NAMESPACE

namespace flange::ui::plot {

// The points (x[i], y[i]) of a run's rows, at most about maxPoints of them: every k-th row
// then, the last row always kept. Rows where either value is not finite are left out.
QList<QPointF> parametricPoints(std::span<const double> x, std::span<const double> y, int maxPoints);

class XYPlot : public QWidget {
    Q_OBJECT
public:
    explicit XYPlot(QWidget* parent = nullptr);

    void setSignals(const QString& x, const QString& y);
    QString xSignal() const { return x_; }
    QString ySignal() const { return y_; }
    void setRuns(ShownRuns runs, RunLooks looks = {});
    // Re-reads the (growing) runs and redraws.
    void refresh();

    // Inspection.
    QList<QPointF> points(std::size_t run) const; // of runs()[run]; empty when not drawn
    QString axisTitle(bool xAxis) const;
    std::pair<double, double> axisRange(bool xAxis) const;

    static constexpr int kMaxPoints = 5000;

private:
    void rebuild();
    void fillChoices();

    QString x_, y_;
    ShownRuns runs_;
    RunLooks looks_;
    QChart* chart_;
    QValueAxis* xAxis_;
    QValueAxis* yAxis_;
    QComboBox* xBox_;
    QComboBox* yBox_;
    std::vector<QXYSeries*> series_; // one per run, null where a run lacks a signal
};

} // namespace flange::ui::plot
