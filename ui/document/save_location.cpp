#include "ui/document/save_location.hpp"

#include "engine/api/about.hpp"

#include <QDir>
#include <QFileInfo>
#include <QObject>

namespace flange::ui {

QStringList bundledModelFolders()
{
    // The examples folder of the installed or source-tree layout (engine/about/data_folders.hpp).
    const QString models = QString::fromStdString(about::dataFolders().models);
    return models.isEmpty() ? QStringList() : QStringList{models};
}

QString saveAsReason(const QString& path, const QStringList& bundledFolders)
{
    if (path.isEmpty())
        return QObject::tr("the diagram has no file yet");
    const QFileInfo file(path);
    const QString canonical = file.exists() ? file.canonicalFilePath() : file.absoluteFilePath();
    for (const QString& folder : bundledFolders) {
        const QString root = QFileInfo(folder).canonicalFilePath();
        if (!root.isEmpty() && canonical.startsWith(root + QLatin1Char('/')))
            return QObject::tr("%1 is a bundled example").arg(file.fileName());
    }
    // Marked read-only counts even for a user who could write anyway (root): the mark is
    // the owner saying "keep this as it is".
    constexpr auto anyWrite = QFileDevice::WriteOwner | QFileDevice::WriteGroup | QFileDevice::WriteOther;
    if (file.exists() && (!file.isWritable() || !(file.permissions() & anyWrite)))
        return QObject::tr("%1 is read-only").arg(file.fileName());
    // QSaveFile writes beside the file and renames: the folder must be writable too.
    if (!QFileInfo(file.absolutePath()).isWritable())
        return QObject::tr("the folder of %1 is not writable").arg(file.fileName());
    return {};
}

} // namespace flange::ui
