#include "ui/messages_panel.hpp"

#include <QApplication>
#include <QHBoxLayout>
#include <QListWidget>
#include <QStyle>
#include <QTime>
#include <QToolButton>
#include <QVBoxLayout>

namespace flange::ui {

MessagesPanel::MessagesPanel(QWidget* parent) : QWidget(parent)
{
    list_ = new QListWidget(this);
    list_->setWordWrap(true);
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the lines wrap: no room lost to a bar
    // The wrapped lines' width must not depend on the vertical bar: shown only as needed, a
    // list just at the height where wrapping needs it showed the bar, wrapped narrower, hid
    // it, wrapped wider, ... and the window's event loop did nothing else (seen once in the
    // sanitizer suite's bad-input test, as a hang in QAbstractScrollArea's layout).
    list_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    list_->setAlternatingRowColors(true);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto* clear = new QToolButton(this);
    clear->setText(tr("Clear"));
    clear->setToolTip(tr("Remove all messages"));
    connect(clear, &QToolButton::clicked, this, &MessagesPanel::clear);
    connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { activate(list_->row(item)); });

    auto* buttons = new QVBoxLayout;
    buttons->addWidget(clear);
    buttons->addStretch();
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(list_, 1);
    layout->addLayout(buttons);
}

namespace {
int heightOfLines(const QListWidget* list, int lines)
{
    return lines * list->fontMetrics().lineSpacing() + 2 * list->frameWidth() + 4; // and the layout's margins
}
} // namespace

QSize MessagesPanel::sizeHint() const { return {QWidget::sizeHint().width(), heightOfLines(list_, kLinesShown)}; }

QSize MessagesPanel::minimumSizeHint() const
{
    return {QWidget::minimumSizeHint().width(), heightOfLines(list_, kFewestLines)};
}

void MessagesPanel::add(Severity severity, const QString& text, const QStringList& instances)
{
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    if (severity == Severity::Warning)
        icon = QStyle::SP_MessageBoxWarning;
    else if (severity == Severity::Error)
        icon = QStyle::SP_MessageBoxCritical;
    auto* item = new QListWidgetItem(style()->standardIcon(icon),
                                     QTime::currentTime().toString(QStringLiteral("HH:mm:ss")) + QStringLiteral("  ") + text);
    item->setToolTip(text);
    QStringList named;
    for (const QString& i : instances)
        if (!i.isEmpty() && !named.contains(i))
            named << i;
    if (!named.isEmpty()) {
        item->setData(Qt::UserRole, named);
        item->setStatusTip(tr("Click to select %1 on the canvas").arg(named.join(QStringLiteral(", "))));
    }
    while (list_->count() >= kMostMessages)
        delete list_->takeItem(0);
    list_->addItem(item);
    // Scrolling lays the lines out at once; a hidden panel (behind the Events tab) does
    // that when it is shown.
    if (list_->isVisible())
        list_->scrollToBottom();
    if (severity == Severity::Error) {
        ++errors_;
        emit errorAdded();
    }
}

void MessagesPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    list_->scrollToBottom();
}

void MessagesPanel::clear()
{
    list_->clear();
    errors_ = 0;
}

QStringList MessagesPanel::instancesAt(int row) const
{
    const QListWidgetItem* item = list_->item(row);
    return item ? item->data(Qt::UserRole).toStringList() : QStringList();
}

void MessagesPanel::activate(int row)
{
    const QStringList names = instancesAt(row);
    if (!names.isEmpty())
        emit instancesActivated(names);
}

QStringList MessagesPanel::messages() const
{
    QStringList out;
    for (int i = 0; i < list_->count(); ++i)
        out << list_->item(i)->toolTip();
    return out;
}

} // namespace flange::ui
