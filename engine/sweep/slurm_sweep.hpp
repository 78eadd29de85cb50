#pragma once
// A sweep run as Slurm array jobs (docs/sweeps.md, "On a cluster"): the folder of a local
// sweep (sweep.json, plan.csv, runs.csv, run-<run>.csv) plus
//   DIR/slurm.json          what every task must agree with: flange-sim's version, the
//                           model's path and hash, the simulation options, the Slurm options
//   DIR/model/model.json    the diagram as submitted, which the tasks read, with the data
//                           files it names inside its folder copied beside it at the same
//                           relative places (a table's "data/load.csv"): the sweep folder is
//                           all the nodes need, and the model can be edited meanwhile
//   DIR/batch-<b>.runs      the runs of submission b (0: the plan, 1...: sweep-resume) and
//                           its number of array tasks; task k runs the k-th of that many slices
//   DIR/batch-<b>.sbatch    its array-job script; DIR/batch-<b>.job its job id once submitted
//   DIR/tasks/runs-<b>-<k>.csv   task k's runs.csv lines (no header), flushed run by run
//   DIR/tasks/task-<b>-<k>.done  the task's exit status, written when flange-sim returned
//   DIR/tasks/task-<b>-<k>.log   its messages
// The runs of a batch are disjoint from those already in a task file, so nothing computed
// is computed again; runs.csv is the merge of the task files in run order (collectRuns).
// Running sbatch and squeue is the caller's business (app/flange-sim/slurm_commands.cpp).
// slurm_sweep.cpp: the folder; slurm_script.cpp: the script, scontrol's and squeue's text;
// slurm_task.cpp: one array task.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/simulation_types.hpp"
#include "engine/sweep/sweep_definition.hpp"
#include "engine/sweep/sweep_folder.hpp"
#include "engine/sweep/sweep_runner.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flange::sweep {

// Slurm's default MaxArraySize: task ids 0 to 1000.
inline constexpr size_t kDefaultMaxArraySize = 1001;
// Array tasks when --chunks is not given: each takes about 1% of the plan.
inline constexpr size_t kDefaultChunks = 100;

struct SlurmOptions {
    std::string partition, account, timeLimit; // empty: the cluster's default
    size_t chunks = kDefaultChunks;            // array tasks of a submission (at most the runs)
};

// What a task checks before running: written by writeSlurmSweep into slurm.json.
struct SlurmSetup {
    std::string flangeVersion;
    std::string flangeSim;            // the executable the tasks run, an absolute path
    std::string model;                // the tasks' copy of the diagram, DIR/model/model.json (writeSlurmSweep)
    std::string hash;                 // sweepHash(model, DIR/sweep.json)
    std::vector<std::string> library; // --library folders, absolute
    // Folders outside the diagram's whose data files it may read (--allow-files, the
    // window's question): those files are read where they are, not copied.
    std::vector<std::string> allowedDataFolders;
    std::optional<double> stopTime, interval, tolerance;
    size_t runs = 0;
    SlurmOptions slurm;
};

struct Batch {
    size_t number = 0;
    size_t tasks = 0;
    std::vector<size_t> runs; // ascending
};

// "fnv1a64:" and 16 hex digits: FNV-1a (64 bits) over the model file's bytes followed by
// sweep.json's bytes. Throws flange::Error (BadInput) naming a file that cannot be read.
std::string sweepHash(const std::filesystem::path& model, const std::filesystem::path& sweepJson);

// The runs of task `task` of `batch`: the task-th of batch.tasks slices, as even as can be.
std::vector<size_t> taskRuns(const Batch& batch, size_t task);

// "0-3, 7, 9-12".
std::string describeRuns(const std::vector<size_t>& runs);

// The text of the array-job script of `batch` (every path in single quotes).
std::string arrayJobScript(const std::filesystem::path& dir, const SlurmSetup& setup, const Batch& batch);

// MaxArraySize from `scontrol show config`'s output (nullopt if it is not there).
std::optional<size_t> parseMaxArraySize(const std::string& scontrolConfig);

// `squeue -h -r -o "%F %K %T"` lines: job id -> array task -> state (PENDING, RUNNING...).
std::map<std::string, std::map<size_t, std::string>> parseSqueue(const std::string& text);

// Checks a --partition, --account or --time value (letters, digits, "_.:,+-"): the script
// writes it in a #SBATCH line, which no shell reads. Throws flange::Error (BadInput).
void checkSlurmValue(const std::string& option, const std::string& value);

