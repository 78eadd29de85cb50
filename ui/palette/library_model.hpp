#pragma once
// The component library as a tree by package (Rotational > Components > Inertia), with
// icons. Leaves drag onto the canvas as application/x-flange-component carrying the type
// name. Partial (base) definitions are not listed. A last group, Connectors, holds the
// outer connectors a subsystem's canvas takes (Flange_a, RealInput...): they drag as
// application/x-flange-connector carrying the connector type.
#include <QStandardItemModel>

namespace flange::library {
class Library;
}

namespace flange::ui {

class IconCache;

class LibraryModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum Role { TypeRole = Qt::UserRole + 1, SearchRole, ConnectorRole };

    LibraryModel(const library::Library& library, IconCache& icons, QObject* parent = nullptr);

    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    // The index of a type's leaf, or invalid.
    QModelIndex indexOfType(const QString& type) const;
};

} // namespace flange::ui
