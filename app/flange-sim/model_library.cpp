#include "app/flange-sim/model_library.hpp"

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
