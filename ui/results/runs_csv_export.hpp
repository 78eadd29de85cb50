#pragma once
// Several runs' signals in one CSV file, for comparing them elsewhere: a "time" column of
// the first run's rows, then each signal of each run ("inertia1.w (Run 2)"), a run's
// value at those times read as a plot's crosshair reads it (valueAtTime: linear between
// rows), empty where the run has no value (it is shorter, or lacks the signal). Numbers
// in flange-sim's text (the shortest that reads back the same double).
#include "ui/results/run_result.hpp"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace flange::ui {

struct NamedRun {
    std::shared_ptr<const RunResult> run;
    QString name; // "Run 2", as the runs compared call it
};

// Written atomically; false with the reason when there is no run or signal, or the file
// cannot be written.
bool exportRunsCsv(const std::vector<NamedRun>& runs, const QStringList& names, const QString& path,
                   QString* error = nullptr);

} // namespace flange::ui
