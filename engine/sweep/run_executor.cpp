#include "engine/sweep/run_executor.hpp"

#include "engine/compile.hpp"
#include "engine/error.hpp"

#include <unordered_map>

namespace flange::sweep {

DiagramRunExecutor::DiagramRunExecutor(diagram::Diagram base, const library::Library& lib,
                                       std::vector<OverrideTarget> targets, SimulationOptions options)
    : base_(std::move(base)), lib_(lib), targets_(std::move(targets)), options_(std::move(options))
{
}

std::vector<std::string> DiagramRunExecutor::signalNames()
{
    const auto model = compileModel(base_, lib_);
    std::vector<std::string> names;
    names.reserve(model->outputs.size());
    for (const auto& o : model->outputs)
        names.push_back(o.name);
    return names;
}

void DiagramRunExecutor::run(const std::vector<double>& values, const std::vector<std::string>& columns, ResultSink& sink)
{
    diagram::Diagram d = base_;
    for (size_t i = 0; i < targets_.size(); ++i)
        applyOverride(d, targets_[i], values[i]);
    const auto model = compileModel(d, lib_, CompileOptions{[&] { return sink.cancelled(); }, {}});
    std::unordered_map<std::string, int> column;
    for (size_t i = 0; i < model->outputs.size(); ++i)
        column.emplace(model->outputs[i].name, static_cast<int>(i));
    std::vector<int> outputs;
    for (const std::string& s : columns) {
        const auto it = column.find(s);
        if (it == column.end())
            throw badInput("the model has no variable '" + s + "'");
        outputs.push_back(it->second);
    }
    if (outputs.empty() && !model->outputs.empty())
        outputs.push_back(0); // none asked (metrics of events only): one, as an empty list means all
    simulate(*model, options_, sink, outputs);
}

} // namespace flange::sweep
