#include "engine/sweep/slurm_sweep.hpp"

#include "engine/about/versions.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/io/csv_writer.hpp"
#include "engine/io/json_input.hpp"
#include "engine/sweep/run_executor.hpp"
#include "engine/sweep/sweep_folder.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

namespace flange::sweep {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw badInput(path.string() + ": cannot be read");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeFile(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out)
        throw badInput(path.string() + ": cannot be written");
}

// A word for a POSIX shell: single quotes, each ' written as '\''.
std::string shellQuote(const std::string& text)
{
    std::string out = "'";
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

fs::path batchFile(const fs::path& dir, size_t batch, const char* extension)
{
    return dir / ("batch-" + std::to_string(batch) + extension);
}

std::string taskName(size_t batch, size_t task) { return std::to_string(batch) + "-" + std::to_string(task); }

fs::path taskRunsFile(const fs::path& dir, size_t batch, size_t task)
{
    return dir / "tasks" / ("runs-" + taskName(batch, task) + ".csv");
}

// Consecutive runs as stretches: "a-b", or "a" alone; joined by `separator`.
std::string stretches(const std::vector<size_t>& runs, const char* separator)
{
    std::string out;
    for (size_t i = 0; i < runs.size();) {
        size_t j = i;
        while (j + 1 < runs.size() && runs[j + 1] == runs[j] + 1)
            ++j;
        if (i > 0)
            out += separator;
        out += std::to_string(runs[i]);
        if (j > i) {
            out += '-';
            out += std::to_string(runs[j]);
        }
        i = j + 1;
    }
    return out;
}

// batch-<b>.runs: "tasks N", then one line per stretch of runs, "a-b" or "a".
void writeBatch(const fs::path& dir, const Batch& batch)
{
    std::string text = "tasks " + std::to_string(batch.tasks) + "\n" + stretches(batch.runs, "\n");
    if (!batch.runs.empty())
        text += '\n';
    writeFile(batchFile(dir, batch.number, ".runs"), text);
}

Batch readBatch(const fs::path& dir, size_t number)
{
    const fs::path path = batchFile(dir, number, ".runs");
    std::istringstream in(readFile(path));
    Batch b;
    b.number = number;
    std::string word;
    if (!(in >> word >> b.tasks) || word != "tasks" || b.tasks == 0)
        throw badInput(path.string() + ": line 1 is not 'tasks N'");
    std::string line;
    std::getline(in, line);
    for (int lineNumber = 2; std::getline(in, line); ++lineNumber) {
        unsigned long long a = 0, z = 0;
        char dash = 0;
        std::istringstream fields(line);
        if (!(fields >> a))
            throw badInput(path.string() + ":" + std::to_string(lineNumber) + ": not a run or a range of runs");
        z = a;
        if (fields >> dash && (dash != '-' || !(fields >> z) || z < a))
            throw badInput(path.string() + ":" + std::to_string(lineNumber) + ": not a run or a range of runs");
        for (unsigned long long r = a; r <= z; ++r)
            b.runs.push_back(static_cast<size_t>(r));
    }
    return b;
}

Json optionalNumber(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

std::optional<double> optionalNumber(const Json& j)
{
    return j.is_number() ? std::optional<double>(j.get<double>()) : std::nullopt;
}

void writeSetup(const fs::path& dir, const SlurmSetup& s)
{
    Json j;
    j["format"] = "flange-slurm-sweep";
    j["version"] = 1;
    j["flange"] = s.flangeVersion;
    j["flange-sim"] = s.flangeSim;
    j["model"] = s.model;
    j["hash"] = s.hash;
    j["library"] = s.library;
    j["stop"] = optionalNumber(s.stopTime);
    j["interval"] = optionalNumber(s.interval);
    j["tolerance"] = optionalNumber(s.tolerance);
    j["runs"] = s.runs;
    j["partition"] = s.slurm.partition;
    j["account"] = s.slurm.account;
    j["time"] = s.slurm.timeLimit;
    j["chunks"] = s.slurm.chunks;
    writeFile(dir / "slurm.json", j.dump(2) + "\n");
}

// Reads a task file's whole records into `runs` (run -> its text with the final '\n'; the
// first of a run wins) and returns the length of the text they make. A record ends at a
// '\n' outside quotes (a message may hold line breaks); a record cut by a kill is left out.
size_t readTaskRecords(const std::string& text, std::map<size_t, std::string>& runs)
{
    size_t begin = 0;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '"')
            quoted = !quoted;
        else if (text[i] == '\n' && !quoted) {
            size_t run = 0, digits = begin;
            while (digits < i && text[digits] >= '0' && text[digits] <= '9')
                run = run * 10 + static_cast<size_t>(text[digits++] - '0');
            if (digits > begin && text[digits] == ',')
                runs.emplace(run, text.substr(begin, i + 1 - begin));
            begin = i + 1;
        }
    }
    return begin;
}

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

