// One array task of a sweep on a cluster (slurm_sweep.hpp): `flange-sim sweep-chunk`.
#include "engine/sweep/slurm_sweep.hpp"

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
    // Refuses another version or a changed model before any run.
    OpenedSlurmSweep opened = openSlurmSweep(dir);
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

    const SweepPlan& plan = opened.prepared.plan;
    SweepPlan mine;
    mine.parameters = plan.parameters;
    for (size_t r : runs)
        mine.values.push_back(plan.values[r]);
    SimulationOptions options = opened.options;
    options.maxRows = 10'000'000;
    const MetricSet metrics(opened.definition.metrics);
    DiagramRunExecutor executor(std::move(opened.prepared.model), *opened.library, opened.prepared.targets, options);
    TaskFile listener(dir, file, mine, runs);
    return runSweep(mine, metrics, executor, SweepSettings{jobs, opened.definition.chosenSignals, cancelled},
                    listener);
}

} // namespace flange::sweep
