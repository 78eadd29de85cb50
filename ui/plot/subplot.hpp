#pragma once
// One chart of a plot page: the curves of some signals against time in each run shown
// (the first in full, the others as faded ghosts), a left y axis for the first unit and a
// right one for a second, the crosshair, event marks, zoom and drops. QtCharts stays inside the .cpp: the inspection
// functions below answer in plain Qt types, for the page and for tests.
#include "ui/plot/interval_statistics.hpp"
#include "ui/plot/plot_overlay.hpp"
#include "ui/plot/shown_runs.hpp"

#include <QList>
#include <QPen>
#include <QPointF>
#include <QStringList>
#include <QWidget>

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QCategoryAxis;
class QValueAxis;
class QXYSeries;
QT_END_NAMESPACE

namespace flange::ui::plot {

class Subplot : public QWidget {
    Q_OBJECT
public:
    enum Axis { Left = 0, Right = 1, Time = 2 };

    explicit Subplot(QWidget* parent = nullptr);
    ~Subplot() override;

    // The signals this subplot lists, drawn or not (a signal absent from the runs stays).
    const QStringList& signalNames() const { return names_; }
    bool contains(const QString& name) const { return names_.contains(name); }
    void addSignal(const QString& name);
    bool removeSignal(const QString& name);
    // Distinct known units of the listed signals, in the order they were added.
    QStringList units() const;

    // The runs to draw, which the subplot keeps until it is given others.
    void setRuns(ShownRuns runs, RunLooks looks = {});
    void setTimeRange(double t0, double t1);
    // Re-reads the (possibly grown) columns and redraws, synchronously.
    void refresh();
    void setEventTimes(std::shared_ptr<const std::vector<double>> times);
    void setCrosshair(std::optional<double> t);
    // Two cursors (either may be absent); with both, each curve reads its Δt, Δy, min, max,
    // mean and RMS between them (interval_statistics.hpp), in the run drawn in full or, for a
    // curve that run lacks (a difference of two runs), the first run that has it.
    void setCursors(std::optional<double> a, std::optional<double> b);
    std::optional<IntervalStatistics> cursorStatistics(const QString& name) const;
    QStringList cursorText() const; // the lines of the cursors' box
    // The time under a point of the screen (where a context menu was asked for).
    double timeAtGlobal(const QPoint& globalPos) const;
    void setTimeTitleVisible(bool visible);
    // Earlier runs listed in the legend too ("inertia1.w (previous run)"): a report needs
    // every curve named; on screen the faded lines go unlabelled to leave the room.
    void setGhostsInLegend(bool on);
    void resetYZoom();
    // A y axis in another unit of the same kind ("rpm" for rad/s, "deg", "mm", "kN"),
    // converted by the engine's unit table (engine/units); empty: the signals' own unit.
    // Refused, with the reason, for a unit of another kind or one the table lacks.
    QString setDisplayUnit(Axis axis, const QString& unit);
    QString displayUnit(Axis axis) const { return displayUnits_[static_cast<size_t>(axis)]; }

    // Lining up the plot areas of a page's subplots, whose y axis labels differ in width.
    bool takeLabelsChanged(); // whether the y axes changed since last asked
    QRectF naturalPlotArea(); // where QtCharts alone would put the plot area (chart coordinates)
    void setPlotAreaEdges(double left, double right);

    // Inspection.
    QStringList drawnCurves() const;
    QList<QPointF> curvePoints(const QString& name) const;  // of the first run
    QList<QPointF> ghostPoints(const QString& name) const;  // of the second
    QList<QPointF> runPoints(const QString& name, std::size_t run) const;
    bool hasGhost(const QString& name) const;
    int axisOf(const QString& name) const; // Left, Right, or -1 when not drawn
    QString axisTitle(Axis axis) const;
    bool axisVisible(Axis axis) const;
    std::pair<double, double> axisRange(Axis axis) const;
    QStringList yTickLabels(Axis axis) const; // Left or Right, bottom to top
    QList<double> timeTicks() const;          // the time axis's ticks, left to right
    QStringList legendTexts() const;          // as drawn: elided ("elastoGap1.f" as "e…") where too narrow
    QString crosshairText() const;
    int columns() const; // pixel columns the curves are decimated to
    QWidget* viewport() const;
    QRectF plotRect() const; // the plot area in viewport coordinates

signals:
    void timeRangeRequested(double t0, double t1);
    void resetZoomRequested();
    void hovered(double t);
    void hoverLeft();
    void signalsDropped(const QStringList& names);
    void contextMenuRequested(const QPoint& globalPos);
    void resized();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Curve {
        QString name, unit;
        bool discrete = false;
        int axis = Left;
        int colorIndex = 0;
        // One of each per shown run: the variable's column in that run (-1: absent), the
        // series drawing it (null then), and whether it is drawn with the thin pen.
        std::vector<int> columns;
        std::vector<QXYSeries*> series;
        std::vector<char> dense;
    };

    void rebuild();
    // Whether these runs put every curve in the columns it reads now.
    bool sameColumns(const ShownRuns& runs) const;
    // The variable's column in each run (-1 where a run lacks it).
    std::vector<int> columnsOf(const QString& name, const ShownRuns& runs) const;
    QXYSeries* series(const QString& name, size_t run) const;
    void updateAxisTitles();
    void applyColors();
    void updateOverlayGeometry();
    void updateReadout();
    void updateCursorReadout();
    void setYRange(int axis, double lo, double hi);
    double timeAtX(double viewX) const;
    double valueAtY(int axis, double viewY) const;
    void boxZoom(const QRectF& band, bool timeOnly);
    void pan(double dx, double dy);
    void wheelZoom(double x, double factor);
    const Curve* curve(const QString& name) const;
    QPen penOf(const Curve& c, size_t run, bool dense) const;

    QStringList names_;
    ShownRuns runs_;
    RunLooks looks_; // of runs_[1...]: looks_[i] for runs_[i], when given
    double t0_ = 0, t1_ = 1;
    std::array<std::optional<std::pair<double, double>>, 2> yZoom_;
    std::vector<Curve> curves_;
    QChart* chart_ = nullptr;
    QChartView* view_ = nullptr;
    QValueAxis* timeAxis_ = nullptr;
    std::array<QCategoryAxis*, 2> yAxes_{}; // value axes whose ticks Subplot places
    PlotOverlay* overlay_ = nullptr;
    bool labelsChanged_ = true;
    bool ghostsInLegend_ = false;
    std::optional<double> cursorA_, cursorB_;
    std::array<QString, 2> displayUnits_;
    // The map from a curve's unit to its axis's display unit: shown = scale * value + offset.
    struct Affine {
        double scale = 1, offset = 0;
    };
    Affine shownAs(const Curve& c) const;
};

} // namespace flange::ui::plot
