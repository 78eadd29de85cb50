#include "engine/diagnostic_context.hpp"

#include "engine/error.hpp"
#include "engine/flatten/parameter_values.hpp"

namespace flange {

namespace {

void addEquationSources(const std::string& component, const std::vector<library::EquationDef>& list,
                        std::map<std::string, std::string>& out)
{
    for (const auto& eq : list) {
        if (eq.kind == library::EquationDef::Kind::Equation && !eq.loc.file.empty())
            out.emplace(component + ": " + eq.text, eq.loc.str());
        for (const auto& branch : eq.branches)
            addEquationSources(component, branch.second, out);
        addEquationSources(component, eq.elseBranch, out);
    }
}

} // namespace

std::map<std::string, std::string> equationSources(const diagram::Diagram& d, const library::Library& lib)
{
    std::map<std::string, std::string> out;
    for (const auto& c : d.components)
        if (const library::ComponentDefinition* def = lib.find(c.type)) {
            addEquationSources(c.name, def->equations, out);
            addEquationSources(c.name, def->initialEquations, out);
        }
    return out;
}

std::map<std::string, double> realParameterValues(const diagram::Diagram& d, const library::Library& lib)
{
    std::map<std::string, double> out;
    expr::Pool pool;
    flatten::ModelParameters model(d, pool);
    for (const auto& c : d.components) {
        const library::ComponentDefinition* def = lib.find(c.type);
        if (!def)
            continue;
        flatten::InstanceParameters instance(model, pool, *def, c);
        for (const auto& p : def->parameters) {
            if (p.type != library::ValueType::Real)
                continue;
            try {
                flatten::Symbol s = instance.get(p.name);
                if (s.kind == flatten::Symbol::Kind::Value)
                    out[c.name + "." + p.name] = s.value;
            } catch (const Error&) {
                // Only for messages: a value the translated model does not use may be missing.
            }
        }
    }
    return out;
}


} // namespace flange
