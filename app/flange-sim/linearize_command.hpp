#pragma once
// flange-sim linearize: the linear model and its modes (docs/guide/vibration.md). Returns
// the exit status; throws flange::Error for bad input and failed runs, as the simulate
// command, which main() turns into its exit codes.
#include <QStringList>

int runLinearizeCommand(const QStringList& args);
