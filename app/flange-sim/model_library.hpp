#pragma once
// The component library every flange-sim command reads a model with, and the files it may read.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QStringList>

#include <memory>
#include <string>
#include <vector>

// The default folders and each --library folder, indexed; only the definitions `types`
// name (and what those use) are parsed, so that a broken definition the model does not use
// is the editor's to report, not this run's.
std::shared_ptr<flange::library::Library> libraryForModel(const QStringList& libraryFolders,
                                                          const std::vector<std::string>& types);

// A model file read with its library: a diagram (.json), or a Modelica file or package
// folder (.mo, a folder with package.mo), whose model `modelicaModel` names (empty: the
// only one). Modelica is read with the whole library, since its names are resolved by
// lookup before the types a model uses are known.
struct ModelAndLibrary {
    flange::diagram::Diagram diagram;
    std::shared_ptr<flange::library::Library> library;
};
bool isModelicaInput(const std::string& path);
ModelAndLibrary loadModel(const std::string& path, const QStringList& libraryFolders, const std::string& modelicaModel);

// A received diagram must not make us read outside the folders the user chose: files it
// names elsewhere need --allow-files (engine/io/data_files.hpp has the rule). Adds
// `allowedFolders` to the diagram's, then throws flange::Error (BadInput) listing each
// file outside them with the option that would allow it.
void allowDataFiles(flange::diagram::Diagram& diagram, const flange::library::Library& lib,
                    const QStringList& allowedFolders, const std::string& modelPath);
