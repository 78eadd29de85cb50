#pragma once
// Where Save may write without asking. A diagram opened from the bundled examples or from
// a place the user cannot write to is a template to start from, not the user's file:
// saving it asks for a new name instead of overwriting it (or failing half-way).
#include <QString>
#include <QStringList>

namespace flange::ui {

// The folders the bundled example diagrams live in (source tree or installation).
QStringList bundledModelFolders();

// Why `path` must be saved under a new name, or an empty string when Save may overwrite it.
QString saveAsReason(const QString& path, const QStringList& bundledFolders);

} // namespace flange::ui
