#pragma once
// flange-sim convert IN.json -o OUT.mo: a diagram written as a Modelica model of MSL 4.0.0
// classes (engine/modelica/modelica_writer.hpp). Returns 0; throws flange::Error for bad
// input (exit 2) and io::OutputError when OUT cannot be written (exit 5), as simulate does.
#include <QStringList>

int runConvertCommand(const QStringList& args);
