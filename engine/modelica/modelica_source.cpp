#include "engine/modelica/modelica_source.hpp"

#include "engine/error.hpp"
#include "engine/modelica/modelica_parser.hpp"
#include "engine/modelica/msl_builtins.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace flange::modelica {

namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    if (!in)
        throw badInput(p.string() + ": cannot be read");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> packageOrder(const fs::path& folder)
{
    std::vector<std::string> order;
    std::ifstream in(folder / "package.order");
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (!line.empty())
            order.push_back(line);
    }
    return order;
}

// Modelica's package folders nest no deeper than this here; deeper is refused, not followed.
constexpr int kMostPackageFolderDepth = 32;

} // namespace

void ModelicaSource::enter(const ClassDef& c, const StoredDefinition* sd)
{
    classes_[c.fullName] = &c;
    fileOf_[&c] = sd;
    unparsed_.erase(c.fullName);
    for (const auto& n : c.classes)
        enter(*n, sd);
}

void ModelicaSource::add(StoredDefinition&& parsed)
{
    files_.push_back(std::make_unique<StoredDefinition>(std::move(parsed)));
    const StoredDefinition* sd = files_.back().get();
    for (const auto& c : sd->classes)
        enter(*c, sd);
}

void ModelicaSource::indexFolder(const std::string& folder, const std::string& fullName)
{
    if (std::count(fullName.begin(), fullName.end(), '.') > kMostPackageFolderDepth)
        throw badInput(folder + ": package folders nested more than " + std::to_string(kMostPackageFolderDepth) +
                       " deep");
    for (const auto& entry : fs::directory_iterator(folder)) {
        const fs::path p = entry.path();
        if (entry.is_directory() && !entry.is_symlink() && fs::exists(p / "package.mo")) {
            unparsed_[fullName + "." + p.filename().string()] = (p / "package.mo").string();
            indexFolder(p.string(), fullName + "." + p.filename().string());
        } else if (entry.is_regular_file() && p.extension() == ".mo" && p.filename() != "package.mo") {
            unparsed_[fullName + "." + p.stem().string()] = p.string();
        }
    }
}

ModelicaSource ModelicaSource::fromText(const std::string& text, const std::string& file)
{
    ModelicaSource s;
    s.add(parseModelica(text, file));
    for (const auto& c : s.files_.back()->classes)
        s.opened_.push_back(c->fullName);
    return s;
}

ModelicaSource ModelicaSource::open(const std::string& path)
{
    ModelicaSource s;
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    std::string shown = path; // the name messages use: as the user gave it
    if (fs::is_directory(p)) {
        if (!fs::exists(p / "package.mo"))
            throw badInput(path + ": a folder of Modelica classes needs a package.mo");
        p /= "package.mo";
        shown = (fs::path(path) / "package.mo").string();
    } else if (!fs::is_regular_file(p)) {
        throw badInput(path + ": no such file");
    }
    s.add(parseModelica(readText(p), shown));
    for (const auto& c : s.files_.back()->classes)
        s.opened_.push_back(c->fullName);
    // The package folder the file belongs to: its root is the highest folder with a package.mo.
    fs::path root = p.parent_path();
    if (!fs::exists(root / "package.mo"))
        return s;
    for (int up = 0; up < kMostPackageFolderDepth && fs::exists(root.parent_path() / "package.mo") &&
                     root.parent_path() != root;
         ++up)
        root = root.parent_path();
    const fs::path rootFile = root / "package.mo";
    std::string rootName;
    if (fs::equivalent(rootFile, p)) {
        rootName = s.files_.back()->classes.empty() ? std::string() : s.files_.back()->classes[0]->fullName;
    } else {
        s.add(parseModelica(readText(rootFile), rootFile.string()));
        const auto& cs = s.files_.back()->classes;
        rootName = cs.empty() ? std::string() : cs[0]->fullName;
    }
    if (rootName.empty())
        throw badInput(rootFile.string() + ": declares no package");
    s.indexFolder(root.string(), rootName);
    // The files read already are not read again.
    for (const auto& [name, c] : s.classes_)
        s.unparsed_.erase(name);
    // Package files of the folders on the way down are read now: they may import.
    for (const auto& [name, file] : std::map<std::string, std::string>(s.unparsed_))
        if (fs::path(file).filename() == "package.mo" && s.unparsed_.count(name))
            s.add(parseModelica(readText(file), file));
    return s;
}

