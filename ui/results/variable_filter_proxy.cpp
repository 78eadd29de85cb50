#include "ui/results/variable_filter_proxy.hpp"

#include "ui/results/variable_tree_model.hpp"

namespace flange::ui {

VariableFilterProxy::VariableFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    // A node is shown when any variable below it is: nodes themselves never match, so a
    // component whose variables are all hidden disappears with them.
    setRecursiveFilteringEnabled(true);
    // What is filtered on (names, protection) never changes within a run: the Value
    // column's changes at every crosshair move need no filtering again.
    setDynamicSortFilter(false);
}

void VariableFilterProxy::setText(const QString& text)
{
    if (text == text_)
        return;
    text_ = text;
    invalidateFilter();
}

void VariableFilterProxy::setShowProtected(bool show)
{
    if (show == showProtected_)
        return;
    showProtected_ = show;
    invalidateFilter();
}

bool VariableFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, VariableTreeModel::NameColumn, sourceParent);
    if (!index.data(VariableTreeModel::LeafRole).toBool())
        return false;
    if (!showProtected_ && index.data(VariableTreeModel::ProtectedRole).toBool())
        return false;
    return index.data(VariableTreeModel::PathRole).toString().contains(text_, Qt::CaseInsensitive);
}

} // namespace flange::ui
