#include "ui/sweep/sweep_preparation.hpp"

#include "engine/api/errors.hpp"

#include <array>
#include <utility>

namespace flange::ui {

std::shared_ptr<SweepJob> prepareSweepJob(const sweep::SweepDefinition& definition, const diagram::Diagram& model,
                                          std::shared_ptr<const library::Library> library,
                                          const SimulationOptions& options)
{
    sweep::PreparedSweep prepared = sweep::prepareSweep(definition, model, *library);
    const sweep::MetricSet metrics(definition.metrics);
    sweep::checkMetricColumns(prepared.plan, metrics);
    sweep::DiagramRunExecutor executor(prepared.model, *library, prepared.targets, options);
    sweep::checkSweepSignals(metrics, definition.chosenSignals, executor);
    auto job = std::make_shared<SweepJob>();
    job->definition = definition;
    job->model = std::move(prepared.model);
    job->library = std::move(library);
    job->targets = std::move(prepared.targets);
    job->plan = std::move(prepared.plan);
    job->options = options;
    return job;
}

QString inDialogTerms(const std::string& message)
{
    static const std::array<std::pair<const char*, const char*>, 7> terms{{{"--vary NAME=SPEC", "parameter with values"},
                                                                          {"--vary ", "Values for "},
                                                                          {"--metric ", "Metric "},
                                                                          {"--metric", "Metrics"},
                                                                          {"--signals", "Signals to keep"},
                                                                          {"--samples", "Samples"},
                                                                          {"--paired", "Paired"}}};
    QString m = QString::fromStdString(message);
    for (const auto& [option, field] : terms)
        m.replace(QLatin1String(option), QLatin1String(field));
    m.replace(QLatin1String("--set "), QString());
    return m;
}

QStringList sweepableNames(const diagram::Diagram& d, const library::Library& lib)
{
    QStringList names;
    auto accept = [&](const std::string& name) {
        try {
            sweep::findOverrideTarget(d, lib, name);
            names << QString::fromStdString(name);
        } catch (const Error&) {
            // not a number the engine can set
        }
    };
    for (const diagram::ParameterDeclaration& p : diagram::declarations(d))
        accept(p.name);
    for (const diagram::Component& c : d.components) {
        // A subsystem embedded in the diagram: its declared parameters.
        if (const diagram::Diagram* sub = d.findSubsystem(c.type)) {
            for (const diagram::ParameterDeclaration& p : diagram::declarations(*sub))
                accept(c.name + "." + p.name);
            continue;
        }
        const library::ComponentDefinition* def = lib.find(c.type);
        if (!def)
            continue;
        for (const library::ParameterDef& p : def->parameters)
            accept(c.name + "." + p.name);
        for (const library::VariableDef& v : def->variables) {
            const diagram::VariableSettings* set = c.variable(v.name);
            if (v.start || (set && set->start))
                accept(c.name + "." + v.name + ".start");
        }
    }
    return names;
}

} // namespace flange::ui
