#pragma once
// Saves a run's results as a .mat file (Dymola's MAT v4 layout) from the editor, through
// the engine's writer (engine/io/mat_writer.hpp), so the file equals flange-sim's: every
// variable, aliases sharing columns with sign and the parameters in data_1 when the run's
// model is known, each variable in a column of its own otherwise.
#include "ui/results/run_result.hpp"

#include <QString>

namespace flange::ui {

// The file is replaced only when everything was written. Returns false with a reason in
// *error (when given).
bool exportMat(const RunResult& result, const QString& path, QString* error);

} // namespace flange::ui
