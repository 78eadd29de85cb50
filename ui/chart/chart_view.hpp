#pragma once
// A chart without a time axis (ChartData on QtCharts): lines, scatter, filled steps and
// bars against a numeric x or named categories, linear or log axes, a map of cells, marks
// across the plot, a title, and a colour bar beside it.
// Right-click exports it as the plots export (PNG, PDF, SVG at a chosen size).
#include "ui/chart/chart_data.hpp"
#include "ui/plot/plot_export.hpp"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLabel;
class QStackedLayout;
QT_END_NAMESPACE

namespace flange::ui::chart {

class ColorBarWidget;
class HeatMapItem;

class ChartView : public QWidget {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    void setData(ChartData data);
    const ChartData& data() const { return data_; }

    QChart* chart() const { return chart_; }
    ColorBarWidget* colorBar() const { return colorBar_; }
    // Where a point in data coordinates is drawn, in the chart's coordinates (tests,
    // overlays); the point must lie on the axes' scales (positive on a log axis).
    QPointF mapToPosition(QPointF value) const;
    // The colour series `i` of data() is drawn in (after the colour bar has coloured it).
    QColor seriesColor(size_t i) const;

    // Draws a copy off screen at the options' size and writes it (plot_export.hpp).
    bool exportImage(const QString& path, const plot::ImageOptions& options, QString* error = nullptr) const;
    // Asks where and how, then exports; errors in a message box.
    void exportDialog();

signals:
    // A point of a series was clicked: the series' index in data() and the point's there
    // (points that cannot be drawn, NaN or not positive on a log axis, count too); -1 for
    // a line's point.
    void pointClicked(int series, int point);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void rebuild();

    ChartData data_;
    QChart* chart_;
    QChartView* view_;
    ColorBarWidget* colorBar_;
    QLabel* placeholder_;
    QStackedLayout* stack_;
    HeatMapItem* heatMap_ = nullptr;
    std::vector<QColor> colors_; // per series of data_
};

} // namespace flange::ui::chart
