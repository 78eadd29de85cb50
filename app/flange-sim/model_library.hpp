#pragma once
// The component library every flange-sim command reads a model with.
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
