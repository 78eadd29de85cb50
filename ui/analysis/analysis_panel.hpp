#pragma once
// The analysis's results beside the diagram (a dock): Modes (a table, the selected mode's
// shape along the drive line), Frequency Response (magnitude and phase with the natural
// frequencies marked) and Critical Speeds (the Campbell diagram, its crossings in rpm and
// the forced response along each order line). The charts are the shared ones without a
// time axis (ui/chart), exported from their context menus as the plots are.
#include "ui/analysis/linear_analysis.hpp"

#include <QTabWidget>

class QLabel;
class QTableWidget;

namespace flange::ui {

namespace chart {
class ChartView;
}

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
    chart::ChartView* shapeView() const { return shape_; }
    chart::ChartView* magnitudeView() const { return magnitude_; }
    chart::ChartView* phaseView() const { return phase_; }
    chart::ChartView* campbellView() const { return campbell_; }
    chart::ChartView* responseView() const { return response_; }

signals:
    // The selected mode's shape, per inertia or mass (the diagram tints them).
    void modeSelected(const std::vector<std::pair<std::string, double>>& shape);

private:
    void showMode(int row);

    std::optional<AnalysisResult> result_;
    QLabel* summary_;
    QTableWidget *modes_, *crossings_;
    chart::ChartView *shape_, *magnitude_, *phase_, *campbell_, *response_;
    QLabel *bodeNote_, *campbellNote_;
};

} // namespace flange::ui
