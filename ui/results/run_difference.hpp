#pragma once
// The difference of one signal between two runs, as a run of its own that the plots and
// the runs compared show like any other: on the first run's rows, its value minus the
// second run's value at the same time (valueAtTime: linear between rows, held for discrete
// signals). Where the second run has no value (it is shorter) the row is NaN, drawn as a gap.
#include "ui/results/run_result.hpp"

#include <QString>

#include <memory>

namespace flange::ui {

// The variable of the result is `name` ("inertia1.w (Run 2 − Run 1)"), with the signal's unit.
// Null with the reason when either run lacks the signal.
std::shared_ptr<RunResult> runDifference(const RunResult& a, const RunResult& b, const QString& signal,
                                         const QString& name, QString* reason = nullptr);

} // namespace flange::ui
