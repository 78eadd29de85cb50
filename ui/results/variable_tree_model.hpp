#pragma once
// The run's variables as a tree by name path: "clutch1.flange_a.tau" is the leaf "tau"
// under "flange_a" under "clutch1". Columns Name, Unit, Value; leaves are checkable (a
// tick plots) and drag as kVariableMimeType. Filtering is VariableFilterProxy's job.
#include "ui/results/run_result.hpp"

#include <QHash>
#include <QSet>
#include <QStandardItemModel>

namespace flange::ui {

class VariableTreeModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, UnitColumn, ValueColumn, ColumnCount };
    enum Role {
        PathRole = Qt::UserRole + 1, // the full name, "clutch1.w_rel" (also on inner nodes)
        LeafRole,                    // true for variables, false for the nodes above them
        ProtectedRole,
    };

    explicit VariableTreeModel(QObject* parent = nullptr);

    // Rebuilds the tree for a run (nullptr: empty); leaves named in `checked` start ticked.
    void setVariables(const RunResult* result, const QSet<QString>& checked);
    // Fills the Value column with each variable at time t (blank where the run has none).
    void showValuesAt(const RunResult* result, double t);
    void clearValues();

    // The Name-column item of a path (node or leaf), nullptr if the run has none.
    QStandardItem* item(const QString& path) const { return items_.value(path); }
    const QList<QStandardItem*>& leaves() const { return leaves_; }

    QStringList mimeTypes() const override;
    // The selected leaves' names, one per line; nodes contribute nothing.
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }

private:
    QStandardItem* node(const QString& path, const QString& name, QStandardItem* parent);

    QHash<QString, QStandardItem*> items_;
    QList<QStandardItem*> leaves_; // in run order, Name column
    QList<int> leafColumns_;       // the run's column of each leaf
};

} // namespace flange::ui
