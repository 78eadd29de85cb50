#pragma once
// The analysis's results beside the diagram (a dock): Modes (a table, the selected mode's
// shape along the drive line), Frequency Response (magnitude and phase with the natural
// frequencies marked) and Critical Speeds (the Campbell diagram, its crossings in rpm and
// the forced response along each order line). Each chart's context menu exports it as
// the plots are exported (File ▸ Export Plot's dialog: PNG, PDF or SVG at a size).
#include "ui/analysis/linear_analysis.hpp"
#include "ui/plot/plot_export.hpp"

#include <QTabWidget>

#include <functional>
#include <map>

class QChart;
class QChartView;
class QLabel;
class QTableWidget;

namespace flange::ui {

class AnalysisPanel : public QTabWidget {
    Q_OBJECT
public:
    enum Tab { Modes = 0, FrequencyResponse = 1, CriticalSpeeds = 2 };
    explicit AnalysisPanel(QWidget* parent = nullptr);

    void show(const AnalysisResult& result);
    bool hasResult() const { return result_.has_value(); }
    const AnalysisResult& result() const { return *result_; }

    QTableWidget* modesTable() const { return modes_; }
    QTableWidget* crossingsTable() const { return crossings_; }
    QChartView* shapeView() const { return shape_; }
    QChartView* magnitudeView() const { return magnitude_; }
    QChartView* phaseView() const { return phase_; }
    QChartView* campbellView() const { return campbell_; }
    QChartView* responseView() const { return response_; }

    // Writes the chart shown in `view`, drawn anew at the options' size; false (and
    // `error`) when it cannot, or when the view shows nothing.
    bool exportChart(QChartView* view, const QString& path, const plot::ImageOptions& options, QString* error = nullptr);

signals:
    // The selected mode's shape, per inertia or mass (the diagram tints them).
    void modeSelected(const std::vector<std::pair<std::string, double>>& shape);

private:
    void showMode(int row);
    // The view shows what `build` draws (nothing when empty); kept to draw it again for export.
    void setChart(QChartView* view, std::function<QChart*()> build);
    void exportWithDialog(QChartView* view);

    std::optional<AnalysisResult> result_;
    QLabel* summary_;
    QTableWidget *modes_, *crossings_;
    QChartView *shape_, *magnitude_, *phase_, *campbell_, *response_;
    QLabel *bodeNote_, *campbellNote_;
    std::map<QChartView*, std::function<QChart*()>> builders_;
};

} // namespace flange::ui
