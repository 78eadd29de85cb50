#include "engine/sweep/slurm_sweep.hpp"

#include "engine/about/versions.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/flatten/data_files_read.hpp"
#include "engine/io/data_files.hpp"
#include "engine/io/json_input.hpp"
#include "engine/io/table_file.hpp"
#include "engine/sweep/run_executor.hpp"
#include "engine/sweep/sweep_folder.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
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

fs::path batchFile(const fs::path& dir, size_t batch, const char* extension)
{
    return dir / ("batch-" + std::to_string(batch) + extension);
}

std::string taskName(size_t batch, size_t task) { return std::to_string(batch) + "-" + std::to_string(task); }

} // namespace

fs::path taskRunsFile(const fs::path& dir, size_t batch, size_t task)
{
    return dir / "tasks" / ("runs-" + taskName(batch, task) + ".csv");
}

namespace {

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

} // namespace

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

namespace {

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
    j["allow-files"] = s.allowedDataFolders;
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

} // namespace

// A record ends at a '\n' outside quotes: a message may hold line breaks.
size_t readTaskRecords(const fs::path& file, std::map<size_t, std::string>& runs)
{
    const std::string text = readFile(file);
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

namespace {

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

// The diagram as the tasks read it, DIR/model/model.json, and the data files it names
// inside its folder copied beside it at the same relative places, so that a relative name
// ("data/load.csv") finds the copy. Copied rather than resolved to absolute names: the
// nodes need only the sweep folder, not the diagram's (which may be on the submitting
// machine's own disk), and the tables stay as they were swept when the originals change.
// A file elsewhere (an absolute name, a folder the user allowed) is read where it is.
class ModelCopy {
public:
    ModelCopy(const diagram::Diagram& model, const library::Library& lib)
        : text_(diagram::serializeDiagram(model)), files_(flatten::dataFilesRead(model, lib)),
          folder_(fs::absolute(model.folder.empty() ? fs::current_path() : fs::path(model.folder)).lexically_normal())
    {
        // Absolute: the tasks start in the folder sbatch was called from.
        for (const std::string& f : model.allowedDataFolders)
            allowed_.push_back(fs::absolute(f).lexically_normal().string());
        allowed_.push_back(folder_.string()); // what the diagram may read it may read from its copy
    }

    // Writes the copy and its data files; returns the copy's path.
    fs::path write(const fs::path& dir, const library::Library& lib) const
    {
        const fs::path copyFolder = dir / "model";
        const fs::path copy = copyFolder / "model.json";
        std::error_code ec;
        fs::create_directories(copyFolder, ec);
        if (ec)
            throw badInput(copyFolder.string() + ": cannot create the folder (" + ec.message() + ")");
        writeFile(copy, text_);
        for (const flatten::DataFileRead& f : files_) {
            const fs::path relative = fs::path(f.path).lexically_relative(folder_);
            if (relative.empty() || *relative.begin() == ".." || !fs::is_regular_file(f.path))
                continue;
            fs::create_directories((copyFolder / relative).parent_path(), ec);
            if (ec || !fs::copy_file(f.path, copyFolder / relative, fs::copy_options::overwrite_existing, ec))
                throw badInput((copyFolder / relative).string() + ": cannot copy " + f.path + " there (" +
                               ec.message() + ")");
        }
        // Each file the diagram reads must be found, and be readable, from the copy: a
        // relative name leading out of the diagram's folder ("../load.csv") would not be.
        diagram::Diagram read = diagram::loadDiagram(copy.string());
        read.allowedDataFolders = allowed_;
        const std::vector<flatten::DataFileRead> found = flatten::dataFilesRead(read, lib);
        for (size_t i = 0; i < files_.size() && i < found.size(); ++i)
            if (fs::is_regular_file(files_[i].path) && (!found[i].allowed || !fs::is_regular_file(found[i].path)))
                throw badInput(files_[i].component + ": " + files_[i].path +
                               " is named relative to the diagram's folder but lies outside it: the tasks read the "
                               "model's copy in " + copyFolder.string() +
                               " and find beside it only the files inside that folder; move the file into it or "
                               "name it by its absolute path");
        return copy;
    }

    const std::vector<std::string>& allowedFolders() const { return allowed_; }

private:
    std::string text_;
    std::vector<flatten::DataFileRead> files_;
    fs::path folder_;
    std::vector<std::string> allowed_;
};

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
    const ModelCopy copy(model, lib);
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
    setup.model = copy.write(dir, lib).string();
    setup.allowedDataFolders = copy.allowedFolders();
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
                       " the folder of a sweep on Slurm (flange-sim sweep --slurm, or the Sweep dialog's Run on: a Slurm cluster)?");
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
        s.allowedDataFolders = j.value("allow-files", std::vector<std::string>{});
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

SlurmSetup checkSlurmSweep(const fs::path& dir)
{
    SlurmSetup setup = readSlurmSetup(dir);
    if (setup.flangeVersion != about::flangeVersion())
        throw badInput(dir.string() + ": the sweep was written by flange-sim " + setup.flangeVersion +
                       ", this is flange-sim " + about::flangeVersion() +
                       "; install that version on the nodes (its runs would not be comparable)");
    const std::string hash = sweepHash(setup.model, dir / "sweep.json");
    if (hash != setup.hash)
        throw badInput(setup.model + ": the model or " + (dir / "sweep.json").string() +
                       " changed since the sweep was written (" + hash + ", not " + setup.hash +
                       "); its runs would not be comparable: start a new sweep");
    return setup;
}

OpenedSlurmSweep openSlurmSweep(const fs::path& dir)
{
    OpenedSlurmSweep o;
    o.setup = checkSlurmSweep(dir);
    o.definition = readSweepFile((dir / "sweep.json").string());
    diagram::Diagram model = diagram::loadDiagram(o.setup.model);
    model.allowedDataFolders = o.setup.allowedDataFolders;
    o.library = std::make_shared<library::Library>();
    for (const auto& f : library::Library::defaultFolders())
        o.library->indexFolder(f);
    for (const std::string& d : o.setup.library)
        o.library->indexFolder(d);
    o.library->require(library::typesUsedBy(model));
    o.library->resolve();
    o.prepared = prepareSweep(o.definition, std::move(model), *o.library);
    if (o.prepared.plan.runs() != o.setup.runs)
        throw internalError(o.setup.model, "the plan has " + std::to_string(o.prepared.plan.runs()) +
                                               " runs, slurm.json says " + std::to_string(o.setup.runs));
    o.options.stopTime = o.setup.stopTime;
    o.options.interval = o.setup.interval;
    o.options.tolerance = o.setup.tolerance;
    return o;
}

std::optional<RunSignals> readRunSignals(const fs::path& dir, size_t run)
{
    const fs::path path = dir / ("run-" + std::to_string(run) + ".csv");
    if (!fs::is_regular_file(path))
        return std::nullopt;
    const std::string text = readFile(path);
    RunSignals s;
    // The header as io::appendCsvHeader writes it: "time","a","b" (names hold no quotes).
    const std::string header = text.substr(0, text.find('\n'));
    for (size_t i = header.find('"'); i != std::string::npos;) {
        const size_t end = header.find('"', i + 1);
        if (end == std::string::npos)
            throw badInput(path.string() + ":1: not a header of quoted names");
        s.names.push_back(header.substr(i + 1, end - i - 1));
        i = header.find('"', end + 1);
    }
    if (s.names.empty() || s.names.front().rfind("time", 0) != 0)
        throw badInput(path.string() + ":1: not a header of quoted names, \"time\" first");
    s.names.erase(s.names.begin());
    s.values.assign(s.names.size(), {});
    if (text.find_first_not_of("\r\n", header.size()) == std::string::npos)
        return s; // no rows
    const io::TableRows rows = io::parseTableText(text, path.string(), "");
    if (rows.columns() != s.names.size() + 1)
        throw badInput(path.string() + ": " + std::to_string(rows.columns()) + " columns, not " +
                       std::to_string(s.names.size() + 1) + " as its header");
    for (const auto row : rows) {
        s.time.push_back(row[0]);
        for (size_t i = 0; i < s.names.size(); ++i)
            s.values[i].push_back(row[i + 1]);
    }
    return s;
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
                readTaskRecords(taskRunsFile(dir, b.number, t), runs);
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

} // namespace flange::sweep
