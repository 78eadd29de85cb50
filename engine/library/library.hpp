#pragma once
// The set of component definitions Flange knows: the bundled library plus user folders.
// Loading resolves `extends`, so every definition handed out is complete.
#include "engine/library/component_definition.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace flange::library {

struct ParsedFile;

class Library {
public:
    // Reads every *.json below each folder, in order; later definitions with the same
    // name replace earlier ones. Files of format "flange-diagram" are subsystems
    // (subsystem_definition.hpp). Throws flange::Error (BadInput) naming file, line, column.
    void loadFolder(const std::string& folder);
    void loadFile(const std::string& path);

    // Loading for one model (flange-sim): indexFolder reads the files as loadFolder does,
    // but parses only enumerations; a definition is parsed when require() asks for it or
    // for one that uses it (extends, a library subsystem's parts). Parse errors are those
    // of loadFolder, for the definitions parsed. Which file defines which name is read off
    // each file's top-level "name", so no naming rule for files is assumed. See
    // docs/performance.md, "Fixed costs".
    void indexFolder(const std::string& folder);
    // Parses what `types` need (unknown names are left to the caller to report), and
    // what every definition parsed so far needs, so that resolve() finds all bases.
    void require(const std::vector<std::string>& types);

    // Merges bases into every definition parsed; call after all folders are loaded.
    void resolve();

    const ComponentDefinition* find(const std::string& name) const;
    std::vector<const ComponentDefinition*> all() const;
    size_t size() const { return resolved_.size(); }

    // The bundled folder (resources/components) found next to the executable or source tree,
    // then the user folder ($XDG_DATA_HOME/flange/components) when it exists.
    static std::vector<std::string> defaultFolders();

private:
    void enter(ParsedFile&& file);
    struct Deferred {
        std::string path, text;
    };
    std::map<std::string, Deferred> deferred_; // indexed, not parsed yet
    std::map<std::string, ComponentDefinition> raw_;
    std::map<std::string, ComponentDefinition> resolved_;
};

// The component types a diagram uses: its components', and its embedded subsystems'.
std::vector<std::string> typesUsedBy(const diagram::Diagram& d);

// Parses one definition from JSON text; `file` is used in messages.
ComponentDefinition parseDefinition(const std::string& jsonText, const std::string& file);

// A value as definitions write it (number, boolean, table or expression text), parsed;
// `what` starts the message of a parse error. Shared with subsystem definitions.
ExprText exprFromValue(const nlohmann::json& value, const std::string& file, const std::string& what);
// An icon path that stays inside the icons folder: relative, no "..", no backslash.
bool isConfinedRelativePath(const std::string& path);

} // namespace flange::library
