// The numbers behind the plots: decimation to pixel columns, step shapes of discrete
// signals, the crosshair's interpolation, and where a new signal is placed.
#include "ui/plot/curve_math.hpp"
#include "ui/plot/decimate.hpp"
#include "ui/plot/plot_setup.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace flange::ui::plot;

TEST_CASE("decimation keeps every column's min and max and the end points in at most 2 points per column + 2", "[plot]")
{
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0, 1);
    const size_t n = 100000;
    std::vector<double> t(n), v(n);
    for (size_t i = 0; i < n; ++i) {
        t[i] = 10.0 * static_cast<double>(i) / (n - 1);
        v[i] = std::sin(t[i]) + 0.3 * noise(rng) + (i == 51234 ? 40 : 0); // one spike
    }
    const int columns = 700;
    const double x0 = 2, x1 = 7;
    const QList<QPointF> out = decimate(t, v, x0, x1, columns);
    REQUIRE(out.size() <= 2 * columns + 2);
    REQUIRE(out.size() > columns);

    // The first and last points are the samples just outside the visible range.
    const size_t lo = static_cast<size_t>(std::lower_bound(t.begin(), t.end(), x0) - t.begin()) - 1;
    const size_t hi = static_cast<size_t>(std::upper_bound(t.begin(), t.end(), x1) - t.begin());
    CHECK(out.front() == QPointF(t[lo], v[lo]));
    CHECK(out.back() == QPointF(t[hi], v[hi]));

    // Every column's extremes of the raw data appear among the output points.
    std::vector<double> colMin(columns, INFINITY), colMax(columns, -INFINITY);
    for (size_t i = lo + 1; i < hi; ++i) {
        const int c = std::clamp(static_cast<int>(std::floor((t[i] - x0) / (x1 - x0) * columns)), 0, columns - 1);
        colMin[static_cast<size_t>(c)] = std::min(colMin[static_cast<size_t>(c)], v[i]);
        colMax[static_cast<size_t>(c)] = std::max(colMax[static_cast<size_t>(c)], v[i]);
    }
    auto contains = [&](double y) {
        return std::any_of(out.begin(), out.end(), [&](const QPointF& p) { return p.y() == y; });
    };
    int missing = 0;
    for (int c = 0; c < columns; ++c)
        missing += !contains(colMin[static_cast<size_t>(c)]) + !contains(colMax[static_cast<size_t>(c)]);
    CHECK(missing == 0);
    CHECK(contains(v[51234] ));
    // In time order, so the polyline does not run backwards.
    CHECK(std::is_sorted(out.begin(), out.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); }));
}

TEST_CASE("decimation leaves short curves as they are", "[plot]")
{
    const std::vector<double> t{0, 1, 2, 3}, v{5, 6, 7, 8};
    const QList<QPointF> out = decimate(t, v, 0, 3, 100);
    REQUIRE(out.size() == 4);
    CHECK(out[2] == QPointF(2, 7));
    CHECK(decimate(std::vector<double>{}, std::vector<double>{}, 0, 1, 10).isEmpty());
    // Zoomed in between two samples: the two neighbours still give a line across.
    CHECK(decimate(t, v, 1.2, 1.8, 100) == QList<QPointF>{{1, 6}, {2, 7}});
}

TEST_CASE("discrete signals become steps and the crosshair interpolates but reads the left value at events", "[plot]")
{
    const QList<QPointF> steps = toSteps({{0, 0}, {1, 1}, {2, 1}, {3, 0}});
    CHECK(steps == QList<QPointF>{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {3, 1}, {3, 0}});

    const std::vector<double> t{0, 1, 1, 2}, v{0, 10, 20, 30};
    CHECK(valueAt(t, v, 0.25, false) == Approx(2.5));
    CHECK(valueAt(t, v, 1.0, false) == 10); // the event at t = 1: the value before it
    CHECK(valueAt(t, v, 1.5, false) == Approx(25));
    CHECK(valueAt(t, v, 1.5, true) == 20); // held between samples
    CHECK(std::isnan(valueAt(t, v, 2.5, false)));
}

TEST_CASE("a new signal joins the subplot of its unit or else an empty one or else a new one", "[plot]")
{
    const SubplotUnits units{{"N"}, {"rad/s", "N.m"}, {}};
    CHECK(chooseSubplot(units, QString("N.m")) == 1);
    CHECK(chooseSubplot(units, QString("m")) == 2);
    CHECK(chooseSubplot({{"N"}}, QString("m")) == -1);
    CHECK(chooseSubplot(units, std::nullopt) == 0); // unit unknown: the first subplot
    // Asked for a subplot: taken while it has fewer than two other units.
    CHECK(chooseSubplot(units, QString("m"), 0) == 0);
    CHECK(chooseSubplot(units, QString("m"), 1) == 2);
    CHECK(chooseSubplot(units, QString("N"), 1) == 0);
}

TEST_CASE("axis ticks are multiples of the step, zero labelled 0 and the ends kept", "[plot]")
{
    // Qt's value axis adds the step up from the first tick: from -0.3 by 0.1 its zero
    // was -2.77556e-17, and so labelled.
    QStringList labels;
    QList<double> values;
    for (const Tick& t : ticksWithin(-0.3, 0.35, 0.1)) {
        labels << t.label;
        values << t.value;
    }
    CHECK(labels == QStringList{"-0.3", "-0.2", "-0.1", "0", "0.1", "0.2", "0.3"});
    CHECK(values[3] == 0.0);
    CHECK_FALSE(std::signbit(values[3]));
    CHECK(values.front() == -0.3); // within the range, not -0.30000000000000004
    // No "-0" where the range starts just below zero, and enough digits far from zero.
    CHECK(ticksWithin(-0.04, 0.25, 0.1).front().label == "0");
    QStringList far;
    for (const Tick& t : ticksWithin(1e6, 1e6 + 0.25, 0.1))
        far << t.label;
    CHECK(far == QStringList{"1000000", "1000000.1", "1000000.2"});
    CHECK(ticksWithin(0, 1, 0).isEmpty());
    CHECK(ticksWithin(0, 1e9, 1e-3).isEmpty()); // more ticks than an axis can show
}
