#pragma once
// Interpolation in a table of rows [x, y1, y2, ...] with MSL v4.0.0's options
// (Modelica.Blocks.Types.Smoothness, Extrapolation, TimeEvents) and the formulas of its
// ModelicaStandardTables: linear and constant segments, and the cubic Hermite splines
// of Akima, modified Akima (Makima), Fritsch-Butland and Steffen. The one place that
// interpolates: parameter evaluation, constant folding and the tape all call it.
// Splines are built once; a look-up is a binary search and a polynomial, no allocation.
#include "engine/expr/table_rows.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace flange::expr {

// MSL's ordinals (Integer parameters and enumeration values use the same numbers).
enum class Smoothness {
    LinearSegments = 1,
    ContinuousDerivative,          // Akima
    ConstantSegments,
    MonotoneContinuousDerivative1, // Fritsch-Butland
    MonotoneContinuousDerivative2, // Steffen
    ModifiedContinuousDerivative,  // Makima
};
enum class Extrapolation { HoldLastPoint = 1, LastTwoPoints, Periodic, NoExtrapolation };
enum class TimeEvents { Always = 1, AtDiscontinuities, NoTimeEvents };

struct TableOptions {
    Smoothness smoothness = Smoothness::LinearSegments;
    Extrapolation extrapolation = Extrapolation::LastTwoPoints;
    TimeEvents timeEvents = TimeEvents::NoTimeEvents;
    bool operator==(const TableOptions& o) const
    {
        return smoothness == o.smoothness && extrapolation == o.extrapolation && timeEvents == o.timeEvents;
    }
};

// Why `rows` cannot be interpolated with `o` ("the first column decreases at row 3"),
// or empty. Rows are assumed rectangular and finite (tableDefect checks that first).
std::string tableOrderDefect(const TableRows& rows, const TableOptions& o);

class TableInterpolator {
public:
    TableInterpolator() = default;
    // rows must pass tableOrderDefect. The interpolator reads them where they are (shared).
    TableInterpolator(TableRows rows, const TableOptions& o);

    // Column `column` (2 = the first after x) at u, or its derivative by u. `interval` is
    // the number of event points passed (frozen between events, as MSL's event interval),
    // or -1 to find the segment from u alone. NaN where NoExtrapolation forbids u.
    double value(double u, int column, int interval = -1) const { return eval(u, column, interval, false); }
    double slope(double u, int column, int interval = -1) const { return eval(u, column, interval, true); }

    // Two columns before the table's own, for the event counter a table with time events
    // gets (flatten/lower.cpp): kEventPoint at u = k is event point k (0-based; -infinity
    // before the first, +infinity after the last), kEventCount at u the number of event
    // points at or before u. Each a binary search or an index, so a table of 10^6 rows
    // costs a model two relations and one discrete variable, not one relation per row.
    static constexpr int kEventPoint = 0, kEventCount = 1;

    // The time events MSL's CombiTimeTable raises, ascending: the table's first and last
    // points, and every table point for Always, repeated points for AtDiscontinuities. As
    // in MSL, timeEvents applies to linear segments; constant segments always have events,
    // splines only the ends; periodic tables none here (their events would repeat without
    // end).
    size_t eventCount() const { return everyRow_ ? n_ : eventRows_.size(); }
    double eventPoint(size_t k) const { return x(firstRow(k)); }
    bool outOfRange(double u) const { return n_ > 0 && (u < x(0) || u > x(n_ - 1)); }
    double xMin() const { return n_ == 0 ? 0 : x(0); }
    double xMax() const { return n_ == 0 ? 0 : x(n_ - 1); }

private:
    using Cubic = std::array<double, 3>; // y = y_i + ((c0 t + c1) t + c2) t, t = u - x_i
    double x(size_t i) const { return v_[i * cols_]; }
    double y(size_t col, size_t i) const { return v_[i * cols_ + col + 1]; }
    // The first row in [lo, hi) whose x is greater than u, or hi.
    size_t upperBound(size_t lo, size_t hi, double u) const;
    // The rows at event point k: two (or more) at a jump.
    size_t firstRow(size_t k) const { return everyRow_ ? k : eventRows_[k].first; }
    size_t lastRow(size_t k) const { return everyRow_ ? k : eventRows_[k].second; }
    double eval(double u, int column, int interval, bool slope) const;
    double extrapolate(double u, size_t col, bool right, bool slope) const;
    double segment(double u, size_t col, size_t i, bool constantNext, bool slope) const;
    void buildSplines();
    void buildEvents();

    TableOptions o_;
    Smoothness method_ = Smoothness::LinearSegments; // splines of 2 rows are linear (as MSL)
    TableRows rows_;
    const double* v_ = nullptr; // rows_'s numbers, row after row
    size_t n_ = 0, cols_ = 0;
    std::vector<std::vector<Cubic>> spline_; // by column - 2, then segment
    // Every row an event point of its own (Always, no jumps): no list. Otherwise the first
    // and last row of each event point.
    bool everyRow_ = false;
    std::vector<std::pair<uint32_t, uint32_t>> eventRows_;
    bool endEvents_ = false; // the table's ends are event points
};

} // namespace flange::expr
