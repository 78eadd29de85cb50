#pragma once
// A sweep's results on disk (docs/sweeps.md):
//   DIR/sweep.json   the sweep as run (sweep_definition.hpp), to run it again
//   DIR/plan.csv     run, then each varied parameter: written before the first run
//   DIR/runs.csv     run, each varied parameter, each metric, status, message, seconds:
//                    one line per finished run, appended and flushed as it finishes, so
//                    in the order runs finish (not reordered: sort by run for plan order)
//   DIR/run-<run>.csv  the chosen signals of each run (--signals), as flange-sim -o
// Numbers at full precision (io::formatCsvNumber); a metric without a value is empty.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/sweep/sweep_definition.hpp"
#include "engine/sweep/sweep_runner.hpp"

#include <cstdio>
#include <filesystem>
#include <string>

namespace flange::sweep {

class SweepFolder : public SweepListener {
public:
    // Creates `dir` if needed, writes sweep.json and plan.csv and starts runs.csv. Throws
    // flange::Error (BadInput) naming the file that cannot be written.
    SweepFolder(const std::filesystem::path& dir, const SweepDefinition& definition, const SweepPlan& plan,
                const MetricSet& metrics);
    ~SweepFolder() override;
    void finished(const RunResult& result) override;
    std::unique_ptr<ResultSink> openSignals(size_t run) override;
    void closeSignals(ResultSink& sink) override;
    // Closes runs.csv; throws flange::Error if anything could not be written (disk full).
    void close();

private:
    std::filesystem::path dir_;
    const SweepPlan& plan_;
    std::FILE* runs_ = nullptr;
    std::string line_;
};

// One line of runs.csv for run `run` with the plan's `values` (as SweepFolder writes it, and
// the tasks of a sweep on a cluster: slurm_sweep.hpp).
void appendRunsCsvLine(std::string& line, size_t run, const std::vector<double>& values, const RunResult& result);

// Throws flange::Error (BadInput) for a metric named as another column of runs.csv.
void checkMetricColumns(const SweepPlan& plan, const MetricSet& metrics);

// The whole of `flange-sim sweep`: sets definition.set in `model`, finds the varied
// parameters, makes the plan, writes the folder and runs the sweep, each run translated
// from the diagram with its values (DiagramRunExecutor). Throws flange::Error (BadInput)
// naming what is wrong before any run starts.
SweepSummary runSweepToFolder(const SweepDefinition& definition, diagram::Diagram model, const library::Library& lib,
                              const SimulationOptions& options, const std::filesystem::path& dir, unsigned jobs,
                              const std::function<bool()>& cancelled = {});

// The plan of `definition` for `model` (with definition.set applied), and the varied
// parameters' targets: what runSweepToFolder runs.
struct PreparedSweep {
    diagram::Diagram model;
    std::vector<OverrideTarget> targets;
    SweepPlan plan;
};
PreparedSweep prepareSweep(const SweepDefinition& definition, diagram::Diagram model, const library::Library& lib);

} // namespace flange::sweep