size_t tasksFor(size_t runs, size_t chunks, size_t maxArraySize)
{
    return std::max<size_t>(1, std::min({runs, chunks, maxArraySize}));
}

fs::path writeBatchAndScript(const fs::path& dir, const SlurmSetup& setup, const Batch& batch)
{
    writeBatch(dir, batch);
    const fs::path script = batchFile(dir, batch.number, ".sbatch");
    writeFile(script, arrayJobScript(dir, setup, batch));
    fs::permissions(script, fs::perms::owner_exec | fs::perms::group_exec, fs::perm_options::add);
    return script;
}

} // namespace

std::string sweepHash(const fs::path& model, const fs::path& sweepJson)
{
    uint64_t h = 14695981039346656037ull; // FNV-1a offset basis
    for (const fs::path& p : {model, sweepJson})
        for (unsigned char c : readFile(p)) {
            h ^= c;
            h *= 1099511628211ull; // FNV prime
        }
    char text[32];
    std::snprintf(text, sizeof text, "fnv1a64:%016" PRIx64, h);
    return text;
}

std::vector<size_t> taskRuns(const Batch& batch, size_t task)
{
    const size_t n = batch.runs.size();
    const size_t begin = n * task / batch.tasks, end = n * (task + 1) / batch.tasks;
    return {batch.runs.begin() + static_cast<std::ptrdiff_t>(std::min(begin, n)),
            batch.runs.begin() + static_cast<std::ptrdiff_t>(std::min(end, n))};
}

std::string describeRuns(const std::vector<size_t>& runs) { return stretches(runs, ", "); }

std::string arrayJobScript(const fs::path& dir, const SlurmSetup& setup, const Batch& batch)
{
    const std::string b = std::to_string(batch.number);
    std::string s = "#!/bin/bash\n";
    s += "# A Flange sweep as a Slurm array job: batch " + b + ", " + std::to_string(batch.runs.size()) +
         " runs of the plan in " + std::to_string(batch.tasks) + " tasks (written by flange-sim " +
         setup.flangeVersion + ").\n";
    s += "# Each task runs its slice of DIR/batch-" + b +
         ".runs with flange-sim sweep-chunk and writes DIR/tasks/runs-" + b + "-<task>.csv,\n";
    s += "# its messages to task-" + b + "-<task>.log and, when flange-sim returned, its exit status to task-" + b +
         "-<task>.done.\n";
    s += "# The compute nodes must reach the sweep folder, the model and flange-sim at the paths below:\n";
    s += "# a file system shared with the submitting machine, and the flange .deb (version " + setup.flangeVersion +
         ") installed on every node.\n";
    s += "#SBATCH --job-name=flange-sweep\n";
    s += "#SBATCH --array=0-" + std::to_string(batch.tasks - 1) + "\n";
    s += "#SBATCH --ntasks=1\n";
    s += "#SBATCH --cpus-per-task=1\n";
    s += "#SBATCH --output=/dev/null\n";
    if (!setup.slurm.partition.empty())
        s += "#SBATCH --partition=" + setup.slurm.partition + "\n";
    if (!setup.slurm.account.empty())
        s += "#SBATCH --account=" + setup.slurm.account + "\n";
    if (!setup.slurm.timeLimit.empty())
        s += "#SBATCH --time=" + setup.slurm.timeLimit + "\n";
    s += "set -u\n";
    s += "sweep=" + shellQuote(fs::absolute(dir).lexically_normal().string()) + "\n";
    s += "flange_sim=" + shellQuote(setup.flangeSim) + "\n";
    s += "task=${SLURM_ARRAY_TASK_ID:?submit this script with sbatch: it is an array job}\n";
    s += "exec > \"$sweep/tasks/task-" + b + "-$task.log\" 2>&1\n";
    s += "\"$flange_sim\" sweep-chunk \"$sweep\" --batch " + b + " --task \"$task\" --jobs \"${SLURM_CPUS_PER_TASK:-1}\"\n";
    s += "status=$?\n";
    s += "echo \"$status\" > \"$sweep/tasks/task-" + b + "-$task.done\"\n";
    s += "exit \"$status\"\n";
    return s;
}

