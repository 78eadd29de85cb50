// Loading for one model. A run of flange-sim needs a handful of the library's 177
// definitions, yet parsing all of them (JSON, then every expression) cost 12-30 ms, more
// than translating and simulating most examples. So flange-sim reads every file but parses
// a definition only when the model needs it. The editor lists every definition and loads
// whole folders (Library::loadFolder), which reports an error in any file.
//
// Which file defines which name is read off each file's text (its top-level "name"), not
// guessed from its path: the bundled files do follow the rule "Rotational/Components/
// Inertia.json defines Rotational.Components.Inertia", but user folders need not, and a
// later file of any path replaces a definition of the same name. Reading the 912 KB of the
// bundled folder and finding the names takes about a millisecond.
#include "engine/about/data_folders.hpp"
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/library/library_file.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>

namespace fs = std::filesystem;

namespace flange::library {
namespace {

// The end of the JSON string opening at text[open] (the index of its closing quote), or
// npos; `escaped` tells whether it holds a backslash.
size_t stringEnd(const std::string& text, size_t open, bool& escaped)
{
    escaped = false;
    for (size_t i = open + 1; i < text.size(); ++i) {
        if (text[i] == '\\') {
            escaped = true;
            ++i;
        } else if (text[i] == '"') {
            return i;
        }
    }
    return std::string::npos;
}

size_t skipSpace(const std::string& text, size_t i)
{
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        ++i;
    return i;
}

// The string value of the top-level key "name" (the last one, as the parser keeps the
// last of repeated keys), found with one pass over the bytes. Nullopt when it is absent,
// not a plain string (escapes would need decoding), or the text is not an object: such a
// file is parsed at once instead, and reports its own error.
std::optional<std::string> topLevelName(const std::string& text)
{
    std::optional<std::string> name;
    int depth = 0;
    size_t i = skipSpace(text, 0);
    if (i == text.size() || text[i] != '{')
        return std::nullopt;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == '"') {
            bool escaped = false;
            const size_t end = stringEnd(text, i, escaped);
            if (end == std::string::npos)
                return std::nullopt;
            const size_t colon = skipSpace(text, end + 1);
            const bool nameKey = depth == 1 && colon < text.size() && text[colon] == ':' &&
                                 text.compare(i, end + 1 - i, "\"name\"") == 0;
            i = end;
            if (!nameKey)
                continue;
            const size_t value = skipSpace(text, colon + 1);
            if (value == text.size() || text[value] != '"')
                return std::nullopt;
            const size_t valueEnd = stringEnd(text, value, escaped);
            if (valueEnd == std::string::npos || escaped)
                return std::nullopt;
            name = text.substr(value + 1, valueEnd - value - 1);
            i = valueEnd;
        }
    }
    return name;
}

void addTypes(const diagram::Diagram& d, std::vector<std::string>& out)
{
    for (const diagram::Component& c : d.components)
        out.push_back(c.type);
    for (const diagram::Diagram& s : d.subsystems)
        addTypes(s, out);
}

// What a definition needs parsed before it can be resolved and instantiated.
void addDependencies(const ComponentDefinition& def, std::vector<std::string>& out)
{
    out.insert(out.end(), def.extends.begin(), def.extends.end());
    if (def.subsystem)
        addTypes(*def.subsystem, out);
}

} // namespace

std::vector<std::string> typesUsedBy(const diagram::Diagram& d)
{
    std::vector<std::string> out;
    addTypes(d, out);
    return out;
}

void Library::indexFolder(const std::string& folder)
{
    for (const std::string& path : libraryFiles(folder)) {
        std::string text = readLibraryFile(path);
        std::optional<std::string> name;
        if (!isEnumerationText(text)) // enumerations go to the process-wide table at once
            name = topLevelName(text);
        if (!name || name->empty()) {
            enter(parseLibraryText(text, path));
            continue;
        }
        raw_.erase(*name); // an earlier file's: this one replaces it
        deferred_[*name] = Deferred{path, std::move(text)};
    }
}

void Library::require(const std::vector<std::string>& types)
{
    std::vector<std::string> wanted = types;
    for (const auto& [name, def] : raw_)
        addDependencies(def, wanted);
    while (!wanted.empty()) {
        const std::string name = std::move(wanted.back());
        wanted.pop_back();
        auto it = deferred_.find(name);
        if (it == deferred_.end())
            continue; // parsed already, or unknown: translation names it in context
        const Deferred file = std::move(it->second);
        deferred_.erase(it);
        ParsedFile parsed = parseLibraryText(file.text, file.path);
        if (parsed.definition)
            addDependencies(*parsed.definition, wanted);
        enter(std::move(parsed));
    }
}

std::vector<std::string> Library::defaultFolders()
{
    std::vector<std::string> out;
    // FLANGE_COMPONENTS replaces the bundled folder; otherwise the installed or source-tree
    // one (engine/about/data_folders.hpp).
    fs::path bundled;
    if (const char* env = std::getenv("FLANGE_COMPONENTS"); env && *env)
        bundled = env;
    else
        bundled = about::dataFolders().components;
    if (std::error_code ec; !bundled.empty() && fs::is_directory(bundled, ec))
        out.push_back(bundled.string());
    fs::path user;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        user = fs::path(xdg) / "flange" / "components";
    else if (const char* home = std::getenv("HOME"); home && *home)
        user = fs::path(home) / ".local" / "share" / "flange" / "components";
    std::error_code ec;
    if (!user.empty() && fs::is_directory(user, ec))
        out.push_back(user.string());
    return out;
}

} // namespace flange::library
