#include "engine/expr/table_interpolation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace flange::expr {

namespace {

bool isSpline(Smoothness s)
{
    return s == Smoothness::ContinuousDerivative || s == Smoothness::ModifiedContinuousDerivative ||
           s == Smoothness::MonotoneContinuousDerivative1 || s == Smoothness::MonotoneContinuousDerivative2;
}

// MSL compares abscissae with a relative tolerance of 1e-10 (isNearlyEqual).
bool nearlyEqual(double a, double b)
{
    double scale = std::max({std::fabs(a), std::fabs(b), 1e-10});
    return std::fabs(a - b) < scale * 1e-10;
}

std::string rowText(size_t r) { return "row " + std::to_string(r + 1); }

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// The slope at each table point, by the method's rule; the segments are then cubic
// Hermite polynomials through the points with these slopes.
std::vector<double> akimaSlopes(const std::vector<double>& x, const std::vector<double>& y, bool modified)
{
    const size_t n = x.size();
    // Divided differences with two extrapolated ones at each end: d[k + 2] is segment k's.
    std::vector<double> d(n + 3);
    for (size_t k = 0; k + 1 < n; ++k)
        d[k + 2] = (y[k + 1] - y[k]) / (x[k + 1] - x[k]);
    d[0] = 3 * d[2] - 2 * d[3];
    d[1] = 2 * d[2] - d[3];
    d[n + 1] = 2 * d[n] - d[n - 1];
    d[n + 2] = 3 * d[n] - 2 * d[n - 1];
    std::vector<double> s(n);
    for (size_t i = 0; i < n; ++i) {
        // Point i lies between segments i-1 (d[i+1]) and i (d[i+2]).
        double wLeft = std::fabs(d[i + 3] - d[i + 2]);
        double wRight = std::fabs(d[i + 1] - d[i]);
        if (modified) {
            wLeft += 0.5 * std::fabs(d[i + 3] + d[i + 2]);
            wRight += 0.5 * std::fabs(d[i + 1] + d[i]);
        }
        double w = wLeft + wRight;
        if (w > 0) {
            double a = wRight / w;
            s[i] = (1 - a) * d[i + 1] + a * d[i + 2];
        } else {
            s[i] = modified ? 0.0 : 0.5 * (d[i + 1] + d[i + 2]);
        }
    }
    return s;
}

std::vector<double> monotoneSlopes(const std::vector<double>& x, const std::vector<double>& y, bool steffen)
{
    const size_t n = x.size();
    std::vector<double> d(n - 1);
    for (size_t k = 0; k + 1 < n; ++k)
        d[k] = (y[k + 1] - y[k]) / (x[k + 1] - x[k]);
    std::vector<double> s(n);
    s[0] = d[0];
    s[n - 1] = d[n - 2];
    for (size_t i = 1; i + 1 < n; ++i) {
        double dl = d[i - 1], dr = d[i];
        double hl = x[i] - x[i - 1], hr = x[i + 1] - x[i];
        if (dl == 0 || dr == 0 || (dl < 0) != (dr < 0)) {
            s[i] = 0; // an extremum or a flat piece: monotone methods keep it flat
        } else if (!steffen) {
            // Fritsch-Butland: a weighted harmonic mean of the neighbouring secants.
            s[i] = 3 * (hl + hr) / ((hl + 2 * hr) / dl + (hr + 2 * hl) / dr);
        } else {
            // Steffen: the parabola's slope, limited to twice the smaller secant.
            s[i] = (dl * hr + dr * hl) / (hl + hr);
            if (0.5 * std::fabs(s[i]) > std::fabs(dl) || 0.5 * std::fabs(s[i]) > std::fabs(dr))
                s[i] = (dl > 0 ? 2.0 : -2.0) * std::min(std::fabs(dl), std::fabs(dr));
        }
    }
    return s;
}

} // namespace