std::optional<size_t> parseMaxArraySize(const std::string& text)
{
    static const std::regex line(R"((?:^|\n)\s*MaxArraySize\s*=\s*(\d+))");
    std::smatch m;
    if (!std::regex_search(text, m, line))
        return std::nullopt;
    return static_cast<size_t>(std::stoull(m[1].str()));
}

std::map<std::string, std::map<size_t, std::string>> parseSqueue(const std::string& text)
{
    std::map<std::string, std::map<size_t, std::string>> jobs;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string job, task, state;
        if (!(fields >> job >> task >> state))
            continue;
        if (task.find_first_not_of("0123456789") != std::string::npos) // "N/A": not an array job
            continue;
        jobs[job][static_cast<size_t>(std::stoull(task))] = state;
    }
    return jobs;
}

void checkSlurmValue(const std::string& option, const std::string& value)
{
    static const std::regex allowed(R"([A-Za-z0-9_.:,+\-]+)");
    if (!std::regex_match(value, allowed))
        throw badInput(option + " '" + value + "': only letters, digits and _ . : , + - are accepted");
}

fs::path writeSlurmSweep(const SweepDefinition& definition, diagram::Diagram model, const library::Library& lib,
                         const SlurmSetup& given, const fs::path& dir, size_t maxArraySize)
{
    if (fs::exists(dir / "slurm.json"))
        throw badInput((dir / "slurm.json").string() +
                       ": the folder holds a sweep on a cluster already (flange-sim sweep-status, sweep-resume)");
    for (const auto& [option, value] : {std::pair{"--partition", given.slurm.partition},
                                        std::pair{"--account", given.slurm.account},
                                        std::pair{"--time", given.slurm.timeLimit}})
        if (!value.empty())
            checkSlurmValue(option, value);
    PreparedSweep p = prepareSweep(definition, std::move(model), lib);
    const MetricSet metrics(definition.metrics);
    checkMetricColumns(p.plan, metrics);
    {
        // The model must translate and report the signals asked for before anything is written.
        SimulationOptions options;
        options.stopTime = given.stopTime;
        options.interval = given.interval;
        options.tolerance = given.tolerance;
        DiagramRunExecutor executor(p.model, lib, p.targets, options);
        checkSweepSignals(metrics, definition.chosenSignals, executor);
    }
    {
        SweepFolder folder(dir, definition, p.plan, metrics);
        folder.close();
    }
    std::error_code ec;
    fs::create_directories(dir / "tasks", ec);
    if (ec)
        throw badInput((dir / "tasks").string() + ": cannot create the folder (" + ec.message() + ")");
    SlurmSetup setup = given;
    setup.runs = p.plan.runs();
    setup.hash = sweepHash(setup.model, dir / "sweep.json");
    writeSetup(dir, setup);
    Batch batch;
    batch.tasks = tasksFor(setup.runs, setup.slurm.chunks, maxArraySize);
    for (size_t r = 0; r < setup.runs; ++r)
        batch.runs.push_back(r);
    return writeBatchAndScript(dir, setup, batch);
}

SlurmSetup readSlurmSetup(const fs::path& dir)
{
    const fs::path path = dir / "slurm.json";
    if (!fs::exists(path))
        throw badInput(path.string() + ": not found; is " + dir.string() +
                       " the folder of a sweep made with flange-sim sweep --slurm?");
    const Json j = io::parseJsonInput(readFile(path), path.string());
    try {
        if (j.value("format", "") != "flange-slurm-sweep")
            throw badInput(path.string() + ": not a sweep on a cluster (format)");
        SlurmSetup s;
        s.flangeVersion = j.at("flange").get<std::string>();
        s.flangeSim = j.at("flange-sim").get<std::string>();
        s.model = j.at("model").get<std::string>();
        s.hash = j.at("hash").get<std::string>();
        s.library = j.at("library").get<std::vector<std::string>>();
        s.stopTime = optionalNumber(j.at("stop"));
        s.interval = optionalNumber(j.at("interval"));
        s.tolerance = optionalNumber(j.at("tolerance"));
        s.runs = j.at("runs").get<size_t>();
        s.slurm.partition = j.at("partition").get<std::string>();
        s.slurm.account = j.at("account").get<std::string>();
        s.slurm.timeLimit = j.at("time").get<std::string>();
        s.slurm.chunks = j.at("chunks").get<size_t>();
        return s;
    } catch (const nlohmann::json::exception& e) {
        throw badInput(path.string() + ": " + e.what());
    }
}

