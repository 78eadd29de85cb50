#pragma once
// The library browser: a search field over the package tree. Typing filters the tree at
// once (matching type names and descriptions); components drag onto the canvas, and a
// double-click asks for one to be placed in the middle of the view.
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace flange::ui {

class LibraryModel;

class LibraryBrowser : public QWidget {
    Q_OBJECT
public:
    explicit LibraryBrowser(LibraryModel* model, QWidget* parent = nullptr);

    QLineEdit* searchField() const { return search_; }
    QTreeView* tree() const { return tree_; }
    // Rows visible under the current filter that are components (not packages).
    int visibleComponentCount() const;

signals:
    void componentRequested(const QString& type);
    // A connector of the Connectors group was double-clicked ("Rotational.Flange_a").
    void connectorRequested(const QString& type);

private:
    void applyFilter(const QString& text);
    void expandDefault();

    LibraryModel* model_;
    QSortFilterProxyModel* proxy_;
    QLineEdit* search_;
    QTreeView* tree_;
};

} // namespace flange::ui
