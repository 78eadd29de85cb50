#include "app/flange-sim/model_library.hpp"

#include "engine/api/errors.hpp"
#include "engine/api/modelica.hpp"

#include <filesystem>
#include "engine/api/data_files.hpp"
#include "engine/api/errors.hpp"

std::shared_ptr<flange::library::Library> libraryForModel(const QStringList& libraryFolders,
                                                          const std::vector<std::string>& types)
{
    auto lib = std::make_shared<flange::library::Library>();
    for (const auto& f : flange::library::Library::defaultFolders())
        lib->indexFolder(f);
    for (const QString& d : libraryFolders)
        lib->indexFolder(d.toStdString());
    lib->require(types);
    lib->resolve();
    return lib;
}

bool isModelicaInput(const std::string& path)
{
    return path.ends_with(".mo") || std::filesystem::exists(std::filesystem::path(path) / "package.mo");
}

ModelAndLibrary loadModel(const std::string& path, const QStringList& libraryFolders, const std::string& modelicaModel)
{
    if (!isModelicaInput(path)) {
        if (!modelicaModel.empty())
            throw flange::badInput("--model " + modelicaModel + ": " + path + " is a diagram, not Modelica");
        ModelAndLibrary m{flange::diagram::loadDiagram(path), nullptr};
        m.library = libraryForModel(libraryFolders, flange::library::typesUsedBy(m.diagram));
        return m;
    }
    auto lib = std::make_shared<flange::library::Library>();
    for (const auto& f : flange::library::Library::defaultFolders())
        lib->loadFolder(f);
    for (const QString& d : libraryFolders)
        lib->loadFolder(d.toStdString());
    lib->resolve();
    return {flange::modelica::readModelicaFile(path, modelicaModel, *lib), lib};
}

void allowDataFiles(flange::diagram::Diagram& diagram, const flange::library::Library& lib,
                    const QStringList& allowedFolders, const std::string& modelPath)
{
    for (const QString& d : allowedFolders)
        diagram.allowedDataFolders.push_back(d.toStdString());
    std::string outside;
    for (const flange::flatten::DataFileRead& f : flange::flatten::dataFilesRead(diagram, lib))
        if (!f.allowed)
            outside += "\n  " + f.path + " (component '" + f.component + "'): --allow-files " + f.folder;
    if (!outside.empty())
        throw flange::badInput(modelPath +
                               ": the diagram reads files outside the folder of the diagram that names them; "
                               "allow each folder with --allow-files:" +
                               outside);
}