void ModelicaSource::collectModels(const ClassDef& c, std::vector<std::string>& out)
{
    if ((c.restriction == "model" || c.restriction == "block" || c.restriction == "class") && !c.partial) {
        out.push_back(c.fullName);
        return;
    }
    if (c.restriction != "package")
        return;
    std::vector<std::string> members;
    for (const auto& n : c.classes)
        members.push_back(n->name);
    // The files of a package folder, in package.order's order, then the rest by name.
    const std::string prefix = c.fullName + ".";
    auto it = fileOf_.find(&c);
    if (it != fileOf_.end() && fs::path(it->second->file).filename() == "package.mo") {
        for (const std::string& n : packageOrder(fs::path(it->second->file).parent_path()))
            if (std::find(members.begin(), members.end(), n) == members.end())
                members.push_back(n);
        std::vector<std::string> rest;
        for (const auto& [name, file] : unparsed_)
            if (name.starts_with(prefix) && name.find('.', prefix.size()) == std::string::npos)
                rest.push_back(name.substr(prefix.size()));
        for (const std::string& n : rest)
            if (std::find(members.begin(), members.end(), n) == members.end())
                members.push_back(n);
    }
    for (const std::string& n : members)
        if (const ClassDef* m = find(prefix + n))
            collectModels(*m, out);
}

std::vector<std::string> ModelicaSource::models()
{
    std::vector<std::string> out;
    for (const std::string& n : std::vector<std::string>(opened_))
        if (const ClassDef* c = find(n))
            collectModels(*c, out);
    return out;
}

const ClassDef* ModelicaSource::find(const std::string& fullName)
{
    if (auto it = classes_.find(fullName); it != classes_.end())
        return it->second;
    // The file of the class or of the enclosing class nearest to it.
    for (std::string n = fullName; !n.empty();) {
        if (auto u = unparsed_.find(n); u != unparsed_.end()) {
            const std::string file = u->second;
            unparsed_.erase(u);
            add(parseModelica(readText(file), file));
            return find(fullName);
        }
        const size_t dot = n.rfind('.');
        n = dot == std::string::npos ? std::string() : n.substr(0, dot);
    }
    return nullptr;
}

const StoredDefinition& ModelicaSource::fileOf(const ClassDef& c) const { return *fileOf_.at(&c); }

std::string ModelicaSource::lookup(const std::string& name, const ClassDef& scope,
                                   const std::function<bool(const std::string&)>& exists)
{
    if (name.starts_with("."))
        return name.substr(1); // a global name
    const size_t dot = name.find('.');
    const std::string first = name.substr(0, dot), rest = dot == std::string::npos ? "" : name.substr(dot);
    auto known = [&](const std::string& full) {
        return find(full) != nullptr || isMslPackage(full) || mslConstant(full) || exists(full);
    };
    // The scopes from the class outwards: the class, each enclosing class, the top level.
    for (std::string s = scope.fullName;; ) {
        const ClassDef* c = find(s);
        if (c) {
            for (const Import& im : c->imports) {
                if (!im.wildcard && im.alias == first)
                    return im.target + rest;
                if (im.wildcard && known(im.target + "." + first))
                    return im.target + "." + name;
            }
        }
        const std::string candidate = s.empty() ? first : s + "." + first;
        if (known(candidate))
            return candidate + rest;
        if (s.starts_with("Modelica") || (c && c->fullName.starts_with("Modelica")))
            if (std::string imported = mslPackageImport(first); !imported.empty())
                return imported + rest;
        if (s.empty())
            break;
        const size_t d = s.rfind('.');
        s = d == std::string::npos ? std::string() : s.substr(0, d);
    }
    return std::string();
}

} // namespace flange::modelica
