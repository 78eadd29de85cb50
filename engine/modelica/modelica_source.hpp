#pragma once
// Modelica classes as a reader finds them: one file, or a package folder (package.mo,
// package.order, a file or folder per class) whose files are parsed when a name needs
// them, and Modelica's lookup of a type or constant name from the class that uses it
// (Modelica 3.5, section 5.3: the class itself, its imports, then each enclosing class;
// MSL's own packages, constants and types from msl_builtins.hpp).
#include "engine/modelica/modelica_syntax.hpp"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace flange::modelica {

class ModelicaSource {
public:
    // A .mo file, or a folder with package.mo. A file inside a package folder brings the
    // folder's other classes in as well (the examples' Utilities), parsed when used.
    // Throws BadInput naming the file and line of what cannot be read.
    static ModelicaSource open(const std::string& path);
    // Modelica text of one file (tests, the fuzz target); `file` names it in messages.
    static ModelicaSource fromText(const std::string& text, const std::string& file);

    // The models of the file or package opened, by full name, in the order written
    // (package.order where there is one).
    std::vector<std::string> models();

    // The class of that full name, parsing its file on the way; null when none.
    const ClassDef* find(const std::string& fullName);
    // The parsed file a class is in (its tokens give expressions' text).
    const StoredDefinition& fileOf(const ClassDef& c) const;

    // The full name `name` ("Components.Inertia", "SI.Time", "pi") stands for in class
    // `scope`, or empty when the lookup finds nothing. `exists` says whether a full name
    // outside the sources is a class or constant (Flange's library, MSL's built-ins).
    std::string lookup(const std::string& name, const ClassDef& scope,
                       const std::function<bool(const std::string&)>& exists);

private:
    void add(StoredDefinition&& sd);
    void enter(const ClassDef& c, const StoredDefinition* sd);
    void indexFolder(const std::string& folder, const std::string& fullName);
    void collectModels(const ClassDef& c, std::vector<std::string>& out);

    std::vector<std::unique_ptr<StoredDefinition>> files_;
    std::map<std::string, const ClassDef*> classes_;
    std::map<const ClassDef*, const StoredDefinition*> fileOf_;
    std::map<std::string, std::string> unparsed_; // full name -> file not read yet
    std::vector<std::string> opened_;             // full names of the classes the user opened
};

} // namespace flange::modelica
