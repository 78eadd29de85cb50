#include "ui/document/component_library.hpp"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <algorithm>

namespace flange::ui {

namespace {

QStringList definitionFiles(const QString& folder)
{
    QStringList files;
    QDirIterator it(folder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    // Sorted, as the engine does, so that replacements happen in a stable order.
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

ComponentLibrary loadComponentLibrary(const QStringList& extraFolders)
{
    ComponentLibrary out;
    for (const std::string& f : library::Library::defaultFolders())
        out.folders << QString::fromStdString(f);
    for (const QString& f : extraFolders)
        if (!out.folders.contains(f)) {
            out.folders << f;
            out.extraFolders << f;
        }

    QStringList files;
    for (const QString& folder : out.folders) {
        if (!QFileInfo(folder).isDir()) {
            out.errors << QObject::tr("%1: component folder not found").arg(folder);
            continue;
        }
        files << definitionFiles(folder);
    }

    // resolve() is all or nothing; drop the file it blames and try again until it succeeds.
    QStringList excluded;
    for (int attempt = 0; attempt <= files.size(); ++attempt) {
        auto lib = std::make_shared<library::Library>();
        QStringList loadErrors;
        for (const QString& file : files) {
            if (excluded.contains(file))
                continue;
            try {
                lib->loadFile(file.toStdString());
            } catch (const std::exception& e) {
                loadErrors << QString::fromStdString(e.what());
                excluded << file;
            }
        }
        out.errors << loadErrors;
        try {
            lib->resolve();
            out.library = lib;
            return out;
        } catch (const std::exception& e) {
            const QString message = QString::fromStdString(e.what());
            out.errors << message;
            auto culprit = std::find_if(files.begin(), files.end(), [&](const QString& f) {
                return !excluded.contains(f) && message.startsWith(f);
            });
            if (culprit == files.end())
                break;
            excluded << *culprit;
        }
    }
    out.library = std::make_shared<library::Library>();
    return out;
}

QStringList iconFolders(const QStringList& componentFolders)
{
    QStringList out;
    for (const QString& folder : componentFolders) {
        const QString icons = QDir::cleanPath(folder + QStringLiteral("/../icons"));
        if (QFileInfo(icons).isDir())
            out << icons;
    }
    return out;
}

} // namespace flange::ui
