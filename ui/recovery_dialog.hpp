#pragma once
// Offered at start-up when autosaved diagrams of a crashed or killed session are left:
// lists them (newest first) with the file each came from and when it was saved.
// Restore opens the selected one, Discard deletes the selected one, Later keeps them all
// for the next start.
#include "ui/document/recovery_file.hpp"

#include <QDialog>

#include <vector>

class QListWidget;
class QPushButton;

namespace flange::ui {

class RecoveryDialog : public QDialog {
    Q_OBJECT
public:
    RecoveryDialog(std::vector<OrphanedRecovery> recoveries, QWidget* parent = nullptr);

    // After exec() returned Accepted: the recovery to restore.
    const OrphanedRecovery* chosen() const;
    QListWidget* list() const { return list_; }
    QPushButton* restoreButton() const { return restore_; }
    QPushButton* discardButton() const { return discard_; }
    QPushButton* laterButton() const { return later_; }

private:
    void discardSelected();
    void updateButtons();

    std::vector<OrphanedRecovery> recoveries_;
    QListWidget* list_;
    QPushButton* restore_;
    QPushButton* discard_;
    QPushButton* later_;
};

} // namespace flange::ui
