#include "ui/results/variable_tree_model.hpp"

#include "ui/mime_types.hpp"
#include "ui/results/value_at_time.hpp"

#include <QMimeData>

#include <algorithm>

namespace flange::ui {

VariableTreeModel::VariableTreeModel(QObject* parent) : QAbstractItemModel(parent) { nodes_.emplace_back(); }

namespace {

bool sameNames(const std::vector<ResultVariable>& a, const std::vector<ResultVariable>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const ResultVariable& x, const ResultVariable& y) {
        return x.name == y.name && x.unit == y.unit && x.isProtected == y.isProtected;
    });
}

} // namespace

void VariableTreeModel::setVariables(std::shared_ptr<const RunResult> result, const QSet<QString>& checked)
{
    // A re-run of the same model has the same variables: the tree stays as the view shows
    // it (scrolled, selected) and reads the new run, whose names are the same text.
    if (result_ && result && result_->variableCount() > 0 && sameNames(result_->variables(), result->variables())) {
        result_ = std::move(result);
        if (valuesOf_)
            valuesOf_ = result_;
        // The paths are looked up in the new run's names: the old run may go.
        byPath_.clear();
        for (size_t k = 1; k < nodes_.size(); ++k)
            byPath_[pathOf(nodes_[k])] = static_cast<int32_t>(k);
        setChecked(checked);
        return;
    }
    beginResetModel();
    result_ = std::move(result);
    valuesOf_ = nullptr;
    nodes_.assign(1, Node{});
    byPath_.clear();
    if (result_) {
        const auto& variables = result_->variables();
        nodes_.reserve(variables.size() + variables.size() / 4 + 1);
        byPath_.reserve(nodes_.capacity());
        auto add = [this](int32_t parent, int32_t variable, int32_t nameOf, size_t start, size_t end) {
            Node n;
            n.parent = parent;
            n.row = static_cast<int32_t>(nodes_[static_cast<size_t>(parent)].children.size());
            n.variable = variable;
            n.nameOf = nameOf;
            n.nameStart = static_cast<uint32_t>(start);
            n.pathEnd = static_cast<uint32_t>(end);
            const auto id = static_cast<int32_t>(nodes_.size());
            nodes_.push_back(std::move(n));
            nodes_[static_cast<size_t>(parent)].children.push_back(id);
            return id;
        };
        for (size_t c = 0; c < variables.size(); ++c) {
            const std::string& full = variables[c].name;
            const auto column = static_cast<int32_t>(c);
            int32_t parent = 0;
            size_t start = 0;
            for (size_t dot = full.find('.'); dot != std::string::npos; dot = full.find('.', dot + 1)) {
                auto [at, isNew] = byPath_.try_emplace(std::string_view(full.data(), dot), 0);
                if (isNew)
                    at->second = add(parent, -1, column, start, dot);
                parent = at->second;
                start = dot + 1;
            }
            byPath_[std::string_view(full)] = add(parent, column, column, start, full.size());
        }
    }
    endResetModel();
    setChecked(checked);
}

std::string_view VariableTreeModel::pathOf(const Node& n) const
{
    return std::string_view(result_->variables()[static_cast<size_t>(n.nameOf)].name).substr(0, n.pathEnd);
}

QString VariableTreeModel::name(const Node& n) const
{
    const std::string_view p = pathOf(n).substr(n.nameStart);
    return QString::fromUtf8(p.data(), static_cast<qsizetype>(p.size()));
}

QString VariableTreeModel::path(const Node& n) const
{
    const std::string_view p = pathOf(n);
    return QString::fromUtf8(p.data(), static_cast<qsizetype>(p.size()));
}

QVariant VariableTreeModel::value(const Node& n) const
{
    const std::optional<double> v = valuesOf_ ? valueAtTime(*valuesOf_, n.variable, valueTime_) : std::nullopt;
    return v ? QString::number(*v, 'g', 6) : QString();
}

QModelIndex VariableTreeModel::indexOf(const QString& path) const
{
    auto at = byPath_.find(path.toStdString());
    if (at == byPath_.end())
        return {};
    return createIndex(nodes_[static_cast<size_t>(at->second)].row, NameColumn, static_cast<quintptr>(at->second));
}

void VariableTreeModel::setChecked(const QSet<QString>& paths)
{
    std::vector<char> wanted(nodes_.size(), 0);
    for (const QString& p : paths)
        if (const QModelIndex i = indexOf(p); i.isValid())
            wanted[static_cast<size_t>(nodeOf(i))] = 1;
    for (size_t k = 1; k < nodes_.size(); ++k) {
        Node& n = nodes_[k];
        const bool on = n.variable >= 0 && wanted[k];
        if (n.checked == on)
            continue;
        n.checked = on;
        const QModelIndex i = createIndex(n.row, NameColumn, static_cast<quintptr>(k));
        emit dataChanged(i, i, {Qt::CheckStateRole});
    }
}

