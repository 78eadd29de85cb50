#include "ui/palette/library_model.hpp"

#include "engine/api/library.hpp"
#include "ui/canvas/icon_cache.hpp"
#include "ui/document/outer_connectors.hpp"
#include "ui/mime_types.hpp"

#include <QApplication>
#include <QMimeData>
#include <QStyle>

#include <algorithm>

namespace flange::ui {

namespace {

// Drive-train packages first, in the order a user reaches for them.
int packageRank(const QString& top)
{
    static const QStringList order{QStringLiteral("Rotational"), QStringLiteral("Translational"),
                                   QStringLiteral("Blocks")};
    const int i = static_cast<int>(order.indexOf(top));
    return i < 0 ? static_cast<int>(order.size()) : i;
}

QStandardItem* childFolder(QStandardItem* parent, const QString& name)
{
    for (int r = 0; r < parent->rowCount(); ++r) {
        QStandardItem* c = parent->child(r);
        if (c->text() == name && !c->data(LibraryModel::TypeRole).isValid())
            return c;
    }
    auto* folder = new QStandardItem(name);
    folder->setEditable(false);
    folder->setDragEnabled(false);
    folder->setIcon(QIcon::fromTheme(QStringLiteral("folder"), QApplication::style()->standardIcon(QStyle::SP_DirIcon)));
    parent->appendRow(folder);
    return folder;
}

} // namespace

LibraryModel::LibraryModel(const library::Library& library, IconCache& icons, QObject* parent)
    : QStandardItemModel(parent)
{
    std::vector<const library::ComponentDefinition*> defs;
    for (const library::ComponentDefinition* d : library.all())
        if (!d->partial)
            defs.push_back(d);
    std::sort(defs.begin(), defs.end(), [](auto* a, auto* b) {
        const QString na = QString::fromStdString(a->name), nb = QString::fromStdString(b->name);
        const int ra = packageRank(na.section(QLatin1Char('.'), 0, 0)), rb = packageRank(nb.section(QLatin1Char('.'), 0, 0));
        return ra != rb ? ra < rb : na < nb;
    });
    for (const library::ComponentDefinition* d : defs) {
        const QString type = QString::fromStdString(d->name);
        QStringList parts = type.split(QLatin1Char('.'));
        const QString leafName = parts.takeLast();
        QStandardItem* parentItem = invisibleRootItem();
        for (const QString& package : parts)
            parentItem = childFolder(parentItem, package);
        auto* leaf = new QStandardItem(icons.icon(QString::fromStdString(d->icon), leafName), leafName);
        leaf->setEditable(false);
        leaf->setDragEnabled(true);
        leaf->setData(type, TypeRole);
        leaf->setData(type + QLatin1Char(' ') + QString::fromStdString(d->description), SearchRole);
        leaf->setToolTip(QStringLiteral("<b>%1</b><br>%2").arg(type.toHtmlEscaped(),
                                                             QString::fromStdString(d->description).toHtmlEscaped()));
        parentItem->appendRow(leaf);
    }
    QStandardItem* connectors = childFolder(invisibleRootItem(), tr("Connectors"));
    for (const QString& type : placeableConnectorTypes()) {
        const QString leafName = type.section(QLatin1Char('.'), -2).replace(QLatin1Char('.'), QLatin1Char(' '));
        auto* leaf = new QStandardItem(icons.icon(QString(), leafName), leafName);
        leaf->setEditable(false);
        leaf->setDragEnabled(true);
        leaf->setData(type, ConnectorRole);
        leaf->setData(type + QStringLiteral(" connector subsystem"), SearchRole);
        leaf->setToolTip(tr("<b>%1</b><br>An outer connector: drop it on a diagram to make the diagram a subsystem "
                            "with this connector")
                             .arg(type.toHtmlEscaped()));
        connectors->appendRow(leaf);
    }
}

QStringList LibraryModel::mimeTypes() const { return {kComponentMimeType, kConnectorMimeType}; }

QMimeData* LibraryModel::mimeData(const QModelIndexList& indexes) const
{
    for (const QModelIndex& index : indexes) {
        if (const QString connector = index.data(ConnectorRole).toString(); !connector.isEmpty()) {
            auto* mime = new QMimeData;
            mime->setData(kConnectorMimeType, connector.toUtf8());
            mime->setText(connector);
            return mime;
        }
        const QString type = index.data(TypeRole).toString();
        if (type.isEmpty())
            continue;
        auto* mime = new QMimeData;
        mime->setData(kComponentMimeType, type.toUtf8());
        mime->setText(type);
        return mime;
    }
    return nullptr;
}

QModelIndex LibraryModel::indexOfType(const QString& type) const
{
    const QModelIndexList hits = match(index(0, 0), TypeRole, type, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? QModelIndex() : hits.front();
}

} // namespace flange::ui
