// x–y (parametric) plots (issue 34): one signal against another over the run, for the
// current run and the ghost, following a run that grows.
#include "ui/plot/xy_plot.hpp"
#include "test_plot_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

TEST_CASE("parametric points pair the rows, thinned to a limit that keeps the last row", "[plot]")
{
    const std::vector<double> x{0, 1, 2, 3, 4, 5, 6}, y{0, 10, 20, NAN, 40, 50, 60};
    CHECK(parametricPoints(x, y, 100) == QList<QPointF>{{0, 0}, {1, 10}, {2, 20}, {4, 40}, {5, 50}, {6, 60}});
    CHECK(parametricPoints(x, y, 3) == QList<QPointF>{{0, 0}, {6, 60}}); // every third row, NaN left out, the last kept
    CHECK(parametricPoints({}, {}, 3).isEmpty());
}

TEST_CASE("an x-y plot draws a circle for a sine against a cosine, with the ghost behind", "[plot]")
{
    test::ShownArea w;
    auto trig = [](double scale) {
        return test::makeRun({{"s.x", "m"}, {"s.y", "N"}}, 201, 0, 1, [scale](size_t v, double t) {
            return scale * (v == 0 ? std::cos(2 * M_PI * t) : std::sin(2 * M_PI * t));
        });
    };
    auto now = trig(2), before = trig(1);
    w.area.setResults(now, before);
    XYPlot* xy = w.area.addXYPlot("s.x", "s.y");
    REQUIRE(w.area.xyPlots().size() == 1);
    CHECK(xy->axisTitle(true) == "s.x [m]");
    CHECK(xy->axisTitle(false) == "s.y [N]");
    const QList<QPointF> pts = xy->points(0);
    REQUIRE(pts.size() == 201);
    for (const QPointF& p : pts)
        CHECK(std::hypot(p.x(), p.y()) == Approx(2));
    CHECK(xy->points(1).size() == 201); // the ghost: radius 1
    CHECK(std::hypot(xy->points(1)[50].x(), xy->points(1)[50].y()) == Approx(1));
    CHECK(xy->axisRange(true).first < -2);
    CHECK(xy->axisRange(true).second > 2);

    // A signal the run lacks draws nothing; a new run is followed.
    xy->setSignals("s.x", "s.z");
    CHECK(xy->points(0).isEmpty());
    xy->setSignals("s.y", "s.x");
    auto next = trig(3);
    w.area.setResults(next, now);
    CHECK(std::hypot(xy->points(0)[10].x(), xy->points(0)[10].y()) == Approx(3));
    xy->close();
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    CHECK(w.area.xyPlots().isEmpty());
}
