// flange-sim: the headless simulator. Loads a diagram, translates it, simulates it and
// writes a CSV or a .mat file (`check` translates only). Exit codes: 0 success, 2 bad input, 3 simulation failure,
// 4 internal error (a bug in Flange), 5 the result could not be written.
#include "app/flange-sim/model_library.hpp"
#include "app/allocator_tuning.hpp"
#include "engine/api/about.hpp"
#include "engine/api/data_files.hpp"
#include "engine/api/diagram.hpp"
#include "engine/api/errors.hpp"
#include "engine/api/results.hpp"
#include "engine/api/library.hpp"
#include "engine/api/model.hpp"
#include "engine/api/simulation.hpp"
#include "engine/api/run.hpp"
#include "engine/api/sweep.hpp"
#include "app/flange-sim/slurm_commands.hpp"
#include "app/flange-sim/convert_command.hpp"
#include "app/flange-sim/sweep_command.hpp"
#include "app/flange-sim/linearize_command.hpp"
#include "app/flange-sim/check_command.hpp"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

namespace {

// Passes rows to the result file's writer and prints each event when asked.
struct EventPrinter : flange::ResultSink {
    EventPrinter(flange::ResultSink& out, bool print) : out(out), print(print) {}
    flange::ResultSink& out;
    bool print = false;
    void begin(const std::vector<std::string>& names) override { out.begin(names); }
    void expectRows(long gridRows, bool eventRows) override { out.expectRows(gridRows, eventRows); }
    void row(double time, const std::vector<double>& values) override { out.row(time, values); }
    void event(const flange::EventRecord& e) override
    {
        if (print)
            std::fprintf(stderr, "event t=%.10g %s\n", e.time, flange::describeEvent(e).c_str());
    }
};

std::vector<std::string> split(const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

// leftBehind: set when a run fails after its output was opened, to what became of the file.
int run(const QStringList& args, bool stdoutClosed, std::string& leftBehind)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Flange headless simulator.\n\n  flange-sim simulate MODEL.json|MODEL.mo [options]\n"
                                     "  flange-sim check MODEL.json|MODEL.mo    (translate only: states, loops, assumed starts; "
                                     "--help for its options)\n\n"
                                     "Exit status: 0 success, 2 bad input, 3 the simulation failed, 4 internal error "
                                     "(a bug in Flange), 5 the result could not be written (the file named by -o then "
                                     "keeps its previous contents).");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("command", "simulate");
    parser.addPositionalArgument("model", "Diagram JSON file");
    QCommandLineOption stop("stop", "Stop time [s].", "T");
    QCommandLineOption interval("interval", "Output interval [s].", "DT");
    QCommandLineOption tolerance("tolerance", "Relative tolerance.", "TOL");
    QCommandLineOption output({"o", "output"}, "CSV or .mat file to write (- for standard output).", "OUT.csv");
    QCommandLineOption format("format",
                              "csv (default) or mat: Dymola's MAT v4 result layout, which Modelica tools read "
                              "(chosen also when -o ends in .mat).",
                              "csv|mat");
    QCommandLineOption signalList("signals", "Comma-separated signals to write (default: all variables).", "a,b,...");
    QCommandLineOption units("units", "Write each column's unit in its header: \"time [s]\", \"inertia1.w [rad/s]\".");
    QCommandLineOption stats("stats", "Print translation and solver statistics.");
    QCommandLineOption events("events", "Print every event with its time, cause and changes.");
    QCommandLineOption exact("exact-outputs", "Solve algebraic variables exactly at every output point (default: the "
                                              "diagram's experiment, exactOutputs).");
    QCommandLineOption integrator("integrator",
                                  "auto: models that are not stiff at the start begin with Adams methods (CVODE) "
                                  "and go on with BDF (IDA) where they turn stiff; "
                                  "bdf: IDA's BDF throughout. Default: the diagram's experiment (integrator), else auto.",
                                  "auto|bdf");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    QCommandLineOption allowFiles("allow-files",
                                  "Folder data files may be read from besides the diagram's own (a table's fileName "
                                  "outside it is refused otherwise; repeatable).",
                                  "DIR");
    QCommandLineOption maxRows("max-rows", "Most rows to write, events included (default 10000000).", "N");
    QCommandLineOption maxSteps("max-steps", "Most solver steps in the whole run (default 5000000).", "N");
    QCommandLineOption maxSeconds("max-seconds", "Most seconds of integration (default: no limit).", "S");
    QCommandLineOption set("set", "A parameter or start value for this run, with a unit if you like (repeatable).",
                           "NAME=VALUE");
    QCommandLineOption modelicaModel("model", "The model of a Modelica file or package to simulate (its full name).",
                                     "NAME");
    parser.addOptions({stop, interval, tolerance, output, format, signalList, units, stats, events, exact, libraryDir,
                       maxRows, maxSteps, maxSeconds, integrator, set, allowFiles, modelicaModel});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || pos[0] != "simulate") {
        std::fprintf(stderr, "usage: flange-sim simulate MODEL.json|MODEL.mo [--model NAME] [--stop T] [--interval DT] [--tolerance TOL] "
                             "[-o OUT.csv|OUT.mat] [--format csv|mat] [--signals a,b,...] [--units] [--stats] [--events]\n");
        return 2;
    }
    auto number = [&](const QCommandLineOption& o) -> std::optional<double> {
        if (!parser.isSet(o))
            return std::nullopt;
        bool ok = false;
        double v = parser.value(o).toDouble(&ok);
        if (!ok)
            throw flange::badInput("--" + o.names().constLast().toStdString() + ": '" + parser.value(o).toStdString() +
                                   "' is not a number");
        if (!std::isfinite(v))
            throw flange::badInput("--" + o.names().constLast().toStdString() + " must be a finite number (it is " +
                                   parser.value(o).toStdString() + ")");
        return v;
    };
    // A limit: a whole number of at least 1 (0 and negative numbers would silently mean no limit).
    auto limit = [&](const QCommandLineOption& o, double def) -> double {
        std::optional<double> v = number(o);
        if (!v)
            return def;
        if (!(*v >= 1 && *v <= 1e15))
            throw flange::badInput("--" + o.names().constLast().toStdString() + " must be between 1 and 1e15 (it is " +
                                   parser.value(o).toStdString() + ")");
        return *v;
    };
    // The output is checked before anything is done: a mistyped -o must not cost a run.
    const std::string out = parser.isSet(output) ? parser.value(output).toStdString() : "-";
    if (out.empty())
        throw flange::badInput("-o: the file name is empty (name a file, or - for standard output)");
    if (std::error_code ec; std::filesystem::equivalent(out, pos[1].toStdString(), ec))
        throw flange::badInput("-o " + out + " is the model file itself; name another file for the results");
    const bool mat = parser.isSet(format) ? parser.value(format) == "mat" : out.ends_with(".mat");
    if (parser.isSet(format) && parser.value(format) != "mat" && parser.value(format) != "csv")
        throw flange::badInput("--format: '" + parser.value(format).toStdString() + "' is neither csv nor mat");
    if (mat && out == "-")
        throw flange::badInput("--format mat writes a file, not standard output: name it with -o OUT.mat");
    if (out == "-" && stdoutClosed)
        throw flange::io::OutputError("standard output: closed (" + std::string(std::strerror(EBADF)) + ")");
    using clock = std::chrono::steady_clock;
    auto t0 = clock::now();
    ModelAndLibrary input =
        loadModel(pos[1].toStdString(), parser.values(libraryDir), parser.value(modelicaModel).toStdString());
    flange::diagram::Diagram& diagram = input.diagram;
    auto tLibrary = clock::now();
    const auto lib = input.library;
    allowDataFiles(diagram, *lib, parser.values(allowFiles), pos[1].toStdString());
    std::vector<std::string> assignments;
    for (const QString& a : parser.values(set))
        assignments.push_back(a.toStdString());
    flange::sweep::applyAssignments(diagram, *lib, assignments);
    auto t1 = clock::now();
    auto model = flange::Model::compile(diagram, lib);
    auto t2 = clock::now();
    for (const auto& w : model->warnings())
        std::fprintf(stderr, "warning: %s\n", w.c_str());

    flange::SimulationOptions opt;
    opt.stopTime = number(stop);
    opt.interval = number(interval);
    opt.tolerance = number(tolerance);
    // The command line overrides the diagram's experiment, which the run reads otherwise.
    if (parser.isSet(exact))
        opt.exactAlgebraicOutputs = true;
    if (parser.isSet(integrator)) {
        if (parser.value(integrator) != "auto" && parser.value(integrator) != "bdf")
            throw flange::badInput("--integrator: '" + parser.value(integrator).toStdString() + "' is neither auto nor bdf");
        opt.nonStiffStart = parser.value(integrator) == "auto";
    }
    opt.maxRows = static_cast<long>(limit(maxRows, 1e7));
    opt.maxSteps = static_cast<long>(limit(maxSteps, 5e6));
    opt.maxSeconds = limit(maxSeconds, 0);
    opt.limitAdvice = {"raise it with --max-rows", "raise it with --max-steps", "raise it with --max-seconds"};
    flange::Run simulation(model);
    simulation.setOptions(opt);
    std::vector<std::string> chosen; // --signals
    if (parser.isSet(signalList)) {
        chosen = split(parser.value(signalList).toStdString());
        for (const std::string& name : chosen)
            if (!model->variableIndex(name))
                throw flange::badInput("--signals: the model has no variable '" + name + "'");
        simulation.selectSignals(chosen);
    }
    std::unique_ptr<flange::io::CsvWriter> csv;
    std::unique_ptr<flange::io::MatWriter> matFile;
    if (mat)
        matFile = std::make_unique<flange::io::MatWriter>(out, flange::io::matVariables(*model, chosen));
    else
        csv = std::make_unique<flange::io::CsvWriter>(out);
    if (csv && parser.isSet(units))
        csv->labelUnits([&model](const std::string& name) {
            const auto i = model->variableIndex(name);
            return i ? model->variable(static_cast<size_t>(*i)).unit : std::string();
        });
    EventPrinter writer(csv ? static_cast<flange::ResultSink&>(*csv) : *matFile, parser.isSet(events));
    simulation.streamTo(writer);
    try {
        simulation.runToEnd();
        csv ? csv->finish() : matFile->finish();
    } catch (const flange::Error&) {
        leftBehind = csv ? csv->leftBehind() : matFile->leftBehind();
        throw;
    }
    const flange::SimulationStats& st = simulation.statistics();
    auto t3 = clock::now();
    for (const auto& w : st.warnings)
        std::fprintf(stderr, "warning: %s\n", w.c_str());
    if (parser.isSet(stats)) {
        auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
        const auto& ts = model->translation();
        std::fprintf(stderr,
                     "translation: %d variables, %d equations -> %d aliases, %d constants eliminated; "
                     "%d equations differentiated; %d states, %d algebraic (solver), %d computed explicitly; "
                     "%zu Jacobian entries; %d relations; %zu expression nodes\n",
                     ts.flatVariables, ts.flatEquations, ts.aliases, ts.constants, ts.differentiatedEquations,
                     ts.states, ts.algebraics, ts.computed, model->jacobianEntries(), ts.relations, ts.expressionNodes);
        std::string states;
        for (size_t i = 0; i < ts.stateNames.size() && i < 12; ++i)
            states += (i ? ", " : "") + ts.stateNames[i];
        if (ts.stateNames.size() > 12)
            states += ", ... (" + std::to_string(ts.stateNames.size()) + " in all)";
        std::fprintf(stderr, "states: %s\n", states.c_str());
        std::string phases;
        for (const auto& [name, msec] : ts.phases)
            phases += (phases.empty() ? "" : ", ") + name + " " + std::to_string(msec).substr(0, 6);
        std::fprintf(stderr, "translation phases [ms]: %s\n", phases.c_str());
        std::fprintf(stderr, "tape instructions: %s\n", model->tapeSummary().c_str());
        if (st.adamsSteps > 0 && st.adamsSteps == st.steps)
            std::fprintf(stderr, "integrator: Adams (CVODE) to the stop time, %ld steps (fastest mode %g per second)\n",
                         st.adamsSteps, st.fastestRate);
        else if (st.handedOverUndetermined && st.adamsResumes > 0)
            std::fprintf(stderr, "integrator: Adams (CVODE) for %ld of %ld steps; BDF (IDA) from t = %g s, where a stuck "
                                 "chain left unknowns undetermined, back to Adams methods %ld time%s\n",
                         st.adamsSteps, st.steps, st.adamsUntil, st.adamsResumes, st.adamsResumes == 1 ? "" : "s");
        else if (st.handedOverUndetermined)
            std::fprintf(stderr, "integrator: Adams (CVODE) for %ld steps to t = %g s, then BDF (IDA): a stuck chain left "
                                 "unknowns undetermined\n",
                         st.adamsSteps, st.adamsUntil);
        else if (st.adamsSteps > 0 || st.adamsUntil > 0)
            std::fprintf(stderr, "integrator: Adams (CVODE) for %ld steps to t = %g s, then BDF (IDA): the model turned stiff "
                                 "(fastest mode at the start %g per second)\n",
                         st.adamsSteps, st.adamsUntil, st.fastestRate);
        else if (st.fastestRate > 0)
            std::fprintf(stderr, "integrator: BDF (IDA): stiff from the start, fastest mode %g per second\n", st.fastestRate);
        else
            std::fprintf(stderr, "integrator: BDF (IDA)\n");
        std::fprintf(stderr, "solver: %ld steps, %ld residual evaluations, %ld Jacobian evaluations, %ld state events, "
                             "%ld time events, %ld crossings without effect, %ld rows\n",
                     st.steps, st.residualEvaluations, st.jacobianEvaluations, st.stateEvents, st.timeEvents,
                     st.silentCrossings, st.rows);
        std::fprintf(stderr,
                     "time [ms]: load %.2f, library %.2f, translate %.2f, initialize %.2f, integrate+write %.2f, total %.2f\n",
                     ms(t0, tLibrary), ms(tLibrary, t1), ms(t1, t2), st.initSeconds * 1e3, st.integrateSeconds * 1e3,
                     ms(t0, t3));
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    // A closed standard output is taken by the next descriptor opened (Qt's event
    // notifiers), and "-o -" would write into that: its place is held by /dev/null and
    // the run with "-o -" refused.
    const bool stdoutClosed = ::fcntl(STDOUT_FILENO, F_GETFD) == -1;
    if (stdoutClosed)
        ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    flange::app::tuneAllocator();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("flange-sim");
    QCoreApplication::setApplicationVersion(QString::fromStdString(flange::about::flangeVersion()));
    std::string leftBehind;
    try {
        const QStringList args = QCoreApplication::arguments();
        if (args.size() > 1 && args[1] == "sweep")
            return runSweepCommand(args);
        if (args.size() > 1 && args[1].startsWith("sweep-"))
            return runSlurmCommand(args);
        if (args.size() > 1 && args[1] == "linearize")
            return runLinearizeCommand(args);
        if (args.size() > 1 && args[1] == "convert")
            return runConvertCommand(args);
        if (args.size() > 1 && args[1] == "check")
            return runCheckCommand(args);
        return run(args, stdoutClosed, leftBehind);
    } catch (const flange::Error& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        if (!leftBehind.empty())
            std::fprintf(stderr, "note: %s\n", leftBehind.c_str());
        if (dynamic_cast<const flange::io::OutputError*>(&e))
            return 5;
        switch (e.kind()) {
        case flange::ErrorKind::BadInput: return 2;
        case flange::ErrorKind::Internal: return 4;
        default: return 3;
        }
    } catch (const std::exception& e) {
        // Anything the engine did not report as flange::Error escaped a check: a bug.
        std::fprintf(stderr, "error: internal error (this is a bug in Flange): %s\n", e.what());
        return 4;
    }
}
