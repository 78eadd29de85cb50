#include "app/flange-sim/linearize_command.hpp"
#include "app/flange-sim/model_library.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/errors.hpp"
#include "engine/api/library.hpp"
#include "engine/api/linearize.hpp"
#include "engine/api/results.hpp"
#include "engine/api/sweep.hpp"

#include <QCommandLineParser>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

int runLinearizeCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Flange headless simulator: linear analysis.\n\n"
                                     "  flange-sim linearize MODEL.json [--at T] [--input FLANGE]... [--measure NAME]... [--modes] "
                                     "-o OUT.json|OUT.m");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "linearize");
    parser.addPositionalArgument("model", "Diagram JSON file");
    QCommandLineOption at("at", "Linearize at this time of a run (default: the initial state).", "T");
    QCommandLineOption input("input", "An input: a torque or force accelerating a flange, such as inertia1.flange_b, "
                                      "or a Real input's signal, such as torque.tau (repeatable).",
                             "FLANGE|INPUT");
    QCommandLineOption measure("measure", "An output: any variable of the model (repeatable).", "NAME");
    QCommandLineOption modes("modes", "Add the modes: frequencies, damping ratios, shapes and energy shares.");
    QCommandLineOption output({"o", "output"}, "File to write: JSON, or a MATLAB/Octave script when it ends in .m "
                                               "(- for JSON on standard output).",
                              "OUT.json");
    QCommandLineOption set("set", "A parameter or start value, with a unit if you like (repeatable).", "NAME=VALUE");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    QCommandLineOption stats("stats", "Print the times of translation and analysis.");
    parser.addOptions({at, input, measure, modes, output, set, libraryDir, stats});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(output)) {
        std::fprintf(stderr, "usage: flange-sim linearize MODEL.json [--at T] [--input FLANGE]... [--measure NAME]... "
                             "[--modes] -o OUT.json\n");
        return 2;
    }
    const std::string out = parser.value(output).toStdString();
    if (out.empty())
        throw flange::badInput("-o: the file name is empty (name a file, or - for standard output)");
    if (std::error_code ec; std::filesystem::equivalent(out, pos[1].toStdString(), ec))
        throw flange::badInput("-o " + out + " is the model file itself; name another file for the results");
    flange::linear::LinearizeOptions options;
    if (parser.isSet(at)) {
        bool ok = false;
        const double t = parser.value(at).toDouble(&ok);
        if (!ok || !std::isfinite(t))
            throw flange::badInput("--at: '" + parser.value(at).toStdString() + "' is not a finite number");
        options.at = t;
    }
    for (const QString& name : parser.values(input))
        options.inputs.push_back(name.toStdString());
    for (const QString& name : parser.values(measure))
        options.measure.push_back(name.toStdString());

    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    flange::diagram::Diagram diagram = flange::diagram::loadDiagram(pos[1].toStdString());
    std::vector<std::string> types = flange::library::typesUsedBy(diagram);
    if (!options.inputs.empty()) // the sources an input is injected with
        for (const std::string& t : flange::linear::inputSourceTypes())
            types.push_back(t);
    const auto lib = libraryForModel(parser.values(libraryDir), types);
    std::vector<std::string> assignments;
    for (const QString& a : parser.values(set))
        assignments.push_back(a.toStdString());
    flange::sweep::applyAssignments(diagram, *lib, assignments);
    const auto model = flange::Model::compile(diagram, lib);
    for (const auto& w : model->warnings())
        std::fprintf(stderr, "warning: %s\n", w.c_str());
    const auto t1 = clock::now();
    const flange::linear::LinearSystem system = flange::linear::linearize(model, options);
    std::vector<flange::linear::Mode> found;
    if (parser.isSet(modes))
        found = flange::linear::modes(system);
    const auto t2 = clock::now();

    const bool matlab = out.size() > 2 && out.compare(out.size() - 2, 2, ".m") == 0;
    const std::vector<flange::linear::Mode>* withModes = parser.isSet(modes) ? &found : nullptr;
    const std::string text = matlab ? flange::linear::toMatlab(system, withModes) : flange::linear::toJson(system, withModes);
    flange::io::ReplacingFile file(out);
    if (std::fwrite(text.data(), 1, text.size(), file.stream()) != text.size())
        throw flange::io::OutputError(out + ": could not be written");
    file.commit();
    if (parser.isSet(stats)) {
        auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
        std::fprintf(stderr, "states: %zu, inputs: %zu, outputs: %zu, modes: %zu\ntime [ms]: translate %.2f, "
                     "linearize+modes %.2f (with the inputs' translation)\n",
                     system.states.size(), system.inputs.size(), system.outputs.size(), found.size(), ms(t0, t1), ms(t1, t2));
    }
    return 0;
}
