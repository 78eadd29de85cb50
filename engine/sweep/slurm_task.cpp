// One array task of a sweep on a cluster (slurm_sweep.hpp): `flange-sim sweep-chunk`.
#include "engine/sweep/slurm_sweep.hpp"

#include "engine/about/versions.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/io/csv_writer.hpp"
#include "engine/sweep/run_executor.hpp"
#include "engine/sweep/sweep_folder.hpp"

#include <cstdio>

namespace flange::sweep {

namespace fs = std::filesystem;

namespace {

// Writes each finished run of a task as its line of runs.csv, with its number in the plan.
class TaskFile : public SweepListener {
public:
    TaskFile(fs::path dir, fs::path file, const SweepPlan& plan, const std::vector<size_t>& runs)
        : dir_(std::move(dir)), file_(std::move(file)), plan_(plan), runs_(runs)
    {
        out_ = std::fopen(file_.c_str(), "ab");
        if (!out_)
            throw badInput(file_.string() + ": cannot be written");
    }
    ~TaskFile() override { std::fclose(out_); }
    void finished(const RunResult& r) override
    {
        line_.clear();
        appendRunsCsvLine(line_, runs_[r.run], plan_.values[r.run], r);
        if (std::fwrite(line_.data(), 1, line_.size(), out_) != line_.size() || std::fflush(out_) != 0)
            throw badInput(file_.string() + ": writing failed (is the disk full?)");
    }
    std::unique_ptr<ResultSink> openSignals(size_t run) override
    {
        return std::make_unique<io::CsvWriter>((dir_ / ("run-" + std::to_string(runs_[run]) + ".csv")).string());
    }
    void closeSignals(ResultSink& sink) override { static_cast<io::CsvWriter&>(sink).finish(); }

private:
    fs::path dir_, file_;
    const SweepPlan& plan_;        // the task's runs only
    const std::vector<size_t>& runs_; // their numbers in the whole plan
    std::FILE* out_ = nullptr;
    std::string line_;
};

} // namespace

SweepSummary runSlurmTask(const fs::path& dir, size_t batchNumber, size_t task, unsigned jobs,
                          const std::function<bool()>& cancelled)
{
    const SlurmSetup setup = readSlurmSetup(dir);
    if (setup.flangeVersion != about::flangeVersion())
        throw badInput(dir.string() + ": the sweep was written by flange-sim " + setup.flangeVersion +
                       ", this is flange-sim " + about::flangeVersion() +
                       "; install that version on the nodes (its runs would not be comparable)");
    const std::string hash = sweepHash(setup.model, dir / "sweep.json");
    if (hash != setup.hash)
        throw badInput(setup.model + ": the model or " + (dir / "sweep.json").string() +
                       " changed since the sweep was written (" + hash + ", not " + setup.hash +
                       "); its runs would not be comparable: start a new sweep");
    const Batch batch = readBatch(dir, batchNumber);
    if (task >= batch.tasks)
        throw badInput(dir.string() + ": batch " + std::to_string(batchNumber) + " has " +
                       std::to_string(batch.tasks) + " tasks, not task " + std::to_string(task));
    const fs::path file = taskRunsFile(dir, batchNumber, task);
    // A task run again (Slurm requeued it) keeps the runs it finished: only whole records count,
    // and one cut by the kill is dropped so that the next one starts on its own line.
    std::map<size_t, std::string> done;
    if (fs::exists(file)) {
        const size_t whole = readTaskRecords(file, done);
        if (whole != fs::file_size(file))
            fs::resize_file(file, whole);
    }
    std::vector<size_t> runs;
    for (size_t r : taskRuns(batch, task))
        if (!done.count(r))
            runs.push_back(r);

    const SweepDefinition definition = readSweepFile((dir / "sweep.json").string());
    diagram::Diagram model = diagram::loadDiagram(setup.model);
    library::Library lib;
    for (const auto& f : library::Library::defaultFolders())
        lib.indexFolder(f);
    for (const std::string& d : setup.library)
        lib.indexFolder(d);
    lib.require(library::typesUsedBy(model));
    lib.resolve();
    PreparedSweep p = prepareSweep(definition, std::move(model), lib);
    if (p.plan.runs() != setup.runs)
        throw internalError(setup.model, "the plan has " + std::to_string(p.plan.runs()) + " runs, slurm.json says " +
                                             std::to_string(setup.runs));
    SweepPlan mine;
    mine.parameters = p.plan.parameters;
    for (size_t r : runs)
        mine.values.push_back(p.plan.values[r]);
    SimulationOptions options;
    options.stopTime = setup.stopTime;
    options.interval = setup.interval;
    options.tolerance = setup.tolerance;
    options.maxRows = 10'000'000;
    const MetricSet metrics(definition.metrics);
    DiagramRunExecutor executor(std::move(p.model), lib, p.targets, options);
    TaskFile listener(dir, file, mine, runs);
    return runSweep(mine, metrics, executor, SweepSettings{jobs, definition.chosenSignals, cancelled}, listener);
}

} // namespace flange::sweep
