#include "ui/results/runs_csv_export.hpp"

#include "engine/api/results.hpp"
#include "ui/document/atomic_write.hpp"
#include "ui/results/value_at_time.hpp"

#include <QObject>

#include <string>

namespace flange::ui {

namespace {

bool fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return false;
}

std::string quoted(const QString& text)
{
    QString t = text;
    t.replace(QLatin1Char('"'), QLatin1Char('\''));
    return '"' + t.toStdString() + '"';
}

} // namespace

bool exportRunsCsv(const std::vector<NamedRun>& runs, const QStringList& names, const QString& path, QString* error)
{
    if (runs.empty() || !runs.front().run)
        return fail(error, QObject::tr("Select the runs to export."));
    if (names.isEmpty())
        return fail(error, QObject::tr("Plot the signals to export first."));
    struct Column {
        const RunResult* run;
        int column;
    };
    std::vector<Column> columns;
    std::string text = "\"time\"";
    for (const NamedRun& r : runs)
        for (const QString& s : names) {
            columns.push_back({r.run.get(), r.run ? r.run->column(s.toStdString()) : -1});
            text += ',' + quoted(QStringLiteral("%1 (%2)").arg(s, r.name));
        }
    text += '\n';
    const RunResult& first = *runs.front().run;
    const std::span<const double> time = first.time();
    for (size_t row = 0; row < time.size(); ++row) {
        io::appendCsvNumber(text, time[row]);
        for (const Column& c : columns) {
            text += ',';
            if (c.run == &first && c.column >= 0) {
                io::appendCsvNumber(text, first.values(c.column)[row]); // its own rows, exact at events
            } else if (c.run && c.column >= 0) {
                if (const std::optional<double> v = valueAtTime(*c.run, c.column, time[row]))
                    io::appendCsvNumber(text, *v);
            }
        }
        text += '\n';
    }
    QString why;
    if (!writeFileAtomically(path, text, &why))
        return fail(error, QObject::tr("Cannot write %1: %2").arg(path, why));
    return true;
}

} // namespace flange::ui
