#pragma once
// Writes a whole file so that a crash or a full disk never leaves it half written:
// QSaveFile writes a temporary beside it and renames it over the old one on commit.
// A path that names something a rename must not replace, a device such as /dev/null or
// a FIFO, is written in place: QSaveFile would put a regular file where it was (as root,
// in /dev too). flange-sim's writer keeps the same rule (engine/io/replacing_file.hpp).
#include <QFile>
#include <QSaveFile>
#include <QString>

#include <string>

namespace flange::ui {

class AtomicFile {
public:
    explicit AtomicFile(const QString& path);
    bool open(); // for writing
    QIODevice& device() { return inPlace_ ? static_cast<QIODevice&>(direct_) : save_; }
    // Puts the file in place (or closes the device written in place); false on failure.
    bool commit();
    // Drops what was written: the previous file stays.
    void cancel();
    QString errorString() const { return inPlace_ ? direct_.errorString() : save_.errorString(); }

private:
    bool inPlace_ = false;
    QSaveFile save_;
    QFile direct_;
};

// False with the system's reason in *why when the file cannot be written.
bool writeFileAtomically(const QString& path, const std::string& text, QString* why);

} // namespace flange::ui
