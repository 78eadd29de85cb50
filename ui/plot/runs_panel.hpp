#pragma once
// The Runs dock: the legend and controls of the runs compared (compared_runs.hpp). Its
// first line is the ghost of the previous run, ticked while it is drawn; then each pinned
// run with its colour and name (ticked: shown; the name edited in place). Pin keeps the
// current run, Delete forgets the selected ones, Colour… recolours, Difference… plots a
// signal of one run minus another as a run of its own, Export CSV… writes the selected
// runs' plotted signals to one file (runs_csv_export.hpp).
#include "ui/plot/compared_runs.hpp"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace flange::ui::plot {

class RunsPanel : public QWidget {
    Q_OBJECT
public:
    using CurrentRun = std::function<std::shared_ptr<const RunResult>()>;
    using Signals = std::function<QStringList()>;

    // `current`: the run shown in full now; `plotted`: the signals plotted now.
    RunsPanel(ComparedRuns& runs, CurrentRun current, Signals plotted, QWidget* parent = nullptr);

    // The actions of the buttons, without their dialogs. pinCurrent: the index pinned, -1
    // when there is no run. difference: the new run's variable name, or empty with the
    // reason; the current run (index -1) is named by its number. exportRuns: the pinned
    // runs with these indices (-1: the current run).
    int pinCurrent();
    QString difference(int a, int b, const QString& signal, QString* reason = nullptr);
    bool exportRuns(const std::vector<int>& indices, const QString& path, QString* error = nullptr);

    QTreeWidget* list() const { return list_; }
    std::vector<int> selectedIndices() const; // pinned runs selected in the list

signals:
    // A difference run was pinned: its variable should be plotted.
    void differencePinned(const QString& variable);

private:
    void rebuild();
    void itemChanged(QTreeWidgetItem* item, int column);
    void chooseColor();
    void differenceDialog();
    void exportDialog();
    void updateButtons();
    std::shared_ptr<const RunResult> runAt(int index, QString* name) const;

    ComparedRuns& runs_;
    CurrentRun current_;
    Signals plotted_;
    QTreeWidget* list_;
    QPushButton *pin_, *remove_, *color_, *difference_, *export_;
    bool rebuilding_ = false;
};

} // namespace flange::ui::plot