std::string tableOrderDefect(const TableRows& rows, const TableOptions& o)
{
    if (rows.empty())
        return "the table has no rows";
    if (rows.columns() < 2)
        return "the table needs a first column and at least one value column";
    const bool strict = isSpline(o.smoothness) && rows.size() > 2;
    for (size_t r = 1; r < rows.size(); ++r) {
        double a = rows[r - 1][0], b = rows[r][0];
        if (b < a)
            return "the first column must not decrease, but " + rowText(r) + " has " + number(b) + " after " +
                   number(a) + " in " + rowText(r - 1);
        if (strict && b <= a)
            return "the first column must increase strictly for a spline (smoothness), but " + rowText(r - 1) +
                   " and " + rowText(r) + " both have " + number(a);
    }
    if (o.extrapolation == Extrapolation::Periodic && rows.size() > 1 && !(rows[rows.size() - 1][0] > rows[0][0]))
        return "periodic extrapolation needs a positive period (last time > first time)";
    return {};
}

TableInterpolator::TableInterpolator(TableRows rows, const TableOptions& o)
    : o_(o), rows_(std::move(rows)), v_(rows_.data()), n_(rows_.size()), cols_(rows_.columns())
{
    method_ = isSpline(o.smoothness) && n_ <= 2 ? Smoothness::LinearSegments : o.smoothness;
    buildSplines();
    buildEvents();
}