void VariableTreeModel::showValuesAt(std::shared_ptr<const RunResult> result, double t)
{
    valuesOf_ = std::move(result);
    valueTime_ = t;
    emitValuesChanged();
}

void VariableTreeModel::clearValues() { showValuesAt(nullptr, 0); }

// The Value column of the top rows. Each value is made when a view paints it; a notice
// per parent would be 20,000 for the 10,000-inertia chain, and QTreeView looks each range
// up among its rows (seconds in all). A view that shows opened nodes repaints them itself
// (VariableBrowser::setCursorTime).
void VariableTreeModel::emitValuesChanged()
{
    const int rows = static_cast<int>(nodes_[0].children.size());
    if (rows > 0)
        emit dataChanged(index(0, ValueColumn), index(rows - 1, ValueColumn), {Qt::DisplayRole});
}

QModelIndex VariableTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != NameColumn)
        return {};
    const Node& p = nodes_[static_cast<size_t>(nodeOf(parent))];
    if (row < 0 || row >= static_cast<int>(p.children.size()) || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(row, column, static_cast<quintptr>(p.children[static_cast<size_t>(row)]));
}

QModelIndex VariableTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int32_t p = nodes_[static_cast<size_t>(nodeOf(child))].parent;
    if (p <= 0)
        return {};
    return createIndex(nodes_[static_cast<size_t>(p)].row, NameColumn, static_cast<quintptr>(p));
}

int VariableTreeModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != NameColumn)
        return 0;
    return static_cast<int>(nodes_[static_cast<size_t>(nodeOf(parent))].children.size());
}

int VariableTreeModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant VariableTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const Node& n = nodes_[static_cast<size_t>(nodeOf(index))];
    const bool leaf = n.variable >= 0;
    switch (index.column()) {
    case NameColumn:
        switch (role) {
        case Qt::DisplayRole: return name(n);
        case Qt::ToolTipRole: return leaf ? QVariant(path(n)) : QVariant();
        case Qt::CheckStateRole: return leaf ? QVariant(n.checked ? Qt::Checked : Qt::Unchecked) : QVariant();
        case PathRole: return path(n);
        case LeafRole: return leaf;
        case ProtectedRole: return leaf && result_->variables()[static_cast<size_t>(n.variable)].isProtected;
        default: return {};
        }
    case UnitColumn:
        if (role == Qt::DisplayRole)
            return leaf ? QString::fromStdString(result_->variables()[static_cast<size_t>(n.variable)].unit) : QString();
        return {};
    case ValueColumn:
        if (role == Qt::DisplayRole)
            return leaf ? value(n) : QString();
        if (role == Qt::TextAlignmentRole && leaf)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    default: return {};
    }
}

bool VariableTreeModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || index.column() != NameColumn || role != Qt::CheckStateRole)
        return false;
    Node& n = nodes_[static_cast<size_t>(nodeOf(index))];
    if (n.variable < 0)
        return false;
    const bool on = value.toInt() == Qt::Checked;
    if (n.checked != on) {
        n.checked = on;
        emit dataChanged(index, index, {Qt::CheckStateRole});
    }
    emit checkToggled(path(n), on);
    return true;
}

Qt::ItemFlags VariableTreeModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (nodes_[static_cast<size_t>(nodeOf(index))].variable >= 0) {
        f |= Qt::ItemIsDragEnabled;
        if (index.column() == NameColumn)
            f |= Qt::ItemIsUserCheckable;
    }
    return f;
}

QVariant VariableTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case UnitColumn: return tr("Unit");
    case ValueColumn: return tr("Value");
    default: return {};
    }
}

QStringList VariableTreeModel::mimeTypes() const { return {kVariableMimeType}; }

QMimeData* VariableTreeModel::mimeData(const QModelIndexList& indexes) const
{
    // a selected row arrives once per column: keep each name once, in selection order
    QStringList names;
    for (const QModelIndex& index : indexes) {
        const QModelIndex name = index.siblingAtColumn(NameColumn);
        if (name.data(LeafRole).toBool() && !names.contains(name.data(PathRole).toString()))
            names << name.data(PathRole).toString();
    }
    if (names.isEmpty())
        return nullptr;
    auto* data = new QMimeData;
    const QByteArray text = names.join(QLatin1Char('\n')).toUtf8();
    data->setData(kVariableMimeType, text);
    data->setText(QString::fromUtf8(text));
    return data;
}

} // namespace flange::ui
