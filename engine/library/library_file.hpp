#pragma once
// One file of a library folder, read and parsed: shared by the eager loading of a whole
// folder (library_loader.cpp) and the loading for one model (library_index.cpp).
#include "engine/library/component_definition.hpp"
#include "engine/library/enumeration.hpp"

#include <exception>
#include <optional>
#include <string>
#include <vector>

namespace flange::library {

// An enumeration or a definition (a subsystem diagram's included). Parsing has no effect
// on any library, so files can be parsed on several threads and entered in order afterwards.
struct ParsedFile {
    std::optional<EnumerationDef> enumeration;
    std::optional<ComponentDefinition> definition;
    std::exception_ptr error;
};

// Throws flange::Error (BadInput) naming file, line and column.
ParsedFile parseLibraryText(const std::string& text, const std::string& path);
std::string readLibraryFile(const std::string& path);
// Every *.json below `folder`, sorted; throws if the folder does not exist, or names an
// entry that cannot be read.
std::vector<std::string> libraryFiles(const std::string& folder);

// An enumeration parameter's type must be a known enumeration, and a default that is a
// literal one of that type's. Throws flange::Error (BadInput) naming file and line; called
// once the library's enumerations are known (Library::resolve, a diagram's own subsystems).
void checkEnumerationParameters(const ComponentDefinition& def);

} // namespace flange::library
