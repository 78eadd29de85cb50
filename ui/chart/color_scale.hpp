#pragma once
// Values to colours for charts that colour by a number (runs by a swept value, the cells of
// a map): a perceptually even sequence from dark blue through green to yellow (the viridis
// map's stops), over a range that is linear or logarithmic.
#include <QColor>

#include <vector>

namespace flange::ui::chart {

class ColorScale {
public:
    ColorScale() = default;
    // A range that is empty (lo == hi) maps every value to the middle colour; a log
    // range needs positive ends.
    ColorScale(double lo, double hi, bool log = false);
    // The range of the finite values (the positive ones, for a log scale); 0..1 when none.
    static ColorScale fitting(const std::vector<double>& values, bool log = false);

    double lo() const { return lo_; }
    double hi() const { return hi_; }
    bool isLog() const { return log_; }
    // Where `value` lies in the range, 0 at lo to 1 at hi (clamped; in logarithm for a log
    // scale); NaN for NaN and, on a log scale, for values that are not positive.
    double fraction(double value) const;
    // The colour at a fraction of the sequence (0 dark blue, 1 yellow).
    static QColor colorAtFraction(double fraction);
    // An invalid QColor for a value without a fraction (NaN).
    QColor colorAt(double value) const;

private:
    double lo_ = 0, hi_ = 1;
    bool log_ = false;
};

// Tick values for an axis or colour bar from lo to hi: whole decades on a log range (with
// 2 and 5 between when the range spans fewer than three), else about `count` round numbers
// (steps of 1, 2 or 5 times a power of ten).
std::vector<double> ticks(double lo, double hi, bool log, int count = 5);

} // namespace flange::ui::chart
