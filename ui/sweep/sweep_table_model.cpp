#include "ui/sweep/sweep_table_model.hpp"

#include "ui/sweep/sweep_session.hpp"

#include <QColor>
#include <QPalette>
#include <QApplication>

#include <cmath>

namespace flange::ui {

SweepTableModel::SweepTableModel(const SweepSession& session, QObject* parent)
    : QAbstractTableModel(parent), session_(session)
{
    connect(&session_, &SweepSession::begun, this, [this] {
        beginResetModel();
        rows_ = 0;
        endResetModel();
    });
    connect(&session_, &SweepSession::recordAdded, this, [this](int index) {
        beginInsertRows({}, index, index);
        rows_ = index + 1;
        endInsertRows();
    });
}

int SweepTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : rows_; }

int SweepTableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !session_.job())
        return 0;
    return 1 + static_cast<int>(session_.parameterNames().size() + session_.metricNames().size()) + 3;
}

int SweepTableModel::firstMetricColumn() const { return 1 + static_cast<int>(session_.parameterNames().size()); }

int SweepTableModel::statusColumn() const
{
    return firstMetricColumn() + static_cast<int>(session_.metricNames().size());
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !session_.job())
        return {};
    const QStringList parameters = session_.parameterNames(), metrics = session_.metricNames();
    if (section == 0)
        return tr("run");
    if (section < firstMetricColumn())
        return parameters[section - 1];
    if (section < statusColumn())
        return metrics[section - firstMetricColumn()];
    static const QStringList last{tr("status"), tr("message"), tr("seconds")};
    return last.value(section - statusColumn());
}

QVariant SweepTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rows_)
        return {};
    const SweepRunRecord& r = session_.records()[static_cast<size_t>(index.row())];
    const int c = index.column();
    if (role == RecordRole)
        return index.row();
    const bool failed = r.result.status != "ok";
    if (role == Qt::ForegroundRole && failed && c == statusColumn())
        return QColor(200, 40, 40);
    if (role == Qt::ToolTipRole && failed)
        return QString::fromStdString(r.result.message);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    auto number = [&](double v) -> QVariant {
        if (std::isnan(v))
            return role == SortRole ? QVariant(-HUGE_VAL) : QVariant(QString());
        return role == SortRole ? QVariant(v) : QVariant(QString::number(v, 'g', 6));
    };
    if (c == 0)
        return role == SortRole ? QVariant(static_cast<qulonglong>(r.result.run)) : QVariant(QString::number(r.result.run));
    if (c < firstMetricColumn())
        return number(session_.parameterValue(r.result.run, c - 1));
    if (c < statusColumn()) {
        const size_t m = static_cast<size_t>(c - firstMetricColumn());
        return number(m < r.result.metrics.size() ? r.result.metrics[m] : NAN);
    }
    if (c == statusColumn())
        return QString::fromStdString(r.result.status);
    if (c == statusColumn() + 1)
        return QString::fromStdString(r.result.message);
    if (c == statusColumn() + 2)
        return role == SortRole ? QVariant(r.result.seconds) : QVariant(QString::number(r.result.seconds, 'f', 3));
    return {};
}

} // namespace flange::ui
