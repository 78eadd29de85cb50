#include "app/flange-sim/slurm_commands.hpp"

#include "engine/api/about.hpp"
#include "engine/api/errors.hpp"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>

#include <cstdio>
#include <filesystem>
#include <set>

namespace {

namespace sweep = flange::sweep;

// sbatch, squeue and scontrol are started without a shell (QProcess), so no path or value
// is ever re-read by one: nothing to quote, nothing to inject.
struct ProgramOutput {
    bool ran = false; // started and exited normally
    int status = -1;
    QString out, err;
};

ProgramOutput runProgram(const QString& program, const QStringList& args, const QString& workingDir = {})
{
    QProcess p;
    if (!workingDir.isEmpty())
        p.setWorkingDirectory(workingDir);
    p.start(program, args);
    ProgramOutput r;
    if (!p.waitForStarted(10'000)) {
        r.err = program + ": " + p.errorString();
        return r;
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(120'000)) {
        p.kill();
        p.waitForFinished();
        r.err = program + ": no answer in 120 s";
        return r;
    }
    r.ran = p.exitStatus() == QProcess::NormalExit;
    r.status = p.exitCode();
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError()).trimmed();
    return r;
}

// The cluster's MaxArraySize (scontrol show config), Slurm's default where it cannot be asked.
size_t maxArraySize()
{
    const ProgramOutput r = runProgram("scontrol", {"show", "config"});
    if (r.ran && r.status == 0)
        if (const auto n = sweep::parseMaxArraySize(r.out.toStdString()))
            return *n;
    return sweep::kDefaultMaxArraySize;
}

// Submits `script`; prints the job id on standard output and returns it.
std::string submit(const std::filesystem::path& dir, size_t batch, const std::filesystem::path& script)
{
    const ProgramOutput r =
        runProgram("sbatch", {"--parsable", QString::fromStdString(script.string())},
                   QString::fromStdString(dir.string()));
    if (!r.ran || r.status != 0)
        throw flange::badInput("sbatch " + script.string() + " failed: " +
                               (r.err.isEmpty() ? std::string("exit status ") + std::to_string(r.status)
                                                : r.err.toStdString()) +
                               " (is this a Slurm submission host? The script can be submitted by hand)");
    const std::string job = r.out.trimmed().section(';', 0, 0).toStdString();
    sweep::writeJobId(dir, batch, job);
    std::printf("%s\n", job.c_str());
    std::fflush(stdout);
    return job;
}

// The array tasks of `jobs` still queued or running, by job id; nullopt when squeue cannot
// be asked (the task files still tell what finished).
std::optional<std::map<std::string, std::map<size_t, std::string>>> queuedTasks()
{
    const ProgramOutput r = runProgram("squeue", {"-h", "-r", "--me", "-o", "%F %K %T"});
    if (!r.ran || r.status != 0)
        return std::nullopt;
    auto jobs = sweep::parseSqueue(r.out.toStdString());
    for (auto& [job, tasks] : jobs)
        std::erase_if(tasks, [](const auto& t) { return !sweep::stillQueued(t.second); });
    return jobs;
}

std::string lastLine(const std::filesystem::path& file)
{
    QFile f(QString::fromStdString(file.string()));
    if (!f.open(QIODevice::ReadOnly))
        return "no log";
    const QStringList lines = QString::fromLocal8Bit(f.readAll()).split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? "empty log" : lines.constLast().toStdString();
}

std::vector<size_t> missingRuns(const std::filesystem::path& dir, size_t runs)
{
    const auto finished = sweep::finishedRuns(dir);
    std::vector<size_t> missing;
    for (size_t r = 0; r < runs; ++r)
        if (!finished.count(r))
            missing.push_back(r);
    return missing;
}

int statusCommand(const std::filesystem::path& dir)
{
    const sweep::SlurmSetup setup = sweep::readSlurmSetup(dir);
    const auto finished = sweep::finishedRuns(dir);
    size_t failedRuns = 0;
    for (const auto& [run, line] : finished)
        if (line.find(",\"ok\",\"\",") == std::string::npos)
            ++failedRuns;
    std::printf("%s: %zu of %zu runs finished (%zu of them not ok)\n", dir.c_str(), finished.size(), setup.runs,
                failedRuns);
    const auto jobs = sweep::readJobIds(dir);
    const auto queue = queuedTasks();
    if (!queue)
        std::printf("squeue could not be asked: the states below come from the task files only\n");
    for (const sweep::Batch& b : sweep::readBatches(dir)) {
        // Without a job id (a script written with --dry-run, then submitted by hand or not at
        // all) the queue cannot say which tasks are still to come.
        const auto job = jobs.find(b.number);
        std::map<size_t, std::string> queued;
        if (queue && job != jobs.end() && queue->count(job->second))
            queued = queue->at(job->second);
        size_t done = 0, pending = 0, running = 0, unknown = 0;
        std::vector<std::string> problems;
        for (size_t t = 0; t < b.tasks; ++t) {
            const auto exit = sweep::taskExit(dir, b.number, t);
            if (exit && *exit == 0)
                ++done;
            else if (exit)
                problems.push_back("task " + std::to_string(t) + " failed with exit status " + std::to_string(*exit) +
                                   ": " + lastLine(sweep::taskLog(dir, b.number, t)));
            else if (queued.count(t))
                ++(queued[t] == "PENDING" ? pending : running);
            else if (queue && job != jobs.end())
                problems.push_back("task " + std::to_string(t) +
                                   " ended without finishing (cancelled, time limit or node failure)");
            else
                ++unknown;
        }
        if (job != jobs.end())
            std::printf("batch %zu, job %s: %zu tasks, %zu done, %zu running, %zu pending, %zu failed\n", b.number,
                        job->second.c_str(), b.tasks, done, running, pending, problems.size());
        else
            std::printf("batch %zu, no job id (not submitted by flange-sim: sbatch %s, or sweep-resume): %zu tasks, "
                        "%zu done, %zu failed, %zu not finished\n",
                        b.number, (dir / ("batch-" + std::to_string(b.number) + ".sbatch")).c_str(), b.tasks, done,
                        problems.size(), unknown);
        if (job != jobs.end() && unknown > 0)
            std::printf("  squeue could not be asked about %zu tasks without a result\n", unknown);
        for (const std::string& p : problems)
            std::printf("  %s\n", p.c_str());
    }
    const auto missing = missingRuns(dir, setup.runs);
    if (!missing.empty())
        std::printf("missing runs: %s\n", sweep::describeRuns(missing).c_str());
    return 0;
}

int collectCommand(const std::filesystem::path& dir)
{
    const sweep::Collected c = sweep::collectRuns(dir);
    std::printf("%s/runs.csv: %zu of %zu runs (%zu of them not ok)\n", dir.c_str(), c.found, c.runs, c.failed);
    if (c.missing.empty())
        return 0;
    std::printf("missing runs: %s (flange-sim sweep-status %s says why; sweep-resume computes them)\n",
                sweep::describeRuns(c.missing).c_str(), dir.c_str());
    return 1;
}

int resumeCommand(const std::filesystem::path& dir, std::optional<size_t> chunks, bool dryRun)
{
    const sweep::SlurmSetup setup = sweep::readSlurmSetup(dir);
    if (!dryRun) {
        // Runs still to come from a job in the queue would be computed twice.
        const auto queue = queuedTasks();
        if (!queue)
            throw flange::badInput("squeue could not be asked whether the sweep's jobs are still queued; "
                                   "run sweep-resume where squeue works");
        for (const auto& [batch, job] : sweep::readJobIds(dir))
            if (queue->count(job) && !queue->at(job).empty())
                throw flange::badInput(dir.string() + ": job " + job + " (batch " + std::to_string(batch) + ") has " +
                                       std::to_string(queue->at(job).size()) +
                                       " tasks still queued or running; wait for them or scancel " + job);
    }
    // A batch written and never submitted (sweep --slurm --dry-run) is submitted as it is.
    const std::vector<sweep::Batch> batches = sweep::readBatches(dir);
    const auto jobs = sweep::readJobIds(dir);
    if (!dryRun && !batches.empty() && !jobs.count(batches.back().number) && !chunks) {
        const size_t b = batches.back().number;
        bool started = false;
        for (size_t t = 0; t < batches.back().tasks && !started; ++t)
            started = std::filesystem::exists(sweep::taskRunsFile(dir, b, t));
        if (!started) {
            const std::filesystem::path script = dir / ("batch-" + std::to_string(b) + ".sbatch");
            const std::string job = submit(dir, b, script);
            std::fprintf(stderr, "sweep-resume: submitted %s as job %s\n", script.c_str(), job.c_str());
            return 0;
        }
    }
    const auto script = sweep::writeResumeBatch(dir, chunks, maxArraySize());
    if (!script) {
        std::fprintf(stderr, "sweep-resume: all %zu runs are finished; nothing to submit\n", setup.runs);
        return 0;
    }
    const size_t batch = sweep::readBatches(dir).size() - 1;
    if (dryRun) {
        std::fprintf(stderr, "sweep-resume: wrote %s (not submitted)\n", script->c_str());
        return 0;
    }
    const std::string job = submit(dir, batch, *script);
    std::fprintf(stderr, "sweep-resume: submitted the missing runs as job %s (%s)\n", job.c_str(), script->c_str());
    return 0;
}

size_t wholeOption(const QCommandLineParser& parser, const QString& name, size_t lo, size_t hi)
{
    bool ok = false;
    const qulonglong v = parser.value(name).toULongLong(&ok);
    if (!ok || v < lo || v > hi)
        throw flange::badInput("--" + name.toStdString() + " must be a whole number from " + std::to_string(lo) +
                               " to " + std::to_string(hi) + " (it is " + parser.value(name).toStdString() + ")");
    return v;
}

} // namespace

int submitSlurmSweep(const sweep::SweepDefinition& definition, flange::diagram::Diagram model,
                     const flange::library::Library& lib, sweep::SlurmSetup setup, const QString& dirText, bool dryRun)
{
    const std::filesystem::path dir = std::filesystem::absolute(dirText.toStdString()).lexically_normal();
    setup.flangeVersion = flange::about::flangeVersion();
    setup.flangeSim = QCoreApplication::applicationFilePath().toStdString();
    setup.model = std::filesystem::absolute(setup.model).lexically_normal().string();
    for (std::string& d : setup.library)
        d = std::filesystem::absolute(d).lexically_normal().string();
    const size_t maxTasks = dryRun ? sweep::kDefaultMaxArraySize : maxArraySize();
    const std::filesystem::path script =
        sweep::writeSlurmSweep(definition, std::move(model), lib, setup, dir, maxTasks);
    const sweep::Batch batch = sweep::readBatches(dir).front();
    if (dryRun) {
        std::fprintf(stderr, "sweep: %zu runs in %zu array tasks: %s (not submitted; sbatch it, or flange-sim "
                             "sweep-resume %s submits it)\n",
                     batch.runs.size(), batch.tasks, script.c_str(), dir.c_str());
        return 0;
    }
    const std::string job = submit(dir, 0, script);
    std::fprintf(stderr, "sweep: %zu runs in %zu array tasks submitted as Slurm job %s; flange-sim sweep-status %s\n",
                 batch.runs.size(), batch.tasks, job.c_str(), dir.c_str());
    return 0;
}

int runSlurmCommand(const QStringList& args)
{
    const QString command = args.value(1);
    QCommandLineParser parser;
    parser.setApplicationDescription("Flange headless simulator: sweeps on a Slurm cluster.\n\n"
                                     "  flange-sim sweep-status DIR | sweep-collect DIR | "
                                     "sweep-resume DIR [--chunks N] "
                                     "[--dry-run]\n  flange-sim sweep-chunk DIR --batch B --task K [--jobs N] "
                                     "(what each array task runs)");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "sweep-status, sweep-collect, sweep-resume or sweep-chunk");
    parser.addPositionalArgument("dir", "The sweep's folder");
    parser.addOptions({{"batch", "The batch (sweep-chunk).", "B"},
                       {"task", "The array task (sweep-chunk).", "K"},
                       {"jobs", "Runs at once (sweep-chunk; default 1).", "N"},
                       {"chunks", "Array tasks (sweep-resume; default: as the sweep).", "N"},
                       {"dry-run", "Write the script without submitting it (sweep-resume)."}});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        std::fprintf(stderr, "usage: flange-sim %s DIR (see --help)\n", command.toLocal8Bit().constData());
        return 2;
    }
    const std::filesystem::path dir = std::filesystem::absolute(pos[1].toStdString()).lexically_normal();
    if (command == "sweep-status")
        return statusCommand(dir);
    if (command == "sweep-collect")
        return collectCommand(dir);
    if (command == "sweep-resume") {
        std::optional<size_t> chunks;
        if (parser.isSet("chunks"))
            chunks = wholeOption(parser, "chunks", 1, 1'000'000);
        return resumeCommand(dir, chunks, parser.isSet("dry-run"));
    }
    if (command == "sweep-chunk") {
        if (!parser.isSet("batch") || !parser.isSet("task"))
            throw flange::badInput("sweep-chunk needs --batch B and --task K");
        const unsigned jobs = parser.isSet("jobs") ? static_cast<unsigned>(wholeOption(parser, "jobs", 1, 1024)) : 1;
        const sweep::SweepSummary s = sweep::runSlurmTask(dir, wholeOption(parser, "batch", 0, 1'000'000),
                                                          wholeOption(parser, "task", 0, 1'000'000), jobs);
        std::fprintf(stderr, "sweep-chunk: %zu runs finished (%zu failed)\n", s.finished, s.failed);
        return 0;
    }
    std::fprintf(stderr, "flange-sim: unknown command %s\n", command.toLocal8Bit().constData());
    return 2;
}
