#pragma once
// How one run of a sweep is executed, in one small interface, so that a sweep does not
// care where its runs go (threads here, Slurm tasks). DiagramRunExecutor translates the
// diagram once and makes each run a flange::Run of that one model with the run's values
// set: a run whose values are all tunable translates nothing, one that changes a
// structural parameter translates its own (docs/architecture.md, "Parameters").
#include "engine/api/model.hpp"
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/run.hpp"
#include "engine/sweep/parameter_overrides.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace flange::sweep {

class RunExecutor {
public:
    virtual ~RunExecutor() = default;
    // The names of every signal a run can report, to check a sweep's signals and metrics
    // before it starts. Throws flange::Error when the model does not translate.
    virtual std::vector<std::string> signalNames() = 0;
    // One run with `values` for the varied parameters (in the order the executor was made
    // with), reporting the `columns` (names from signalNames(), in this order) and the
    // events to `sink`, which may cancel. Throws flange::Error as compileModel and
    // simulate do. Called from several threads at once.
    virtual void run(const std::vector<double>& values, const std::vector<std::string>& columns, ResultSink& sink) = 0;
};

class DiagramRunExecutor : public RunExecutor {
public:
    // `targets` are the varied parameters (findOverrideTarget); `lib` must outlive this.
    DiagramRunExecutor(diagram::Diagram base, const library::Library& lib, std::vector<OverrideTarget> targets,
                       SimulationOptions options);
    std::vector<std::string> signalNames() override;
    void run(const std::vector<double>& values, const std::vector<std::string>& columns, ResultSink& sink) override;

private:
    // The base diagram's translation, made by the first caller, shared by every run.
    std::shared_ptr<const Model> model();

    diagram::Diagram base_;
    const library::Library& lib_;
    std::vector<OverrideTarget> targets_;
    SimulationOptions options_;
    std::mutex compiling_;
    std::shared_ptr<const Model> model_;
};

} // namespace flange::sweep
