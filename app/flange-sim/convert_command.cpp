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
    parser.setApplicationDescription("Flange headless simulator: diagrams as Modelica.\n\n"
                                     "  flange-sim convert MODEL.json -o OUT.mo [--library DIR]");
    parser.addHelpOption();
    parser.addPositionalArgument("command", "convert");
    parser.addPositionalArgument("model", "Diagram JSON file");
    QCommandLineOption output({"o", "output"}, "Modelica file to write (- for standard output).", "OUT.mo");
    QCommandLineOption libraryDir("library", "Extra folder of component definitions (repeatable).", "DIR");
    parser.addOptions({output, libraryDir});
    parser.process(args);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(output)) {
        std::fprintf(stderr, "usage: flange-sim convert MODEL.json -o OUT.mo [--library DIR]\n");
        return 2;
    }
    const std::string in = pos[1].toStdString(), out = parser.value(output).toStdString();
    if (out.empty())
        throw flange::badInput("-o: the file name is empty (name a file, or - for standard output)");
    if (std::error_code ec; std::filesystem::equivalent(out, in, ec))
        throw flange::badInput("-o " + out + " is the model file itself; name another file for the Modelica text");
    if (!out.ends_with(".mo") && out != "-")
        throw flange::badInput("-o " + out + ": convert writes Modelica, name a .mo file");
    const flange::diagram::Diagram diagram = flange::diagram::loadDiagram(in);
    const auto lib = libraryForModel(parser.values(libraryDir), flange::library::typesUsedBy(diagram));
    const std::string name = !diagram.name.empty() ? diagram.name : std::filesystem::path(in).stem().string();
    const std::string text = flange::modelica::writeModelica(diagram, *lib, name);
    flange::io::ReplacingFile file(out);
    errno = 0;
    if (std::fwrite(text.data(), 1, text.size(), file.stream()) != text.size())
        throw flange::io::OutputError((out == "-" ? std::string("standard output") : out) + ": " +
                                      std::strerror(errno != 0 ? errno : EIO));
    file.commit();
    return 0;
}
