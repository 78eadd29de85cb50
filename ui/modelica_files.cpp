#include "ui/modelica_files.hpp"

#include "ui/document/atomic_write.hpp"

#include "engine/api/errors.hpp"
#include "engine/api/modelica.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace flange::ui {

bool isModelicaFile(const QString& path) { return path.endsWith(QStringLiteral(".mo"), Qt::CaseInsensitive); }

std::optional<diagram::Diagram> readModelicaModel(const QString& path, const library::Library& library,
                                                  const std::function<QString(const QStringList&)>& choose,
                                                  QString* error)
{
    try {
        modelica::ModelicaSource source = modelica::ModelicaSource::open(path.toStdString());
        QStringList models;
        for (const std::string& m : source.models())
            models << QString::fromStdString(m);
        std::string chosen;
        if (models.size() > 1) {
            const QString answer = choose(models);
            if (answer.isEmpty()) {
                error->clear();
                return std::nullopt;
            }
            chosen = answer.toStdString();
        }
        diagram::Diagram d = modelica::readModelica(source, modelica::chooseModel(source, chosen), library);
        d.folder = QFileInfo(path).absolutePath().toStdString();
        return d;
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return std::nullopt;
    }
}

bool writeModelicaModel(const diagram::Diagram& diagram, const library::Library& library, const QString& path,
                        QString* error)
{
    std::string text;
    try {
        const std::string name = !diagram.name.empty() ? diagram.name : QFileInfo(path).completeBaseName().toStdString();
        text = modelica::writeModelica(diagram, library, name);
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    return writeFileAtomically(path, text, error);
}

void exportModelicaDialog(QWidget* parent, const diagram::Diagram& diagram, const library::Library& library,
                          const QString& documentPath)
{
    const QString base = !diagram.name.empty() ? QString::fromStdString(diagram.name)
                         : documentPath.isEmpty() ? QObject::tr("Untitled")
                                                  : QFileInfo(documentPath).completeBaseName();
    // Beside the diagram's file, or the Modelica file it was read from (which has no file of its own).
    const QString dir = !documentPath.isEmpty() ? QFileInfo(documentPath).absolutePath()
                                                : QString::fromStdString(diagram.folder);
    QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export Diagram as Modelica"),
                                                dir.isEmpty() ? base + ".mo" : dir + "/" + base + ".mo",
                                                QObject::tr("Modelica (*.mo)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".mo");
    QString error;
    if (!writeModelicaModel(diagram, library, path, &error))
        QMessageBox::warning(parent, QObject::tr("Cannot export %1").arg(QFileInfo(path).fileName()), error);
}

} // namespace flange::ui
