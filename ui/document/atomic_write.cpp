#include "ui/document/atomic_write.hpp"

#include <QSaveFile>

namespace flange::ui {

bool writeFileAtomically(const QString& path, const std::string& text, QString* why)
{
    QSaveFile file(path);
    const auto size = static_cast<qint64>(text.size());
    if (file.open(QIODevice::WriteOnly) && file.write(text.data(), size) == size && file.commit())
        return true;
    if (why)
        *why = file.errorString();
    return false;
}

} // namespace flange::ui
