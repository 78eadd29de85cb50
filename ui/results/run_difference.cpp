#include "ui/results/run_difference.hpp"

#include "ui/results/value_at_time.hpp"

#include <QObject>

#include <limits>
#include <vector>

namespace flange::ui {

std::shared_ptr<RunResult> runDifference(const RunResult& a, const RunResult& b, const QString& signal,
                                         const QString& name, QString* reason)
{
    const int ca = a.column(signal.toStdString()), cb = b.column(signal.toStdString());
    if (ca < 0 || cb < 0) {
        if (reason)
            *reason = QObject::tr("Run %1 has no variable %2").arg(ca < 0 ? a.number : b.number).arg(signal);
        return nullptr;
    }
    const ResultVariable& var = a.variables()[static_cast<size_t>(ca)];
    auto out = std::make_shared<RunResult>();
    out->begin({ResultVariable{name.toStdString(), var.unit, false, var.isDiscrete}});
    const std::span<const double> t = a.time();
    const std::span<const double> va = a.values(ca);
    std::vector<double> times(t.begin(), t.end()), values(t.size());
    for (size_t i = 0; i < t.size(); ++i) {
        const std::optional<double> vb = valueAtTime(b, cb, t[i]);
        values[i] = vb ? va[i] - *vb : std::numeric_limits<double>::quiet_NaN();
    }
    out->appendRows(times, values);
    out->startTime = a.startTime;
    out->stopTime = a.stopTime;
    out->status = RunResult::Status::Finished;
    return out;
}

} // namespace flange::ui
