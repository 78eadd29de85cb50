#include "app/flange-sim/convert_command.hpp"
#include "app/flange-sim/model_library.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/errors.hpp"
#include "engine/api/library.hpp"
#include "engine/api/modelica.hpp"
#include "engine/api/results.hpp"

#include <QCommandLineParser>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

int runConvertCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Flange headless simulator: diagrams as Modelica, Modelica as diagrams.\n\n"
                                     "  flange-sim convert MODEL.json -o OUT.mo [--library DIR]\n"
                                     "  flange-sim convert MODEL.mo [--model NAME] -o OUT.json [--library DIR]");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "convert");
    parser.addPositionalArgument("model", "Diagram JSON file, or Modelica file or package folder");
    QCommandLineOption output({"o", "output"}, "Modelica file to write (- for standard output).", "OUT.mo");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    QCommandLineOption modelicaModel("model", "The model of a Modelica file or package to convert (its full name).",
                                     "NAME");
    parser.addOptions({output, libraryDir, modelicaModel});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(output)) {
        std::fprintf(stderr, "usage: flange-sim convert MODEL.json -o OUT.mo | MODEL.mo [--model NAME] -o OUT.json "
                             "[--library DIR]\n");
        return 2;
    }
    const std::string in = pos[1].toStdString(), out = parser.value(output).toStdString();
    if (out.empty())
        throw flange::badInput("-o: the file name is empty (name a file, or - for standard output)");
    if (std::error_code ec; std::filesystem::equivalent(out, in, ec))
        throw flange::badInput("-o " + out + " is the model file itself; name another file for the Modelica text");
    const bool fromModelica = isModelicaInput(in);
    if (fromModelica && !out.ends_with(".json") && out != "-")
        throw flange::badInput("-o " + out + ": convert reads Modelica into a diagram, name a .json file");
    if (!fromModelica && !out.ends_with(".mo") && out != "-")
        throw flange::badInput("-o " + out + ": convert writes Modelica, name a .mo file");
    const ModelAndLibrary model = loadModel(in, parser.values(libraryDir), parser.value(modelicaModel).toStdString());
    const flange::diagram::Diagram& diagram = model.diagram;
    const std::string name = !diagram.name.empty() ? diagram.name : std::filesystem::path(in).stem().string();
    const std::string text = fromModelica ? flange::diagram::serializeDiagram(diagram)
                                          : flange::modelica::writeModelica(diagram, *model.library, name);
    flange::io::ReplacingFile file(out);
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), file.stream()) != text.size())
        throw flange::io::OutputError((out == "-" ? std::string("standard output") : out) + ": " +
                                      std::strerror(errno != 0 ? errno : EIO));
    file.commit();
    return 0;
}
