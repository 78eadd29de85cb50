#pragma once
// The event log dock: every event of the run with its time, the component that caused it,
// what happened in plain words and the discrete values it changed. Activating a row
// (double-click, Enter) asks the window to put the crosshair there and show the component.
#include "ui/results/run_result.hpp"

#include <QWidget>

#include <memory>

class QStandardItemModel;
class QTreeView;

namespace flange::ui {

class EventLog : public QWidget {
    Q_OBJECT
public:
    enum Column { TimeColumn, ComponentColumn, EventColumn, ChangesColumn, ColumnCount };

    explicit EventLog(QWidget* parent = nullptr);

    // Shows a run's events (nullptr: none).
    void setResult(std::shared_ptr<const RunResult> result);
    // Appends the events the run has added since the last call; the rows already shown
    // stay, with their selection.
    void refresh();

    int rowCount() const;
    QTreeView* view() const { return view_; }

signals:
    // The current event changed (a click, the arrow keys): its time and component.
    void eventActivated(double time, const QString& component);

private:
    QTreeView* view_;
    QStandardItemModel* model_;
    std::shared_ptr<const RunResult> result_;
    size_t shown_ = 0; // events of result_ already in the table
};

} // namespace flange::ui
