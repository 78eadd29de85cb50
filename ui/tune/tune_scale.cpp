#include "ui/tune/tune_scale.hpp"

#include "engine/api/results.hpp"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace flange::ui::tune {

namespace {

QString number(double v) { return QString::fromStdString(io::shortestNumber(v)); }

} // namespace

std::optional<QString> rangeProblem(const QString& name, const TuneRange& range)
{
    if (!std::isfinite(range.min))
        return QObject::tr("%1: min is not a finite number").arg(name);
    if (!std::isfinite(range.max))
        return QObject::tr("%1: max is not a finite number").arg(name);
    if (!(range.min < range.max))
        return QObject::tr("%1: min (%2) must be below max (%3)").arg(name, number(range.min), number(range.max));
    // A log scale spaces ratios: it cannot reach or cross zero.
    if (range.log && range.min <= 0)
        return QObject::tr("%1: a log range must stay above 0: min is %2").arg(name, number(range.min));
    return std::nullopt;
}

double valueAt(const TuneRange& range, double fraction)
{
    const double f = std::clamp(fraction, 0.0, 1.0);
    if (f == 0)
        return range.min; // the ends exactly, not exp(log(x)) of them
    if (f == 1)
        return range.max;
    if (range.log)
        return range.min * std::pow(range.max / range.min, f);
    return range.min + f * (range.max - range.min);
}

double fractionOf(const TuneRange& range, double value)
{
    if (!(range.min < range.max))
        return 0;
    const double v = std::clamp(value, range.min, range.max);
    if (range.log)
        return std::log(v / range.min) / std::log(range.max / range.min);
    return (v - range.min) / (range.max - range.min);
}

TuneRange defaultRange(double value)
{
    if (value > 0)
        return {value / 10, value * 10, true};
    if (value < 0)
        return {value * 2, value / 2, false};
    return {-1, 1, false};
}

} // namespace flange::ui::tune
