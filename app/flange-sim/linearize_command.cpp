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
#include <optional>

namespace {

struct Range {
    double from = 0, to = 0;
    int count = 0;
};

// "F0:F1:N" as given to --bode and --rpm.
Range range(const char* option, const QString& text)
{
    const QStringList parts = text.split(':');
    Range r;
    bool ok0 = false, ok1 = false, ok2 = false;
    if (parts.size() == 3) {
        r.from = parts[0].toDouble(&ok0);
        r.to = parts[1].toDouble(&ok1);
        r.count = parts[2].toInt(&ok2);
    }
    if (!ok0 || !ok1 || !ok2 || !std::isfinite(r.from) || !std::isfinite(r.to) || !(r.to > r.from) || r.count < 2)
        throw flange::badInput(std::string(option) + " '" + text.toStdString() +
                               "': give FROM:TO:N with FROM < TO and N >= 2 points (" + option + " 1:1000:200)");
    return r;
}

} // namespace

int runLinearizeCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Flange headless simulator: linear analysis.\n\n"
                                     "  flange-sim linearize MODEL.json [--at T] [--steady] [--input FLANGE]... [--measure NAME]... [--modes] "
                                     "[--bode F0:F1:N] [--orders LIST --order-shaft NAME [--rpm R0:R1:N]] -o OUT.json|OUT.m\n"
                                     "  flange-sim linearize MODEL.json [--at T] --lowest K -o OUT.json");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "linearize");
    parser.addPositionalArgument("model", "Diagram JSON file");
    QCommandLineOption at("at", "Linearize at this time of a run (default: the initial state).", "T");
    QCommandLineOption input("input", "An input: a torque or force accelerating a flange, such as inertia1.flange_b, "
                                      "or a Real input's signal, such as torque.tau (repeatable).",
                             "FLANGE|INPUT");
    QCommandLineOption measure("measure", "An output: any variable of the model (repeatable).", "NAME");
    QCommandLineOption steady("steady", "Linearize at the steady state (every speed constant, absolute angles "
                                        "turning), searched from the initial state or the state at --at.");
    QCommandLineOption modes("modes", "Add the modes: frequencies, damping ratios, shapes and energy shares.");
    QCommandLineOption lowest("lowest", "Only the K lowest modes that are not zeros, by sparse shift-invert: for "
                                        "lines of any size (frequencies and damping, no matrices or shapes).", "K");
    QCommandLineOption bodeRange("bode", "Add the frequency response from every input to every output, at N "
                                         "log-spaced frequencies from F0 to F1 Hz.", "F0:F1:N");
    QCommandLineOption orders("orders", "Add Campbell data for these orders of the shaft's speed (comma-separated).",
                              "LIST");
    QCommandLineOption orderShaft("order-shaft", "The inertia whose speed the orders are of.", "NAME");
    QCommandLineOption rpmRange("rpm", "The shaft speeds of the Campbell data, N from R0 to R1 rpm "
                                       "(default: up to 1.2 times the highest crossing).", "R0:R1:N");
    QCommandLineOption output({"o", "output"}, "File to write: JSON, or a MATLAB/Octave script when it ends in .m "
                                               "(- for JSON on standard output).",
                              "OUT.json");
    QCommandLineOption set("set", "A parameter or start value, with a unit if you like (repeatable).", "NAME=VALUE");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    QCommandLineOption stats("stats", "Print the times of translation and analysis.");
    parser.addOptions({at, steady, input, measure, modes, lowest, bodeRange, orders, orderShaft, rpmRange, output, set, libraryDir, stats});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(output)) {
        std::fprintf(stderr, "usage: flange-sim linearize MODEL.json [--at T] [--input FLANGE]... [--measure NAME]... "
                             "[--modes] [--steady] [--bode F0:F1:N] [--orders LIST --order-shaft NAME] -o OUT.json\n");
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
    options.steady = parser.isSet(steady);
    std::optional<Range> bodeSpec, rpmSpec;
    if (parser.isSet(bodeRange))
        bodeSpec = range("--bode", parser.value(bodeRange));
    if (parser.isSet(rpmRange))
        rpmSpec = range("--rpm", parser.value(rpmRange));
    std::vector<double> orderList;
    if (parser.isSet(orders)) {
        for (const QString& k : parser.value(orders).split(',')) {
            bool ok = false;
            orderList.push_back(k.trimmed().toDouble(&ok));
            if (!ok)
                throw flange::badInput("--orders: '" + k.toStdString() + "' is not a number (--orders 1,2,4.5)");
        }
        if (!parser.isSet(orderShaft))
            throw flange::badInput("--orders needs --order-shaft NAME: the inertia whose speed the orders are of");
    } else if (parser.isSet(orderShaft) || parser.isSet(rpmRange)) {
        throw flange::badInput("--order-shaft and --rpm go with --orders LIST");
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
    if (parser.isSet(lowest)) {
        bool ok = false;
        const int count = parser.value(lowest).toInt(&ok);
        if (!ok || count < 1)
            throw flange::badInput("--lowest: '" + parser.value(lowest).toStdString() + "' is not a number of modes (--lowest 10)");
        if (options.steady || !options.inputs.empty() || !options.measure.empty() || parser.isSet(modes) || bodeSpec ||
            !orderList.empty())
            throw flange::badInput("--lowest gives the lowest modes alone: --at and --set go with it, not --steady, "
                                   "--input, --measure, --modes, --bode or --orders");
        const flange::linear::SparseModes found = flange::linear::lowestModes(model, count, options.at);
        const auto t2 = clock::now();
        const std::string text = flange::linear::toJson(found);
        flange::io::ReplacingFile file(out);
        if (std::fwrite(text.data(), 1, text.size(), file.stream()) != text.size())
            throw flange::io::OutputError(out + ": could not be written");
        file.commit();
        if (parser.isSet(stats))
            std::fprintf(stderr, "states: %zu, modes: %zu, zeros: %d\ntime [ms]: translate %.2f, lowest modes %.2f\n",
                         found.states, found.modes.size(), found.zeros,
                         std::chrono::duration<double, std::milli>(t1 - t0).count(),
                         std::chrono::duration<double, std::milli>(t2 - t1).count());
        return 0;
    }
    const flange::linear::LinearSystem system = flange::linear::linearize(model, options);
    std::vector<flange::linear::Mode> found;
    if (parser.isSet(modes) || bodeSpec || !orderList.empty()) // the Bode's marks, the crossings
        found = flange::linear::modes(system);
    flange::linear::Results results;
    results.modes = parser.isSet(modes) ? &found : nullptr;
    flange::linear::Bode bode;
    if (bodeSpec) {
        bode = flange::linear::bode(system, flange::linear::logSpaced(bodeSpec->from, bodeSpec->to, bodeSpec->count), found);
        results.bode = &bode;
    }
    flange::linear::Campbell campbell;
    if (!orderList.empty()) {
        std::vector<double> rpm;
        if (rpmSpec)
            for (int i = 0; i < rpmSpec->count; ++i)
                rpm.push_back(rpmSpec->from + (rpmSpec->to - rpmSpec->from) * i / (rpmSpec->count - 1));
        campbell = flange::linear::campbell(system, found, orderList, parser.value(orderShaft).toStdString(), rpm);
        results.campbell = &campbell;
    }
    const auto t2 = clock::now();

    const bool matlab = out.size() > 2 && out.compare(out.size() - 2, 2, ".m") == 0;
    const std::string text = matlab ? flange::linear::toMatlab(system, results) : flange::linear::toJson(system, results);
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
