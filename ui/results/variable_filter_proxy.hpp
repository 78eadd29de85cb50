#pragma once
// Which variables the browser shows: those whose full name contains the filter text
// (any case), protected ones only on request, each with the nodes above it.
#include <QSortFilterProxyModel>

namespace flange::ui {

class VariableFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit VariableFilterProxy(QObject* parent = nullptr);

    void setText(const QString& text);
    void setShowProtected(bool show);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_;
    bool showProtected_ = false;
};

} // namespace flange::ui
