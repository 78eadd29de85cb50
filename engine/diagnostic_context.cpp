#include "engine/diagnostic_context.hpp"

#include <set>

namespace flange {

namespace {

void addEquationSources(const std::vector<library::EquationDef>& list, std::map<std::string, std::string>& out)
{
    for (const auto& eq : list) {
        if (eq.kind == library::EquationDef::Kind::Equation && !eq.loc.file.empty())
            out.emplace(eq.text, eq.loc.str());
        for (const auto& branch : eq.branches)
            addEquationSources(branch.second, out);
        addEquationSources(eq.elseBranch, out);
    }
}

} // namespace

std::map<std::string, std::map<std::string, std::string>> equationSourcesByType(const std::vector<std::string>& types,
                                                                                const library::Library& lib)
{
    std::map<std::string, std::map<std::string, std::string>> out;
    for (const auto& type : std::set<std::string>(types.begin(), types.end()))
        if (const library::ComponentDefinition* def = lib.find(type)) {
            auto& sources = out[type];
            addEquationSources(def->equations, sources);
            addEquationSources(def->initialEquations, sources);
        }
    return out;
}

} // namespace flange
