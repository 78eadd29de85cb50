#pragma once
// A Tune slider's range and the mapping between the slider's track (a fraction 0..1) and
// the value it sets, linear or logarithmic. The range is checked here once, with the
// message that names the field at fault.
#include <QString>

#include <optional>

namespace flange::ui::tune {

struct TuneRange {
    double min = 0, max = 1;
    bool log = false;
    bool operator==(const TuneRange&) const = default;
};

// Why the range is refused ("spring.c: min (2000) must be below max (1000)", "spring.c: a
// log range must stay above 0: min is 0"), or nothing when it is usable. `name` is the
// slider's target.
std::optional<QString> rangeProblem(const QString& name, const TuneRange& range);

// The value at a fraction of the track (clamped to 0..1): equal steps of the value on a
// linear range, equal ratios on a log one.
double valueAt(const TuneRange& range, double fraction);
// The fraction of the track where a value sits (clamped to the range).
double fractionOf(const TuneRange& range, double value);

// The range a new slider starts with around a value: a decade either side on a log scale
// for a positive value, half to twice it for a negative one, -1..1 for zero.
TuneRange defaultRange(double value);

} // namespace flange::ui::tune
