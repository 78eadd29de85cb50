#pragma once
// Saves a run's results as CSV from the editor, in exactly the text flange-sim -o writes
// (engine/io/csv_format.hpp), so files from either can be compared byte for byte.
#include "ui/results/run_result.hpp"

#include <QString>
#include <QStringList>

namespace flange::ui {

// names: the variables to write, in that order; empty writes all of them in run order.
// The file is replaced only when everything was written (a failed export leaves the old
// file as it was). Returns false with a reason in *error (when given). withUnits: headers
// "time [s]", "name [unit]", as flange-sim --units writes them.
bool exportCsv(const RunResult& result, const QStringList& names, const QString& path, QString* error,
               bool withUnits = false);

} // namespace flange::ui
