#pragma once
// flange-sim check: translate without simulating and report what translation chose
// (Model::check), as Diagram > Check does in the window. Returns the exit status; throws
// flange::Error for bad input, which main() turns into exit codes as for simulate.
#include <QStringList>

int runCheckCommand(const QStringList& args);
