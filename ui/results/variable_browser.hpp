#pragma once
// The variable browser dock: the run's variables as a tree by component, with units and
// the value at the plot's crosshair. A tick (or a drag onto a plot) plots a variable;
// selecting a component's node tells the canvas which instance it is.
#include "ui/results/run_result.hpp"

#include <QSet>
#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QLineEdit;
class QStackedWidget;
class QTimer;
class QTreeView;

namespace flange::ui {

class VariableFilterProxy;
class VariableTreeModel;

class VariableBrowser : public QWidget {
    Q_OBJECT
public:
    explicit VariableBrowser(QWidget* parent = nullptr);
    ~VariableBrowser() override;

    // Shows a run's variables (nullptr: none yet). Nodes that were expanded and variables
    // that were ticked stay so in the new run, matched by name.
    void setResult(std::shared_ptr<const RunResult> result);
    // Ticks exactly these variables, as the plots show them; emits nothing.
    void setPlotted(const QStringList& names);
    QStringList plotted() const;
    // The Value column shows each variable at time t, in this run and the next ones.
    void setCursorTime(double t);
    // The Value column is blank until the next setCursorTime (another diagram).
    void clearCursorTime();

    QTreeView* view() const { return view_; }
    // A filter's matches are shown opened up to this many variables.
    static constexpr int kMostOpenedMatches = 500;
    // With more variables than this, a filter typed is applied once typing pauses (each
    // application takes about 250 ms at 90,000 variables); with fewer, at every key.
    static constexpr int kMostFilteredPerKey = 10000;
    static constexpr int kFilterPauseMs = 200;
    QLineEdit* filterEdit() const { return filter_; }
    QCheckBox* showProtectedBox() const { return showProtected_; }

public slots:
    // Selects and scrolls to a component's node ("clutch1"), without componentSelected.
    void selectComponent(const QString& instance);

signals:
    void plotRequested(const QString& name, bool on);
    // The user selected a component's node or one of its variables: the node's full path
    // ("clutch1", "clutch1.w", "vehicle.mass.v"), which names the component it belongs to.
    void componentSelected(const QString& path);
    // The filter text or the protected box took effect (after a pause in typing, on large runs).
    void filterApplied();

private:
    void applyFilter();
    void restoreExpansion();
    void checkToggled(const QString& name, bool on);
    void currentChanged();

    QLineEdit* filter_;
    QCheckBox* showProtected_;
    QStackedWidget* pages_;
    QTreeView* view_;
    VariableTreeModel* model_;
    VariableFilterProxy* proxy_;

    std::shared_ptr<const RunResult> result_;
    std::optional<double> cursor_;
    QSet<QString> checked_;
    QSet<QString> expanded_;  // what the user opened; survives runs and filtering
    bool quiet_ = false;      // changes made here, not by the user: no signals, no bookkeeping
    QTimer* filterPause_;
};

} // namespace flange::ui
