#include "ui/recovery_dialog.hpp"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace flange::ui {

RecoveryDialog::RecoveryDialog(std::vector<OrphanedRecovery> recoveries, QWidget* parent)
    : QDialog(parent), recoveries_(std::move(recoveries))
{
    setWindowTitle(tr("Recover Unsaved Diagrams"));
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(tr("Flange did not close properly last time. These diagrams had changes that "
                               "were not saved; they were autosaved:"),
                            this);
    text->setWordWrap(true);
    layout->addWidget(text);
    list_ = new QListWidget(this);
    for (const OrphanedRecovery& r : recoveries_)
        list_->addItem(r.description());
    list_->setCurrentRow(0);
    layout->addWidget(list_);

    auto* buttons = new QDialogButtonBox(this);
    restore_ = buttons->addButton(tr("&Restore"), QDialogButtonBox::AcceptRole);
    discard_ = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
    later_ = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    restore_->setDefault(true);
    layout->addWidget(buttons);
    connect(restore_, &QPushButton::clicked, this, &QDialog::accept);
    connect(later_, &QPushButton::clicked, this, &QDialog::reject);
    connect(discard_, &QPushButton::clicked, this, &RecoveryDialog::discardSelected);
    connect(list_, &QListWidget::currentRowChanged, this, &RecoveryDialog::updateButtons);
    connect(list_, &QListWidget::itemDoubleClicked, this, [this] {
        if (restore_->isEnabled())
            accept();
    });
    updateButtons();
    resize(560, 300);
}

const OrphanedRecovery* RecoveryDialog::chosen() const
{
    const int row = list_->currentRow();
    if (row < 0 || row >= static_cast<int>(recoveries_.size()) || !recoveries_[static_cast<size_t>(row)].contents)
        return nullptr;
    return &recoveries_[static_cast<size_t>(row)];
}

void RecoveryDialog::discardSelected()
{
    const int row = list_->currentRow();
    if (row < 0 || row >= static_cast<int>(recoveries_.size()))
        return;
    removeRecoveryFile(recoveries_[static_cast<size_t>(row)].path);
    recoveries_.erase(recoveries_.begin() + row); // releases its lock
    delete list_->takeItem(row);
    if (recoveries_.empty())
        reject();
    updateButtons();
}

void RecoveryDialog::updateButtons()
{
    restore_->setEnabled(chosen() != nullptr);
    discard_->setEnabled(list_->currentRow() >= 0);
}

} // namespace flange::ui
