#include "ui/results/mat_export.hpp"

#include "engine/api/errors.hpp"
#include "engine/api/results.hpp"

#include <string>
#include <vector>

namespace flange::ui {

bool exportMat(const RunResult& result, const QString& path, QString* error)
{
    try {
        std::vector<io::MatVariable> layout;
        if (result.model && result.model->variableCount() == result.variableCount()) {
            layout = io::matVariables(*result.model);
        } else {
            for (size_t c = 0; c < result.variableCount(); ++c) {
                const ResultVariable& v = result.variables()[c];
                layout.push_back({v.name, v.unit.empty() ? std::string() : "[" + v.unit + "]",
                                  static_cast<int32_t>(c), false, false, 0.0});
            }
        }
        std::vector<std::string> names;
        for (const ResultVariable& v : result.variables())
            names.push_back(v.name);
        io::MatWriter writer(path.toStdString(), std::move(layout));
        writer.begin(names);
        const std::span<const double> time = result.time();
        std::vector<double> row(result.variableCount());
        for (size_t r = 0; r < time.size(); ++r) {
            for (size_t c = 0; c < row.size(); ++c)
                row[c] = result.values(static_cast<int>(c))[r];
            writer.row(time[r], row);
        }
        writer.finish();
        return true;
    } catch (const Error& e) {
        if (error)
            *error = QString::fromStdString(e.what()); // "PATH: reason"
        return false;
    }
}

} // namespace flange::ui
