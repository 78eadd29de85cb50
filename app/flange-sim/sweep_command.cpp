#include "app/flange-sim/sweep_command.hpp"
#include "app/flange-sim/model_library.hpp"

#include "app/flange-sim/slurm_commands.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/errors.hpp"
#include "engine/api/library.hpp"
#include "engine/api/sweep.hpp"

#include <QCommandLineParser>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>

namespace {

std::atomic<bool> interrupted{false};

// The first Ctrl+C ends the sweep in order; a second one, with the default action back, at once.
extern "C" void onInterrupt(int)
{
    interrupted = true;
    std::signal(SIGINT, SIG_DFL);
}

std::vector<std::string> strings(const QStringList& list)
{
    std::vector<std::string> out;
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

std::vector<std::string> commaSeparated(const QString& text)
{
    std::vector<std::string> out;
    for (const QString& s : text.split(',', Qt::SkipEmptyParts))
        out.push_back(s.trimmed().toStdString());
    return out;
}

} // namespace

int runSweepCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Flange headless simulator: parameter sweeps.\n\n"
                                     "  flange-sim sweep MODEL.json --vary NAME=SPEC ... -o DIR [options]");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "sweep");
    parser.addPositionalArgument("model", "Diagram JSON file");
    QCommandLineOption vary("vary", "A parameter and its values: v1,v2,v3 | start:stop:n | start:stop:n:log | "
                                    "uniform(lo,hi) | normal(mean,sd) (repeatable; the last varies fastest).",
                            "NAME=SPEC");
    QCommandLineOption paired("paired", "Pair the values of the --vary options instead of making a grid.");
    QCommandLineOption samples("samples", "Runs of draws (uniform, normal).", "N");
    QCommandLineOption seed("seed", "Seed of the draws (default 0).", "S");
    QCommandLineOption metric("metric", "A number per run, such as final(x), max(x), event(\"clutch1\", \"locked\") "
                                        "(repeatable).",
                              "NAME=EXPR");
    QCommandLineOption output({"o", "output"}, "Folder for plan.csv, runs.csv and run-<run>.csv.", "DIR");
    QCommandLineOption jobs("jobs", "Runs at once (default: the number of cores).", "N");
    QCommandLineOption signalList("signals", "Signals of each run to write to DIR/run-<run>.csv.", "a,b,...");
    QCommandLineOption sweepFile("sweep", "Sweep definition file (JSON); the options above add to it.", "FILE");
    QCommandLineOption set("set", "A parameter or start value set in every run (repeatable).", "NAME=VALUE");
    QCommandLineOption stop("stop", "Stop time [s].", "T");
    QCommandLineOption interval("interval", "Output interval [s].", "DT");
    QCommandLineOption tolerance("tolerance", "Relative tolerance.", "TOL");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    parser.addOptions({vary, paired, samples, seed, metric, output, jobs, signalList, sweepFile, set, stop, interval,
                       tolerance, libraryDir});
    // On a Slurm cluster instead (slurm_commands.hpp).
    QCommandLineOption slurm("slurm", "Submit the sweep as a Slurm array job instead of running it here.");
    QCommandLineOption partition("partition", "Slurm partition (--slurm).", "P");
    QCommandLineOption chunks("chunks", "Array tasks (--slurm; default 100, at most the runs and MaxArraySize).", "N");
    QCommandLineOption timeLimit("time", "Time limit of each array task (--slurm), as sbatch --time reads it.", "LIMIT");
    QCommandLineOption account("account", "Slurm account (--slurm).", "A");
    QCommandLineOption dryRun("dry-run", "With --slurm: write the script without submitting it.");
    parser.addOptions({slurm, partition, chunks, timeLimit, account, dryRun});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(output)) {
        std::fprintf(stderr, "usage: flange-sim sweep MODEL.json --vary NAME=SPEC ... [--paired] [--samples N --seed S] "
                             "[--metric NAME=EXPR ...] -o DIR [--jobs N] [--signals a,b] [--sweep FILE]\n");
        return 2;
    }
    auto whole = [&](const QCommandLineOption& o, long long lo, long long hi) -> long long {
        bool ok = false;
        const long long v = parser.value(o).toLongLong(&ok);
        if (!ok || v < lo || v > hi)
            throw flange::badInput("--" + o.names().constLast().toStdString() + " must be a whole number from " +
                                   std::to_string(lo) + " to " + std::to_string(hi) + " (it is " +
                                   parser.value(o).toStdString() + ")");
        return v;
    };
    auto number = [&](const QCommandLineOption& o) -> std::optional<double> {
        if (!parser.isSet(o))
            return std::nullopt;
        bool ok = false;
        const double v = parser.value(o).toDouble(&ok);
        if (!ok || !std::isfinite(v))
            throw flange::badInput("--" + o.names().constLast().toStdString() + ": '" + parser.value(o).toStdString() +
                                   "' is not a finite number");
        return v;
    };

    flange::sweep::SweepDefinition definition;
    if (parser.isSet(sweepFile))
        definition = flange::sweep::readSweepFile(parser.value(sweepFile).toStdString());
    for (const std::string& a : strings(parser.values(set)))
        definition.set.push_back(a);
    for (const std::string& v : strings(parser.values(vary)))
        definition.vary.push_back(flange::sweep::parseVariation(v));
    for (const std::string& m : strings(parser.values(metric)))
        definition.metrics.push_back(flange::sweep::parseMetricAssignment(m));
    if (parser.isSet(paired))
        definition.plan.paired = true;
    if (parser.isSet(samples))
        definition.plan.samples = whole(samples, 1, 1'000'000);
    if (parser.isSet(seed))
        definition.plan.seed = static_cast<uint64_t>(whole(seed, 0, 9'000'000'000'000'000'000LL));
    if (parser.isSet(signalList))
        definition.chosenSignals = commaSeparated(parser.value(signalList));
    const unsigned jobCount = parser.isSet(jobs) ? static_cast<unsigned>(whole(jobs, 1, 1024)) : 0;

    flange::SimulationOptions options;
    options.stopTime = number(stop);
    options.interval = number(interval);
    options.tolerance = number(tolerance);
    options.maxRows = 10'000'000;

    flange::diagram::Diagram diagram = flange::diagram::loadDiagram(pos[1].toStdString());
    const auto library = libraryForModel(parser.values(libraryDir), flange::library::typesUsedBy(diagram));
    const flange::library::Library& lib = *library;

    for (const QCommandLineOption* o : {&partition, &chunks, &timeLimit, &account, &dryRun})
        if (parser.isSet(*o) && !parser.isSet(slurm))
            throw flange::badInput("--" + o->names().constFirst().toStdString() + " is an option of --slurm");
    if (parser.isSet(slurm)) {
        flange::sweep::SlurmSetup setup;
        setup.model = pos[1].toStdString();
        setup.library = strings(parser.values(libraryDir));
        setup.stopTime = options.stopTime;
        setup.interval = options.interval;
        setup.tolerance = options.tolerance;
        setup.slurm = {parser.value(partition).toStdString(), parser.value(account).toStdString(),
                       parser.value(timeLimit).toStdString(),
                       parser.isSet(chunks) ? static_cast<size_t>(whole(chunks, 1, 1'000'000))
                                            : flange::sweep::kDefaultChunks};
        return submitSlurmSweep(definition, std::move(diagram), lib, setup, parser.value(output), parser.isSet(dryRun));
    }
    // Ctrl+C stops the sweep: the runs in flight end, the finished ones stay in runs.csv.
    std::signal(SIGINT, onInterrupt);
    const auto start = std::chrono::steady_clock::now();
    const std::string dir = parser.value(output).toStdString();
    const flange::sweep::SweepSummary summary = flange::sweep::runSweepToFolder(
        definition, std::move(diagram), lib, options, dir, jobCount, [] { return interrupted.load(); });
    std::signal(SIGINT, SIG_DFL);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "sweep: %zu runs finished (%zu failed) in %.3g s%s; results in %s/runs.csv\n", summary.finished,
                 summary.failed, seconds, summary.cancelled ? ", interrupted" : "", dir.c_str());
    return summary.cancelled ? 130 : 0;
}
