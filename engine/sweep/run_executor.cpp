#include "engine/sweep/run_executor.hpp"

#include "engine/api/simulation.hpp"
#include "engine/error.hpp"

namespace flange::sweep {

DiagramRunExecutor::DiagramRunExecutor(diagram::Diagram base, const library::Library& lib,
                                       std::vector<OverrideTarget> targets, SimulationOptions options)
    : base_(std::move(base)), lib_(lib), targets_(std::move(targets)), options_(std::move(options))
{
}

std::shared_ptr<const Model> DiagramRunExecutor::model()
{
    std::lock_guard lock(compiling_);
    if (!model_) {
        // The library outlives the executor (see the constructor): the model only borrows it.
        const std::shared_ptr<const library::Library> borrowed(&lib_, [](const library::Library*) {});
        model_ = Model::compile(base_, borrowed);
    }
    return model_;
}

std::vector<std::string> DiagramRunExecutor::signalNames()
{
    const std::shared_ptr<const Model> m = model();
    std::vector<std::string> names;
    names.reserve(m->variableCount());
    for (size_t i = 0; i < m->variableCount(); ++i)
        names.push_back(m->variable(i).name);
    return names;
}

void DiagramRunExecutor::run(const std::vector<double>& values, const std::vector<std::string>& columns, ResultSink& sink)
{
    const std::shared_ptr<const Model> m = model();
    Run run(m);
    run.setOptions(options_);
    for (size_t i = 0; i < targets_.size(); ++i) {
        const OverrideTarget& t = targets_[i];
        if (t.kind == OverrideTarget::Kind::StartValue)
            run.setStart(t.component + "." + t.member, values[i]);
        else
            run.setParameter(t.name, values[i]);
    }
    if (!columns.empty())
        run.selectSignals(columns);
    else if (m->variableCount() > 0)
        run.selectSignals({m->variable(0).name}); // none asked (metrics of events only): one, as an empty list means all
    run.streamTo(sink);
    run.runToEnd();
}

} // namespace flange::sweep
