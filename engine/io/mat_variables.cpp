#include "engine/io/mat_variables.hpp"

#include "engine/error.hpp"

#include <unordered_map>

namespace flange::io {

namespace {

// "Absolute rotation angle [rad]": the definition's description of a component's own
// variable or parameter (none for connector members and subsystem parts), then the unit,
// as OpenModelica writes them.
class Describer {
public:
    explicit Describer(const Model& model)
    {
        for (const diagram::Component& c : model.diagram().components)
            if (const library::ComponentDefinition* def = model.library().find(c.type))
                definitions_.emplace(c.name, def);
    }
    std::string operator()(const std::string& name, const std::string& unit, bool parameter) const
    {
        std::string text;
        if (const size_t dot = name.find('.'); dot != std::string::npos) {
            if (const auto it = definitions_.find(name.substr(0, dot)); it != definitions_.end()) {
                const std::string member = name.substr(dot + 1);
                if (parameter) {
                    if (const library::ParameterDef* p = it->second->parameter(member))
                        text = p->description;
                } else if (const library::VariableDef* v = it->second->variable(member)) {
                    text = v->description;
                }
            }
        }
        if (!unit.empty())
            text += (text.empty() ? "[" : " [") + unit + "]";
        return text;
    }

private:
    std::unordered_map<std::string, const library::ComponentDefinition*> definitions_;
};

} // namespace

std::vector<MatVariable> matVariables(const Model& model, const std::vector<std::string>& columns)
{
    std::vector<int> selected;
    for (const std::string& s : columns) {
        const std::optional<int> index = model.variableIndex(s);
        if (!index)
            throw badInput("the model has no variable '" + s + "'");
        selected.push_back(*index);
    }
    const std::vector<Model::SharedColumn> shared = model.columnsSharedWithSign(selected);
    const Describer describe(model);
    std::vector<MatVariable> out;
    for (size_t c = 0; c < shared.size(); ++c) {
        const Model::Variable v = model.variable(selected.empty() ? c : static_cast<size_t>(selected[c]));
        out.push_back({v.name, describe(v.name, v.unit, false), shared[c].first, shared[c].negated,
                       shared[c].constant, 0.0});
    }
    for (const Model::Parameter& p : model.parameters())
        if (p.value)
            out.push_back({p.name, describe(p.name, p.unit, true), -1, false, true, *p.value});
    return out;
}

} // namespace flange::io