size_t TableInterpolator::upperBound(size_t lo, size_t hi, double u) const
{
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (x(mid) > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

void TableInterpolator::buildSplines()
{
    if (!isSpline(method_) || cols_ < 2)
        return;
    std::vector<double> xs(n_), ys(n_);
    for (size_t i = 0; i < n_; ++i)
        xs[i] = x(i);
    for (size_t col = 0; col + 1 < cols_; ++col) {
        for (size_t i = 0; i < n_; ++i)
            ys[i] = y(col, i);
        std::vector<double> s;
        switch (method_) {
        case Smoothness::ContinuousDerivative: s = akimaSlopes(xs, ys, false); break;
        case Smoothness::ModifiedContinuousDerivative: s = akimaSlopes(xs, ys, true); break;
        case Smoothness::MonotoneContinuousDerivative1: s = monotoneSlopes(xs, ys, false); break;
        default: s = monotoneSlopes(xs, ys, true); break;
        }
        std::vector<Cubic> c(n_ - 1);
        for (size_t i = 0; i + 1 < n_; ++i) {
            double h = xs[i + 1] - xs[i];
            double d = (ys[i + 1] - ys[i]) / h;
            c[i] = {(s[i] + s[i + 1] - 2 * d) / (h * h), (3 * d - 2 * s[i] - s[i + 1]) / h, s[i]};
        }
        spline_.push_back(std::move(c));
    }
}

void TableInterpolator::buildEvents()
{
    if (n_ < 2 || o_.extrapolation == Extrapolation::Periodic)
        return;
    TimeEvents e = method_ == Smoothness::LinearSegments     ? o_.timeEvents
                   : method_ == Smoothness::ConstantSegments ? TimeEvents::Always
                                                             : TimeEvents::NoTimeEvents;
    if (o_.smoothness != method_) // a 2-row spline: MSL gives it no events either
        e = TimeEvents::NoTimeEvents;
    endEvents_ = e == TimeEvents::Always;
    // MSL's CombiTimeTable has an event at the table's ends whatever timeEvents says
    // ("at least one time event at the interval boundaries"): at its last time, where
    // extrapolation begins, and at its first if the run starts before it. Vehicle's table
    // ends at the stop time, 60 s: Dymola counts that event (7 time events, 6 jumps).
    bool jumps = false;
    for (size_t i = 0; i < n_;) {
        size_t j = i;
        while (j + 1 < n_ && nearlyEqual(x(j + 1), x(i)))
            ++j;
        jumps = jumps || j > i;
        if (e == TimeEvents::Always || j > i || i == 0 || j + 1 == n_)
            eventRows_.emplace_back(static_cast<uint32_t>(i), static_cast<uint32_t>(j));
        i = j + 1;
    }
    if (e == TimeEvents::Always && !jumps) { // row k is event point k: no list needed
        everyRow_ = true;
        eventRows_ = {};
    }
}

double TableInterpolator::segment(double u, size_t col, size_t i, bool constantNext, bool slope) const
{
    switch (method_) {
    case Smoothness::ConstantSegments:
        if (slope)
            return 0;
        return constantNext && u >= x(i + 1) ? y(col, i + 1) : y(col, i);
    case Smoothness::LinearSegments: {
        if (nearlyEqual(x(i), x(i + 1)))
            return slope ? 0.0 : y(col, i + 1);
        double s = (y(col, i + 1) - y(col, i)) / (x(i + 1) - x(i));
        return slope ? s : y(col, i) + s * (u - x(i));
    }
    default: {
        const Cubic& c = spline_[col][i];
        double t = u - x(i);
        return slope ? (3 * c[0] * t + 2 * c[1]) * t + c[2] : y(col, i) + ((c[0] * t + c[1]) * t + c[2]) * t;
    }
    }
}

double TableInterpolator::extrapolate(double u, size_t col, bool right, bool slope) const
{
    const size_t n = n_;
    switch (o_.extrapolation) {
    case Extrapolation::HoldLastPoint: return slope ? 0.0 : (right ? y(col, n - 1) : y(col, 0));
    case Extrapolation::NoExtrapolation: return std::numeric_limits<double>::quiet_NaN();
    default: break; // LastTwoPoints (Periodic never gets here)
    }
    if (isSpline(method_)) {
        // The end segment's slope at the end point, continued as a straight line.
        const size_t i = right ? n - 2 : 0;
        const Cubic& c = spline_[col][i];
        double h = right ? x(n - 1) - x(n - 2) : 0.0;
        double s = (3 * c[0] * h + 2 * c[1]) * h + c[2];
        return slope ? s : (right ? y(col, n - 1) + s * (u - x(n - 1)) : y(col, 0) + s * (u - x(0)));
    }
    // Linear and constant segments: the straight line through the two end points.
    const size_t i = right ? n - 2 : 0;
    if (nearlyEqual(x(i), x(i + 1)))
        return slope ? 0.0 : (right ? y(col, i + 1) : y(col, i));
    double s = (y(col, i + 1) - y(col, i)) / (x(i + 1) - x(i));
    return slope ? s : y(col, i) + s * (u - x(i));
}

double TableInterpolator::eval(double u, int column, int interval, bool slope) const
{
    if (column == kEventPoint || column == kEventCount) {
        if (slope)
            return 0;
        const size_t events = eventCount();
        if (column == kEventCount) { // the event points at or before u
            size_t lo = 0, hi = events;
            while (lo < hi) {
                const size_t mid = lo + (hi - lo) / 2;
                if (eventPoint(mid) > u)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            return static_cast<double>(lo);
        }
        if (!(u >= 0)) // NaN included: no point
            return -std::numeric_limits<double>::infinity();
        return u < static_cast<double>(events) ? eventPoint(static_cast<size_t>(u))
                                               : std::numeric_limits<double>::infinity();
    }
    const size_t col = static_cast<size_t>(column - 2);
    const size_t n = n_;
    if (n == 0 || col + 1 >= cols_)
        return 0;
    if (n == 1)
        return slope ? 0.0 : y(col, 0);
    if (o_.extrapolation == Extrapolation::Periodic) {
        double period = x(n - 1) - x(0);
        u -= period * std::floor((u - x(0)) / period);
        interval = -1;
    }
    // The rows the segment may come from: all, or those of the current event interval
    // (between the event points passed and the next one), as MSL keeps the interval of
    // the last event until the next event is handled.
    size_t lo = 0, hi = n - 1;
    const size_t events = eventCount();
    const bool frozen = interval >= 0 && events > 0;
    if (frozen) {
        size_t k = std::min(static_cast<size_t>(interval), events);
        lo = k == 0 ? 0 : lastRow(k - 1);
        hi = k == events ? n - 1 : firstRow(k);
        if (endEvents_ && lo == hi)
            return extrapolate(u, col, lo == n - 1, slope);
        if (lo == hi) { // a jump at a table end: its one segment, then extrapolation
            if (lo == 0)
                hi = 1;
            else
                lo = hi - 1;
        }
    }
    if (!(frozen && endEvents_)) {
        if (lo == 0 && u < x(0))
            return extrapolate(u, col, false, slope);
        // The last time is still in the table's range: NoExtrapolation forbids only what
        // lies beyond it (its relation stops the run there with its message, not a NaN).
        if (hi == n - 1 && (u > x(n - 1) || (u == x(n - 1) && o_.extrapolation != Extrapolation::NoExtrapolation)))
            return extrapolate(u, col, true, slope);
    }
    // The last row at or before u within [lo, hi - 1].
    size_t i = upperBound(lo, hi, u);
    i = i == lo ? lo : i - 1;
    i = std::min(i, hi - 1);
    return segment(u, col, i, !frozen, slope);
}

} // namespace flange::expr
