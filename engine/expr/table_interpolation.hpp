#pragma once
// Interpolation in a table of rows [x, y1, y2, ...] with MSL v4.0.0's options
// (Modelica.Blocks.Types.Smoothness, Extrapolation, TimeEvents) and the formulas of its
// ModelicaStandardTables: linear and constant segments, and the cubic Hermite splines
// of Akima, modified Akima (Makima), Fritsch-Butland and Steffen. The one place that
// interpolates: parameter evaluation, constant folding and the tape all call it.
// Splines are built once; a look-up is a binary search and a polynomial, no allocation.
#include <array>
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
std::string tableOrderDefect(const std::vector<std::vector<double>>& rows, const TableOptions& o);

class TableInterpolator {
public:
    TableInterpolator() = default;
    // rows must pass tableOrderDefect.
    TableInterpolator(const std::vector<std::vector<double>>& rows, const TableOptions& o);

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

    // Abscissae of the time events MSL's CombiTimeTable raises, ascending: the table's
    // first and last points, and every table point for Always, repeated points for
    // AtDiscontinuities. As in MSL, timeEvents applies to linear segments; constant
    // segments always have events, splines only the ends; periodic tables none here
    // (their events would repeat without end).
    const std::vector<double>& eventPoints() const { return events_; }
    bool outOfRange(double u) const { return !x_.empty() && (u < x_.front() || u > x_.back()); }
    double xMin() const { return x_.empty() ? 0 : x_.front(); }
    double xMax() const { return x_.empty() ? 0 : x_.back(); }

private:
    using Cubic = std::array<double, 3>; // y = y_i + ((c0 t + c1) t + c2) t, t = u - x_i
    double eval(double u, int column, int interval, bool slope) const;
    double extrapolate(double u, size_t col, bool right, bool slope) const;
    double segment(double u, size_t col, size_t i, bool constantNext, bool slope) const;
    void buildSplines();
    void buildEvents();

    TableOptions o_;
    Smoothness method_ = Smoothness::LinearSegments; // splines of 2 rows are linear (as MSL)
    std::vector<double> x_;
    std::vector<std::vector<double>> y_;     // by column - 2
    std::vector<std::vector<Cubic>> spline_; // by column - 2, then segment
    std::vector<double> events_;
    std::vector<size_t> firstRow_, lastRow_; // rows at each event point (two at a jump)
    bool endEvents_ = false;                 // the table's ends are event points
};

} // namespace flange::expr
