#include "engine/api/model.hpp"

#include "engine/compile.hpp"
#include "engine/model_check.hpp"
#include "engine/run.hpp"
#include "engine/diagram/model_parameters.hpp"
#include "engine/sweep/tunable_values.hpp"

#include <algorithm>
#include <cstdio>

namespace flange {

std::shared_ptr<const Model> Model::compile(const diagram::Diagram& diagram,
                                            std::shared_ptr<const library::Library> library,
                                            const CompileOptions& options)
{
    return compile(std::make_shared<const diagram::Diagram>(diagram), std::move(library), options);
}

std::shared_ptr<const Model> Model::compile(std::shared_ptr<const diagram::Diagram> diagram,
                                            std::shared_ptr<const library::Library> library,
                                            const CompileOptions& options)
{
    std::shared_ptr<Model> m(new Model);
    m->compiled_ = compileModel(*diagram, *library, options);
    m->diagram_ = std::move(diagram);
    m->library_ = std::move(library);
    return m;
}

std::vector<int32_t> Model::columnsWithSameValues(const std::vector<int>& selected) const
{
    return flange::columnsWithSameValues(*compiled_, selected);
}

std::vector<Model::SharedColumn> Model::columnsSharedWithSign(const std::vector<int>& selected) const
{
    std::vector<Model::SharedColumn> out;
    for (const flange::SharedColumn& s : flange::columnsSharedWithSign(*compiled_, selected))
        out.push_back({s.first, s.negated, s.constant});
    return out;
}

size_t Model::variableCount() const { return compiled_->outputs.size(); }

Model::Variable Model::variable(size_t i) const
{
    const OutputVar& o = compiled_->outputs.at(i);
    return {o.name, o.unit, o.isProtected, o.isBoolean, o.isInteger, o.kind == OutputVar::Kind::Discrete};
}

std::optional<int> Model::variableIndex(const std::string& name) const
{
    const auto& outputs = compiled_->outputs;
    for (size_t i = 0; i < outputs.size(); ++i)
        if (outputs[i].name == name)
            return static_cast<int>(i);
    return std::nullopt;
}

const library::VariableDef* Model::variableDefinition(const std::string& instance, const std::string& variable) const
{
    const auto type = compiled_->instanceTypes.find(instance);
    if (type == compiled_->instanceTypes.end())
        return nullptr;
    const library::ComponentDefinition* definition = library_->find(type->second);
    return definition ? definition->variable(variable) : nullptr;
}

std::vector<Model::Parameter> Model::parameters() const
{
    std::vector<Parameter> out;
    const std::vector<std::string> tunable = sweep::tunableParameters(*compiled_);
    auto isTunable = [&tunable](const std::string& full) {
        return std::find(tunable.begin(), tunable.end(), full) != tunable.end();
    };
    auto valueOf = [this](const std::string& full) -> std::optional<double> {
        const auto it = compiled_->parameterValues.find(full);
        return it == compiled_->parameterValues.end() ? std::nullopt : std::optional<double>(it->second);
    };
    for (const diagram::ParameterDeclaration& p : diagram::declarations(*diagram_)) {
        std::optional<double> value;
        if (p.value.is_number())
            value = p.value.get<double>();
        else if (p.value.is_object() && p.value.contains("value") && p.value["value"].is_number())
            value = p.value["value"].get<double>();
        out.push_back({p.name, p.unit, value, isTunable(p.name)});
    }
    for (const diagram::Component& c : diagram_->components) {
        if (const library::ComponentDefinition* def = library_->find(c.type)) {
            for (const library::ParameterDef& p : def->parameters)
                if (!p.isFinal && p.type != library::ValueType::String && p.type != library::ValueType::Table)
                    out.push_back({c.name + "." + p.name, p.unit, valueOf(c.name + "." + p.name),
                                   isTunable(c.name + "." + p.name)});
        } else if (const diagram::Diagram* sub = diagram_->findSubsystem(c.type)) {
            for (const diagram::ParameterDeclaration& p : diagram::declarations(*sub))
                if (p.type != "Table")
                    out.push_back({c.name + "." + p.name, p.unit, valueOf(c.name + "." + p.name), false});
        }
    }
    return out;
}

const std::vector<std::string>& Model::warnings() const { return compiled_->warnings; }
const TranslationStats& Model::translation() const { return compiled_->stats; }
CheckReport Model::check() const { return checkModel(*compiled_); }
size_t Model::jacobianEntries() const { return compiled_->jacPattern.nnz(); }

std::string Model::tapeSummary() const
{
    // how each tape runs: as machine code (its size) or interpreted (too long, or not x86-64)
    const auto tape = [](const char* name, const codegen::Tape& t) {
        char how[64];
        if (t.instructionCount() == 0)
            return std::string(name) + " 0";
        if (t.isNative())
            std::snprintf(how, sizeof how, "native, %.1f KB", static_cast<double>(t.nativeBytes()) / 1024);
        else
            std::snprintf(how, sizeof how, "interpreted");
        return std::string(name) + " " + std::to_string(t.instructionCount()) + " (" + how + ")";
    };
    return tape("residual", compiled_->residual) + ", " + tape("Jacobian", compiled_->jacobian) + ", " +
           tape("computed values", compiled_->computed) + ", " + tape("crossings", compiled_->crossing);
}

} // namespace flange
