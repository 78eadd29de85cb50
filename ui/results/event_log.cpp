#include "ui/results/event_log.hpp"

#include "ui/results/event_description.hpp"

#include <QHeaderView>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTreeView>
#include <QItemSelectionModel>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

constexpr int TimeRole = Qt::UserRole + 1;

QStandardItem* cell(const QString& text, const QString& tip)
{
    auto* item = new QStandardItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setToolTip(tip);
    return item;
}

} // namespace

EventLog::EventLog(QWidget* parent) : QWidget(parent)
{
    model_ = new QStandardItemModel(0, ColumnCount, this);
    model_->setHorizontalHeaderLabels({tr("Time"), tr("Component"), tr("Event"), tr("Changes")});
    view_ = new QTreeView(this);
    view_->setModel(model_);
    view_->setRootIsDecorated(false);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->setTextElideMode(Qt::ElideRight);
    QHeaderView* header = view_->header();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);
    const QFontMetrics fm = fontMetrics();
    header->resizeSection(TimeColumn, fm.horizontalAdvance(QStringLiteral("0.000000000000")));
    header->resizeSection(ComponentColumn, fm.horizontalAdvance(QStringLiteral("elastoBacklash00")));
    // wide enough for a time event that sets a clutch going
    const QString typicalEvent = QStringLiteral("time event: step1 switches; clutch2 free \u2192 slipping backward    ");
    header->resizeSection(EventColumn, fm.horizontalAdvance(typicalEvent));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(view_);

    // The current row follows a click and the arrow keys: stepping through the events
    // moves the plots' crosshair from one to the next.
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
        if (!index.isValid())
            return;
        const QModelIndex time = index.siblingAtColumn(TimeColumn);
        emit eventActivated(time.data(TimeRole).toDouble(), index.siblingAtColumn(ComponentColumn).data().toString());
    });
}

void EventLog::setResult(std::shared_ptr<const RunResult> result)
{
    result_ = std::move(result);
    model_->removeRows(0, model_->rowCount());
    shown_ = 0;
    refresh();
}

void EventLog::refresh()
{
    if (!result_)
        return;
    const std::vector<EventRecord>& events = result_->events();
    if (events.size() < shown_) { // the run was restarted into the same result
        model_->removeRows(0, model_->rowCount());
        shown_ = 0;
    }
    QScrollBar* scroll = view_->verticalScrollBar();
    const bool following = scroll->value() == scroll->maximum(); // keep the newest in view while it grows
    for (; shown_ < events.size(); ++shown_) {
        const EventRecord& e = events[shown_];
        const QString kind = e.cause.timeEvent ? tr("Time event") : tr("State event");
        const QString tip = kind + QStringLiteral(" at t = ") + QString::number(e.time, 'g', 17) + '\n' + causeInWords(e);
        QStandardItem* time = cell(QString::number(e.time, 'g', 10), tip);
        time->setData(e.time, TimeRole);
        time->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        const QString changes = changesInWords(e, result_->model.get());
        const QString changesTip =
            changes.isEmpty() ? tip : QString(changes).replace(QStringLiteral("; "), QStringLiteral("\n"));
        model_->appendRow(
            {time, cell(eventComponent(e), tip), cell(eventInWords(e, result_->model.get()), tip), cell(changes, changesTip)});
    }
    if (following)
        view_->scrollToBottom();
}

int EventLog::rowCount() const { return model_->rowCount(); }

} // namespace flange::ui
