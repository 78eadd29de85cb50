#include "ui/results/csv_export.hpp"

#include "engine/api/results.hpp"
#include "ui/document/atomic_write.hpp"

#include <string>
#include <vector>

namespace flange::ui {

namespace {

bool fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return false;
}

} // namespace

bool exportCsv(const RunResult& result, const QStringList& names, const QString& path, QString* error,
               bool withUnits)
{
    std::vector<std::string> header, units;
    std::vector<std::span<const double>> columns;
    if (names.isEmpty()) {
        for (size_t c = 0; c < result.variableCount(); ++c) {
            header.push_back(result.variables()[c].name);
            units.push_back(result.variables()[c].unit);
            columns.push_back(result.values(static_cast<int>(c)));
        }
    } else {
        for (const QString& name : names) {
            const int c = result.column(name.toStdString());
            if (c < 0)
                return fail(error, QObject::tr("The results have no variable '%1'.").arg(name));
            header.push_back(name.toStdString());
            units.push_back(result.variables()[static_cast<size_t>(c)].unit);
            columns.push_back(result.values(c));
        }
    }

    AtomicFile file(path);
    if (!file.open())
        return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    // Written in slices so a long run never needs all of its text in memory at once.
    std::string text;
    const auto flush = [&] {
        const bool ok =
            file.device().write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
        text.clear();
        return ok;
    };
    io::appendCsvHeader(text, header, withUnits ? units : std::vector<std::string>{});
    const std::span<const double> time = result.time();
    for (size_t r = 0; r < time.size(); ++r) {
        io::appendCsvNumber(text, time[r]);
        for (const std::span<const double>& column : columns) {
            text += ',';
            io::appendCsvNumber(text, column[r]);
        }
        text += '\n';
        if (text.size() >= (1u << 20) && !flush())
            return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
    if (!flush() || !file.commit())
        return fail(error, QObject::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return true;
}

} // namespace flange::ui
