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

std::string tableOrderDefect(const std::vector<std::vector<double>>& rows, const TableOptions& o)
{
    if (rows.empty())
        return "the table has no rows";
    if (rows[0].size() < 2)
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
    if (o.extrapolation == Extrapolation::Periodic && rows.size() > 1 && !(rows.back()[0] > rows.front()[0]))
        return "periodic extrapolation needs a positive period (last time > first time)";
    return {};
}

TableInterpolator::TableInterpolator(const std::vector<std::vector<double>>& rows, const TableOptions& o) : o_(o)
{
    const size_t cols = rows.empty() ? 0 : rows[0].size();
    y_.resize(cols > 1 ? cols - 1 : 0);
    for (const auto& row : rows) {
        x_.push_back(row[0]);
        for (size_t c = 1; c < cols; ++c)
            y_[c - 1].push_back(row[c]);
    }
    method_ = isSpline(o.smoothness) && x_.size() <= 2 ? Smoothness::LinearSegments : o.smoothness;
    buildSplines();
    buildEvents();
}

void TableInterpolator::buildSplines()
{
    if (!isSpline(method_))
        return;
    for (const auto& y : y_) {
        std::vector<double> s;
        switch (method_) {
        case Smoothness::ContinuousDerivative: s = akimaSlopes(x_, y, false); break;
        case Smoothness::ModifiedContinuousDerivative: s = akimaSlopes(x_, y, true); break;
        case Smoothness::MonotoneContinuousDerivative1: s = monotoneSlopes(x_, y, false); break;
        default: s = monotoneSlopes(x_, y, true); break;
        }
        std::vector<Cubic> c(x_.size() - 1);
        for (size_t i = 0; i + 1 < x_.size(); ++i) {
            double h = x_[i + 1] - x_[i];
            double d = (y[i + 1] - y[i]) / h;
            c[i] = {(s[i] + s[i + 1] - 2 * d) / (h * h), (3 * d - 2 * s[i] - s[i + 1]) / h, s[i]};
        }
        spline_.push_back(std::move(c));
    }
}

void TableInterpolator::buildEvents()
{
    if (x_.size() < 2 || o_.extrapolation == Extrapolation::Periodic)
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
    for (size_t i = 0; i < x_.size();) {
        size_t j = i;
        while (j + 1 < x_.size() && nearlyEqual(x_[j + 1], x_[i]))
            ++j;
        if (e == TimeEvents::Always || j > i || i == 0 || j + 1 == x_.size()) {
            events_.push_back(x_[i]);
            firstRow_.push_back(i);
            lastRow_.push_back(j);
        }
        i = j + 1;
    }
}

double TableInterpolator::segment(double u, size_t col, size_t i, bool constantNext, bool slope) const
{
    const auto& y = y_[col];
    switch (method_) {
    case Smoothness::ConstantSegments:
        if (slope)
            return 0;
        return constantNext && u >= x_[i + 1] ? y[i + 1] : y[i];
    case Smoothness::LinearSegments: {
        if (nearlyEqual(x_[i], x_[i + 1]))
            return slope ? 0.0 : y[i + 1];
        double s = (y[i + 1] - y[i]) / (x_[i + 1] - x_[i]);
        return slope ? s : y[i] + s * (u - x_[i]);
    }
    default: {
        const Cubic& c = spline_[col][i];
        double t = u - x_[i];
        return slope ? (3 * c[0] * t + 2 * c[1]) * t + c[2] : y[i] + ((c[0] * t + c[1]) * t + c[2]) * t;
    }
    }
}

double TableInterpolator::extrapolate(double u, size_t col, bool right, bool slope) const
{
    const auto& y = y_[col];
    const size_t n = x_.size();
    switch (o_.extrapolation) {
    case Extrapolation::HoldLastPoint: return slope ? 0.0 : (right ? y[n - 1] : y[0]);
    case Extrapolation::NoExtrapolation: return std::numeric_limits<double>::quiet_NaN();
    default: break; // LastTwoPoints (Periodic never gets here)
    }
    if (isSpline(method_)) {
        // The end segment's slope at the end point, continued as a straight line.
        const size_t i = right ? n - 2 : 0;
        const Cubic& c = spline_[col][i];
        double h = right ? x_[n - 1] - x_[n - 2] : 0.0;
        double s = (3 * c[0] * h + 2 * c[1]) * h + c[2];
        return slope ? s : (right ? y[n - 1] + s * (u - x_[n - 1]) : y[0] + s * (u - x_[0]));
    }
    // Linear and constant segments: the straight line through the two end points.
    const size_t i = right ? n - 2 : 0;
    if (nearlyEqual(x_[i], x_[i + 1]))
        return slope ? 0.0 : (right ? y[i + 1] : y[i]);
    double s = (y[i + 1] - y[i]) / (x_[i + 1] - x_[i]);
    return slope ? s : y[i] + s * (u - x_[i]);
}

double TableInterpolator::eval(double u, int column, int interval, bool slope) const
{
    if (column == kEventPoint || column == kEventCount) {
        if (slope)
            return 0;
        if (column == kEventCount)
            return static_cast<double>(std::upper_bound(events_.begin(), events_.end(), u) - events_.begin());
        if (!(u >= 0)) // NaN included: no point
            return -std::numeric_limits<double>::infinity();
        return u < static_cast<double>(events_.size()) ? events_[static_cast<size_t>(u)]
                                                        : std::numeric_limits<double>::infinity();
    }
    const size_t col = static_cast<size_t>(column - 2);
    const size_t n = x_.size();
    if (n == 0 || col >= y_.size())
        return 0;
    if (n == 1)
        return slope ? 0.0 : y_[col][0];
    if (o_.extrapolation == Extrapolation::Periodic) {
        double period = x_[n - 1] - x_[0];
        u -= period * std::floor((u - x_[0]) / period);
        interval = -1;
    }
    // The rows the segment may come from: all, or those of the current event interval
    // (between the event points passed and the next one), as MSL keeps the interval of
    // the last event until the next event is handled.
    size_t lo = 0, hi = n - 1;
    const bool frozen = interval >= 0 && !events_.empty();
    if (frozen) {
        size_t k = std::min(static_cast<size_t>(interval), events_.size());
        lo = k == 0 ? 0 : lastRow_[k - 1];
        hi = k == events_.size() ? n - 1 : firstRow_[k];
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
        if (lo == 0 && u < x_[0])
            return extrapolate(u, col, false, slope);
        if (hi == n - 1 && u >= x_[n - 1])
            return extrapolate(u, col, true, slope);
    }
    // The last row at or before u within [lo, hi - 1].
    auto first = x_.begin() + static_cast<std::ptrdiff_t>(lo);
    auto last = x_.begin() + static_cast<std::ptrdiff_t>(hi);
    size_t i = static_cast<size_t>(std::upper_bound(first, last, u) - x_.begin());
    i = i == lo ? lo : i - 1;
    i = std::min(i, hi - 1);
    return segment(u, col, i, !frozen, slope);
}

} // namespace flange::expr