// `flange-sim sweep ... --slurm`: checks the sweep as the local sweep does (names, plan,
// metrics, signals, the model translates), writes sweep.json, plan.csv, an empty runs.csv,
// the model's copy with its data files (setup.model is set to it), slurm.json and batch 0
// with its script, whose path it returns. `maxArraySize` caps the tasks. Throws
// flange::Error (BadInput) naming what is wrong, a data file the copy would not find
// among them.
std::filesystem::path writeSlurmSweep(const SweepDefinition& definition, diagram::Diagram model,
                                      const library::Library& lib, const SlurmSetup& setup,
                                      const std::filesystem::path& dir, size_t maxArraySize);

SlurmSetup readSlurmSetup(const std::filesystem::path& dir);
// readSlurmSetup, refusing (flange::Error, BadInput) a folder written by another flange-sim
// version or whose model or sweep.json changed since: its runs would not be comparable.
SlurmSetup checkSlurmSweep(const std::filesystem::path& dir);

// A sweep folder made ready to run or to show: checked (checkSlurmSweep), its sweep.json,
// the model's copy read with its library (the default folders and setup.library) and
// prepared as writeSlurmSweep prepared it. What each task runs from, and what the window
// reattaches to.
struct OpenedSlurmSweep {
    SlurmSetup setup;
    SweepDefinition definition;
    std::shared_ptr<library::Library> library;
    PreparedSweep prepared;
    SimulationOptions options; // setup's stop time, interval and tolerance
};
OpenedSlurmSweep openSlurmSweep(const std::filesystem::path& dir);

// The chosen signals of run `run` as its task wrote them, DIR/run-<run>.csv (nullopt when
// there is none). Throws flange::Error (BadInput) naming a file that does not read.
struct RunSignals {
    std::vector<std::string> names;
    std::vector<double> time;
    std::vector<std::vector<double>> values; // [signal][row]
};
std::optional<RunSignals> readRunSignals(const std::filesystem::path& dir, size_t run);

// Whether an array task squeue lists in `state` may still run (PENDING, RUNNING...), not
// one that has ended and is only shown for a while (COMPLETED, CANCELLED, TIMEOUT...).
bool stillQueued(const std::string& state);
std::vector<Batch> readBatches(const std::filesystem::path& dir);
// The job ids of the batches submitted, by batch number.
std::map<size_t, std::string> readJobIds(const std::filesystem::path& dir);
void writeJobId(const std::filesystem::path& dir, size_t batch, const std::string& job);

// The batch file of submission `number` (throws flange::Error, BadInput, naming a bad line).
Batch readBatch(const std::filesystem::path& dir, size_t number);
// DIR/tasks/runs-<batch>-<task>.csv
std::filesystem::path taskRunsFile(const std::filesystem::path& dir, size_t batch, size_t task);
// Adds the whole records of a task file to `runs` (run -> its text with the final '\n'; the
// first of a run wins) and returns the length of the text they make: a record cut by a
// kill is left out.
size_t readTaskRecords(const std::filesystem::path& file, std::map<size_t, std::string>& runs);

// The runs found in the task files: run -> its runs.csv line. Only whole lines count (a
// task killed while writing leaves at most a part of one).
std::map<size_t, std::string> finishedRuns(const std::filesystem::path& dir);

// The exit status a task wrote when it ended (nullopt: it has not, or it was killed).
std::optional<int> taskExit(const std::filesystem::path& dir, size_t batch, size_t task);
std::filesystem::path taskLog(const std::filesystem::path& dir, size_t batch, size_t task);

struct Collected {
    size_t runs = 0, found = 0, failed = 0; // failed: runs whose status is not "ok"
    std::vector<size_t> missing;
};
// Rewrites DIR/runs.csv from the task files, in run order, and says what is missing.
Collected collectRuns(const std::filesystem::path& dir);

// `flange-sim sweep-resume`: batch n+1 of the runs in no task file, with its script (its
// path returned), or nullopt when no run is missing. `chunks` replaces the setup's when set.
std::optional<std::filesystem::path> writeResumeBatch(const std::filesystem::path& dir, std::optional<size_t> chunks,
                                                      size_t maxArraySize);

// `flange-sim sweep-chunk DIR --batch B --task K`: runs the task's runs not yet in its
// file, appending each as it finishes. Throws flange::Error (BadInput) when flange-sim's
// version, the model or sweep.json differ from slurm.json's, before any run.
SweepSummary runSlurmTask(const std::filesystem::path& dir, size_t batch, size_t task, unsigned jobs,
                          const std::function<bool()>& cancelled = {});

} // namespace flange::sweep
