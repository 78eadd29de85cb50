#pragma once
// The recovery file: a copy of an unsaved diagram that autosave writes beside its
// siblings in a per-user folder, so a crash loses at most a few seconds of work. It
// wraps the diagram with what a restore needs to know: the file the diagram came from
// and when the copy was taken. Each file has a QLockFile beside it ("NAME.lock") held by
// the Flange process that writes it, so a restore only ever offers the files of
// processes that are gone.
#include "engine/api/diagram.hpp"

#include <QDateTime>
#include <QLockFile>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace flange::ui {

// $XDG_DATA_HOME/flange/recovery (~/.local/share/flange/recovery), next to the user's
// component folder.
QString defaultRecoveryFolder();

struct RecoveryContents {
    diagram::Diagram diagram;
    QString originalPath; // empty for a diagram never saved
    QDateTime savedAt;
};

// Writes atomically (QSaveFile): a crash during the write leaves the previous copy.
bool writeRecoveryFile(const QString& path, const RecoveryContents& contents, QString* error);
// On failure `error` names the recovery file and what is wrong with it.
std::optional<RecoveryContents> readRecoveryFile(const QString& path, QString* error);
// Removes the recovery file (its lock stays with whoever holds it).
void removeRecoveryFile(const QString& path);

// A recovery file left behind by a process that no longer runs. `lock` is held while the
// object lives, so two Flange windows starting together never both restore it.
struct OrphanedRecovery {
    QString path;
    std::optional<RecoveryContents> contents; // empty when unreadable; see `error`
    QString error;
    std::shared_ptr<QLockFile> lock;

    // "Gearbox.json (/home/me/Gearbox.json), autosaved 2024-05-01 14:03" or similar.
    QString description() const;
};

// Newest first. Files whose writer still runs are not listed.
std::vector<OrphanedRecovery> findOrphanedRecoveries(const QString& folder);

// The readable part of a recovery file's name for a diagram named `baseName`: safe
// characters, no leading dot, at most kMaxStem characters; "Untitled" when nothing is left.
inline constexpr int kMaxStem = 60;
QString recoveryStem(const QString& baseName);

// A fresh, unique recovery file name in `folder` ("STEM-1a2b3c4d.recovery.json") with its
// lock taken; null lock on failure.
std::pair<QString, std::shared_ptr<QLockFile>> createRecoveryFileName(const QString& folder, const QString& baseName);

} // namespace flange::ui
