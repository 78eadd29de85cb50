#include "ui/results/variable_tree_model.hpp"

#include "ui/mime_types.hpp"
#include "ui/results/value_at_time.hpp"

#include <QMimeData>

namespace flange::ui {

namespace {

QStandardItem* readOnly(const QString& text = {})
{
    auto* item = new QStandardItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

} // namespace

VariableTreeModel::VariableTreeModel(QObject* parent) : QStandardItemModel(0, ColumnCount, parent)
{
    setHorizontalHeaderLabels({tr("Name"), tr("Unit"), tr("Value")});
}

QStandardItem* VariableTreeModel::node(const QString& path, const QString& name, QStandardItem* parent)
{
    if (QStandardItem* existing = items_.value(path))
        return existing;
    QStandardItem* item = readOnly(name);
    item->setData(path, PathRole);
    item->setData(false, LeafRole);
    parent->appendRow({item, readOnly(), readOnly()});
    items_.insert(path, item);
    return item;
}

void VariableTreeModel::setVariables(const RunResult* result, const QSet<QString>& checked)
{
    removeRows(0, rowCount());
    items_.clear();
    leaves_.clear();
    leafColumns_.clear();
    if (!result)
        return;
    const auto& variables = result->variables();
    for (size_t c = 0; c < variables.size(); ++c) {
        const ResultVariable& v = variables[c];
        const QString path = QString::fromStdString(v.name);
        const QStringList parts = path.split(QLatin1Char('.'));
        QStandardItem* parent = invisibleRootItem();
        for (qsizetype i = 0; i + 1 < parts.size(); ++i)
            parent = node(QStringList(parts.mid(0, i + 1)).join(QLatin1Char('.')), parts[i], parent);

        QStandardItem* leaf = readOnly(parts.last());
        leaf->setFlags(leaf->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsDragEnabled);
        leaf->setCheckState(checked.contains(path) ? Qt::Checked : Qt::Unchecked);
        leaf->setData(path, PathRole);
        leaf->setData(true, LeafRole);
        leaf->setData(v.isProtected, ProtectedRole);
        leaf->setToolTip(path);
        QStandardItem* unit = readOnly(QString::fromStdString(v.unit));
        QStandardItem* value = readOnly();
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        for (QStandardItem* i : {leaf, unit, value})
            i->setFlags(i->flags() | Qt::ItemIsDragEnabled);
        parent->appendRow({leaf, unit, value});
        items_.insert(path, leaf);
        leaves_.append(leaf);
        leafColumns_.append(static_cast<int>(c));
    }
}

void VariableTreeModel::showValuesAt(const RunResult* result, double t)
{
    for (qsizetype i = 0; i < leaves_.size(); ++i) {
        QStandardItem* leaf = leaves_[i];
        const std::optional<double> v = result ? valueAtTime(*result, leafColumns_[i], t) : std::nullopt;
        QStandardItem* value = leaf->parent() ? leaf->parent()->child(leaf->row(), ValueColumn)
                                              : QStandardItemModel::item(leaf->row(), ValueColumn);
        const QString text = v ? QString::number(*v, 'g', 6) : QString();
        if (value->text() != text)
            value->setText(text);
    }
}

void VariableTreeModel::clearValues() { showValuesAt(nullptr, 0); }

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
