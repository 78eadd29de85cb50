#pragma once
// Writes a whole file so that a crash or a full disk never leaves it half written:
// QSaveFile writes a temporary beside it and renames it over the old one on commit.
#include <QString>

#include <string>

namespace flange::ui {

// False with the system's reason in *why when the file cannot be written.
bool writeFileAtomically(const QString& path, const std::string& text, QString* why);

} // namespace flange::ui
