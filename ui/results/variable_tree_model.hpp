#pragma once
// The run's variables as a tree by name path: "clutch1.flange_a.tau" is the leaf "tau"
// under "flange_a" under "clutch1". Columns Name, Unit, Value; leaves are checkable (a
// tick plots) and drag as kVariableMimeType. Filtering is VariableFilterProxy's job.
//
// The tree is a flat list of nodes over the run's own names, and every cell is made when
// a view asks for it: a drive line of 10,000 inertias has 190,000 variables, and making an
// item for each name, unit and value took over a second of the window's time at every
// first run, and setting 190,000 value texts three seconds at every crosshair move.
#include "ui/results/run_result.hpp"

#include <QAbstractItemModel>
#include <QSet>

#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace flange::ui {

class VariableTreeModel : public QAbstractItemModel {
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
    // The model keeps the run: its nodes are pieces of the run's names.
    void setVariables(std::shared_ptr<const RunResult> result, const QSet<QString>& checked);
    // The Value column shows each variable of `result` at time t (blank where the run has
    // none); the notice covers the top rows only (the .cpp says why).
    void showValuesAt(std::shared_ptr<const RunResult> result, double t);
    void clearValues();

    // The Name-column index of a path (node or leaf), invalid if the run has none.
    QModelIndex indexOf(const QString& path) const;
    // Ticks exactly the leaves named (a change made here: no checkToggled).
    void setChecked(const QSet<QString>& paths);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    QStringList mimeTypes() const override;
    // The selected leaves' names, one per line; nodes contribute nothing.
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }

signals:
    // A leaf's tick changed through setData (the user's click): plot it or not.
    void checkToggled(const QString& path, bool on);

private:
    // Node 0 is the invisible root. A node's name is a piece of its first variable's name.
    struct Node {
        int32_t parent = -1, row = 0;
        int32_t variable = -1;           // the run's column of a leaf, -1 for an inner node
        int32_t nameOf = -1;             // the variable whose name holds this node's path
        uint32_t nameStart = 0, pathEnd = 0; // the node's name: [nameStart, pathEnd); path: [0, pathEnd)
        bool checked = false;
        std::vector<int32_t> children;
    };
    int32_t nodeOf(const QModelIndex& index) const { return index.isValid() ? static_cast<int32_t>(index.internalId()) : 0; }
    std::string_view pathOf(const Node& n) const;
    QString name(const Node& n) const;
    QString path(const Node& n) const;
    QVariant value(const Node& n) const;
    void emitValuesChanged();

    std::shared_ptr<const RunResult> result_;
    std::vector<Node> nodes_;
    std::unordered_map<std::string_view, int32_t> byPath_; // every node, by its path (views into the run's names)
    std::shared_ptr<const RunResult> valuesOf_; // the run the Value column reads
    double valueTime_ = 0;
};

} // namespace flange::ui
