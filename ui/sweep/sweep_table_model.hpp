#pragma once
// The runs of a sweep as a table, one row per finished run in the order they finished:
// run, each varied parameter, each metric, status, message, seconds (the columns of
// runs.csv). SortRole gives numbers as numbers, so a sort proxy orders them by value.
#include <QAbstractTableModel>

namespace flange::ui {

class SweepSession;

class SweepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int RecordRole = Qt::UserRole + 1; // the row's index in the session's records

    explicit SweepTableModel(const SweepSession& session, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    int statusColumn() const;
    int firstMetricColumn() const;

private:
    const SweepSession& session_;
    int rows_ = 0;
};

} // namespace flange::ui
