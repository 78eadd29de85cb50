#pragma once
// flange-sim sweep: the sweep command (docs/sweeps.md). Returns the exit status: 0 when
// the sweep ran (failed runs are rows of runs.csv), 130 when interrupted (SIGINT; the
// finished runs are kept); throws flange::Error for bad input, as the simulate command.
#include <QStringList>

int runSweepCommand(const QStringList& args);
