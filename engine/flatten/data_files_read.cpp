#include "engine/flatten/data_files_read.hpp"

#include "engine/io/data_files.hpp"
#include "engine/library/scoped_library.hpp"

#include <set>

namespace flange::flatten {

namespace {

using expr::Ast;
using library::ComponentDefinition;

class Lister {
public:
    explicit Lister(const diagram::Diagram& top) : top_(top) {}

    void level(const diagram::Diagram& d, const library::ScopedLibrary& lib, const std::string& folder,
               const std::string& prefix)
    {
        if (!seen_.insert(&d).second)
            return; // its files are listed; a subsystem used inside itself is translation's to report
        for (const diagram::Component& comp : d.components) {
            const ComponentDefinition* def = lib.find(comp.type);
            if (!def)
                continue;
            if (def->subsystem) {
                const diagram::Diagram& sub = *def->subsystem;
                level(sub, lib.inside(*def), sub.folder.empty() ? folder : sub.folder, prefix + comp.name + ".");
                continue;
            }
            for (const library::ParameterDef& p : def->parameters)
                if (p.defaultValue && p.defaultValue->ast)
                    files(*p.defaultValue->ast, *def, comp, folder, prefix + comp.name);
        }
    }

    std::vector<DataFileRead> out;

private:
    // A Boolean parameter's value where it is written as a constant.
    static std::optional<bool> flag(const Ast& a, const ComponentDefinition& def, const diagram::Component& comp)
    {
        if (a.kind != Ast::Kind::Ident)
            return std::nullopt;
        const library::ParameterDef* p = def.parameter(a.name);
        if (!p || p->type != library::ValueType::Boolean)
            return std::nullopt;
        if (const diagram::Json* given = comp.parameter(a.name))
            return given->is_boolean() ? std::optional<bool>(given->get<bool>()) : std::nullopt;
        if (p->defaultValue && p->defaultValue->ast && p->defaultValue->ast->kind == Ast::Kind::Boolean)
            return p->defaultValue->ast->number != 0;
        return std::nullopt;
    }

    static std::string text(const std::string& name, const ComponentDefinition& def, const diagram::Component& comp)
    {
        if (const diagram::Json* given = comp.parameter(name))
            return given->is_string() ? given->get<std::string>() : std::string();
        const library::ParameterDef* p = def.parameter(name);
        return p && p->type == library::ValueType::String && p->defaultValue ? p->defaultValue->text : std::string();
    }

    // Walks an expression without recursion: a long one must not exhaust the stack.
    void files(const Ast& root, const ComponentDefinition& def, const diagram::Component& comp,
               const std::string& folder, const std::string& instance)
    {
        std::vector<const Ast*> todo{&root};
        while (!todo.empty()) {
            const Ast& a = *todo.back();
            todo.pop_back();
            if (a.kind == Ast::Kind::If && a.args.size() == 3) {
                if (std::optional<bool> c = flag(*a.args[0], def, comp)) {
                    todo.push_back(a.args[*c ? 1 : 2].get());
                    continue;
                }
            }
            if (a.kind == Ast::Kind::Call && a.name == "tableFromFile" && !a.args.empty() &&
                a.args[0]->kind == Ast::Kind::Ident) {
                const std::string name = text(a.args[0]->name, def, comp);
                if (!name.empty() && name != "NoName")
                    add(name, folder, instance);
            }
            for (const auto& arg : a.args)
                todo.push_back(arg.get());
        }
    }

    void add(const std::string& name, const std::string& folder, const std::string& instance)
    {
        const io::DataFileAccess access{folder, top_.allowedDataFolders};
        DataFileRead f;
        f.path = access.resolve(name);
        if (!listed_.insert(f.path).second)
            return;
        f.component = instance;
        f.allowed = access.allows(f.path);
        f.folder = io::folderToAllow(f.path);
        out.push_back(std::move(f));
    }

    const diagram::Diagram& top_;
    std::set<const diagram::Diagram*> seen_;
    std::set<std::string> listed_;
};

} // namespace

std::vector<DataFileRead> dataFilesRead(const diagram::Diagram& d, const library::Library& lib)
{
    Lister lister(d);
    lister.level(d, library::ScopedLibrary(lib, {&d}), d.folder, "");
    return std::move(lister.out);
}

} // namespace flange::flatten
