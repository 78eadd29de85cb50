#include "app/flange-sim/check_command.hpp"
#include "app/flange-sim/model_library.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "engine/api/model.hpp"
#include "engine/api/sweep.hpp"

#include <QCommandLineParser>

#include <cstdio>

int runCheckCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Flange headless simulator: check a model without simulating it.\n\n"
        "  flange-sim check MODEL.json|MODEL.mo [--model NAME] [--set NAME=VALUE]... [--library DIR]...\n\n"
        "Prints the states, dummy derivatives, eliminated aliases, algebraic loops and their sizes, and the start "
        "values assumed because nothing fixes them. Exit status as for simulate: 0 the model translates, 2 bad "
        "input, 4 internal error (a bug in Flange).");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "check");
    parser.addPositionalArgument("model", "Diagram JSON file, or a Modelica file or package folder");
    QCommandLineOption set("set", "A parameter or start value, with a unit if you like (repeatable).", "NAME=VALUE");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    QCommandLineOption allowFiles("allow-files", "Folder data files may be read from besides the diagram's own (repeatable).",
                                  "DIR");
    QCommandLineOption modelicaModel("model", "The model of a Modelica file or package to check (its full name).",
                                     "NAME");
    parser.addOptions({set, libraryDir, allowFiles, modelicaModel});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        std::fprintf(stderr, "usage: flange-sim check MODEL.json [--set NAME=VALUE]... [--library DIR]... "
                             "[--allow-files DIR]...\n");
        return 2;
    }
    ModelAndLibrary input =
        loadModel(pos[1].toStdString(), parser.values(libraryDir), parser.value(modelicaModel).toStdString());
    flange::diagram::Diagram& diagram = input.diagram;
    const auto lib = input.library;
    allowDataFiles(diagram, *lib, parser.values(allowFiles), pos[1].toStdString());
    std::vector<std::string> assignments;
    for (const QString& a : parser.values(set))
        assignments.push_back(a.toStdString());
    flange::sweep::applyAssignments(diagram, *lib, assignments);
    const auto model = flange::Model::compile(diagram, lib);
    std::printf("%s: translated without errors\n%s", pos[1].toStdString().c_str(), model->check().text().c_str());
    return 0;
}
