#include "ui/simulation/data_file_permissions.hpp"

#include "engine/api/data_files.hpp"
#include "engine/api/errors.hpp"

#include <QMessageBox>

#include <algorithm>

namespace flange::ui {

void DataFilePermissions::grant(diagram::Diagram& d, const library::Library& lib, const QString& diagramPath,
                                QWidget* parent)
{
    std::vector<flatten::DataFileRead> files;
    try {
        files = flatten::dataFilesRead(d, lib);
    } catch (const Error&) {
        return; // translation reports what is wrong with the diagram
    }
    for (const flatten::DataFileRead& f : files) {
        if (f.allowed)
            continue;
        const QString folder = QString::fromStdString(f.folder);
        const QString key = diagramPath + QLatin1Char('\n') + folder;
        if (!allowed_.contains(key) && !refused_.contains(key)) {
            if (!asking_)
                continue;
            const auto answer = QMessageBox::question(
                parent, QObject::tr("Read a File Outside the Diagram's Folder?"),
                QObject::tr("Component '%1' reads %2, which is outside the diagram's folder.\n\n"
                            "Allow Flange to read files from %3 for this diagram?")
                    .arg(QString::fromStdString(f.component), QString::fromStdString(f.path), folder),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
            (answer == QMessageBox::Yes ? allowed_ : refused_).insert(key);
        }
        if (allowed_.contains(key) &&
            std::find(d.allowedDataFolders.begin(), d.allowedDataFolders.end(), f.folder) == d.allowedDataFolders.end())
            d.allowedDataFolders.push_back(f.folder);
    }
}

} // namespace flange::ui
