#include "ui/document/atomic_write.hpp"

#include <QFileInfo>

namespace flange::ui {

AtomicFile::AtomicFile(const QString& path) : save_(path), direct_(path)
{
    const QFileInfo info(path); // through symbolic links
    inPlace_ = info.exists() && !info.isFile() && !info.isDir();
}

bool AtomicFile::open() { return device().open(QIODevice::WriteOnly); }

bool AtomicFile::commit()
{
    if (!inPlace_)
        return save_.commit();
    const bool ok = direct_.flush() && direct_.error() == QFileDevice::NoError;
    direct_.close();
    return ok && direct_.error() == QFileDevice::NoError;
}

void AtomicFile::cancel()
{
    if (inPlace_)
        direct_.close();
    else
        save_.cancelWriting();
}

bool writeFileAtomically(const QString& path, const std::string& text, QString* why)
{
    AtomicFile file(path);
    const auto size = static_cast<qint64>(text.size());
    if (file.open() && file.device().write(text.data(), size) == size && file.commit())
        return true;
    if (why)
        *why = file.errorString();
    return false;
}

} // namespace flange::ui
