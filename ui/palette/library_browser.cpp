#include "ui/palette/library_browser.hpp"

#include "ui/palette/library_model.hpp"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <functional>

namespace flange::ui {

LibraryBrowser::LibraryBrowser(LibraryModel* model, QWidget* parent) : QWidget(parent), model_(model)
{
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Search components…"));
    search_->setClearButtonEnabled(true);

    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setFilterRole(LibraryModel::SearchRole);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setRecursiveFilteringEnabled(true);

    tree_ = new QTreeView(this);
    tree_->setModel(proxy_);
    tree_->setHeaderHidden(true);
    tree_->setDragEnabled(true);
    tree_->setDragDropMode(QAbstractItemView::DragOnly);
    tree_->setSelectionMode(QAbstractItemView::SingleSelection);
    tree_->setIconSize(QSize(24, 24));
    tree_->setUniformRowHeights(true);
    tree_->setAnimated(false);
    expandDefault();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(search_);
    layout->addWidget(tree_);

    connect(search_, &QLineEdit::textChanged, this, &LibraryBrowser::applyFilter);
    connect(tree_, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        const QString type = index.data(LibraryModel::TypeRole).toString();
        if (!type.isEmpty())
            emit componentRequested(type);
        else if (const QString connector = index.data(LibraryModel::ConnectorRole).toString(); !connector.isEmpty())
            emit connectorRequested(connector);
    });
}

void LibraryBrowser::applyFilter(const QString& text)
{
    proxy_->setFilterFixedString(text.trimmed());
    if (text.trimmed().isEmpty()) {
        tree_->collapseAll();
        expandDefault();
    } else {
        tree_->expandAll();
    }
}

void LibraryBrowser::expandDefault()
{
    // Open the top-level packages and their Components, the parts a drive train is built
    // from; sensors, sources and blocks stay folded until asked for.
    for (int r = 0; r < proxy_->rowCount(); ++r) {
        const QModelIndex top = proxy_->index(r, 0);
        tree_->expand(top);
        for (int c = 0; c < proxy_->rowCount(top); ++c)
            if (proxy_->index(c, 0, top).data().toString() == QLatin1String("Components"))
                tree_->expand(proxy_->index(c, 0, top));
    }
}

int LibraryBrowser::visibleComponentCount() const
{
    std::function<int(const QModelIndex&)> count = [&](const QModelIndex& parent) {
        int n = 0;
        for (int r = 0; r < proxy_->rowCount(parent); ++r) {
            const QModelIndex i = proxy_->index(r, 0, parent);
            n += i.data(LibraryModel::TypeRole).isValid() ? 1 : count(i);
        }
        return n;
    };
    return count({});
}

} // namespace flange::ui
