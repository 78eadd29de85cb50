#pragma once
// The Sweep dock: progress and Cancel, a sortable table of the runs, and the charts of
// the sweep beside it (curves of a kept signal, a metric against a parameter, a map over
// two parameters, a histogram). Selecting a run in the table emphasizes it in the charts;
// clicking a point selects its run. The panel only shows: Re-run and Apply These Values
// are requests the workspace carries out.
#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTimer;
QT_END_NAMESPACE

namespace flange::ui {

namespace chart {
class ChartView;
}
class SweepSession;
class SweepTableModel;

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    enum Tab { Curves, MetricAgainstParameter, Map, Histogram };

    SweepPanel(SweepSession& session, QWidget* parent = nullptr);

    // The selected run's index in the session's records, or -1.
    int selectedRecord() const;
    void selectRecord(int record);

    QTableView* table() const { return table_; }
    QTabWidget* tabs() const { return tabs_; }
    chart::ChartView* chart(Tab tab) const;
    QComboBox* signalChoice() const { return signal_; }
    QComboBox* metricChoice() const { return metric_; }
    QComboBox* xChoice() const { return x_; }
    QComboBox* yChoice() const { return y_; }
    QPushButton* cancelButton() const { return cancel_; }
    QPushButton* rerunButton() const { return rerun_; }
    QPushButton* applyButton() const { return apply_; }
    // Resume, shown when a sweep on a cluster ended with runs missing.
    QPushButton* resumeButton() const { return resume_; }
    void offerResume(bool offered);
    QLabel* statusLabel() const { return status_; }
    // Draws the charts now (they are otherwise redrawn a moment after runs arrive).
    void redraw();

signals:
    void cancelRequested();
    void rerunRequested();
    void resumeRequested();
    // Set the diagram's parameters to the values of this record's run.
    void applyRequested(int record);

private:
    void begin();
    void updateStatus();
    void updateTab();

    SweepSession& session_;
    SweepTableModel* model_;
    QSortFilterProxyModel* sorted_;
    QTableView* table_;
    QTabWidget* tabs_;
    chart::ChartView* charts_[4];
    QComboBox* signal_;
    QComboBox* metric_;
    QComboBox* x_;
    QComboBox* y_;
    QLabel* status_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QPushButton* rerun_;
    QPushButton* apply_;
    QPushButton* resume_;
    QTimer* redrawSoon_;
};

} // namespace flange::ui