std::vector<Batch> readBatches(const fs::path& dir)
{
    std::vector<Batch> batches;
    for (size_t b = 0; fs::exists(batchFile(dir, b, ".runs")); ++b)
        batches.push_back(readBatch(dir, b));
    return batches;
}

std::map<size_t, std::string> readJobIds(const fs::path& dir)
{
    std::map<size_t, std::string> ids;
    for (size_t b = 0; fs::exists(batchFile(dir, b, ".runs")); ++b)
        if (fs::exists(batchFile(dir, b, ".job"))) {
            std::istringstream in(readFile(batchFile(dir, b, ".job")));
            std::string id;
            if (in >> id)
                ids[b] = id;
        }
    return ids;
}

void writeJobId(const fs::path& dir, size_t batch, const std::string& job)
{
    writeFile(batchFile(dir, batch, ".job"), job + "\n");
}

std::map<size_t, std::string> finishedRuns(const fs::path& dir)
{
    std::map<size_t, std::string> runs;
    for (const Batch& b : readBatches(dir))
        for (size_t t = 0; t < b.tasks; ++t)
            if (fs::exists(taskRunsFile(dir, b.number, t)))
                readTaskRecords(readFile(taskRunsFile(dir, b.number, t)), runs);
    return runs;
}

std::optional<int> taskExit(const fs::path& dir, size_t batch, size_t task)
{
    const fs::path path = dir / "tasks" / ("task-" + taskName(batch, task) + ".done");
    std::ifstream in(path);
    int status = 0;
    if (in >> status)
        return status;
    return std::nullopt;
}

fs::path taskLog(const fs::path& dir, size_t batch, size_t task)
{
    return dir / "tasks" / ("task-" + taskName(batch, task) + ".log");
}

Collected collectRuns(const fs::path& dir)
{
    const SlurmSetup setup = readSlurmSetup(dir);
    const std::map<size_t, std::string> runs = finishedRuns(dir);
    const std::string runsCsv = readFile(dir / "runs.csv");
    std::string text = runsCsv.substr(0, runsCsv.find('\n') + 1); // the header, as the sweep wrote it
    Collected c;
    c.runs = setup.runs;
    for (size_t r = 0; r < setup.runs; ++r) {
        const auto it = runs.find(r);
        if (it == runs.end()) {
            c.missing.push_back(r);
            continue;
        }
        ++c.found;
        if (it->second.find(",\"ok\",\"\",") == std::string::npos)
            ++c.failed;
        text += it->second;
    }
    writeFile(dir / "runs.csv", text);
    return c;
}

std::optional<fs::path> writeResumeBatch(const fs::path& dir, std::optional<size_t> chunks, size_t maxArraySize)
{
    SlurmSetup setup = readSlurmSetup(dir);
    const std::map<size_t, std::string> runs = finishedRuns(dir);
    Batch batch;
    batch.number = readBatches(dir).size();
    for (size_t r = 0; r < setup.runs; ++r)
        if (!runs.count(r))
            batch.runs.push_back(r);
    if (batch.runs.empty())
        return std::nullopt;
    batch.tasks = tasksFor(batch.runs.size(), chunks.value_or(setup.slurm.chunks), maxArraySize);
    return writeBatchAndScript(dir, setup, batch);
}

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
        throw badInput(batchFile(dir, batchNumber, ".runs").string() + ": batch " + std::to_string(batchNumber) +
                       " has " + std::to_string(batch.tasks) + " tasks, not task " + std::to_string(task));
    const fs::path file = taskRunsFile(dir, batchNumber, task);
    // A task run again (Slurm requeued it) keeps the runs it finished: only whole records count,
    // and one cut by the kill is dropped so that the next one starts on its own line.
    std::map<size_t, std::string> done;
    if (fs::exists(file)) {
        const std::string text = readFile(file);
        const size_t whole = readTaskRecords(text, done);
        if (whole != text.size())
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
