// Charts without a time axis (issue 36, ui/chart): values to colours, log axes, maps,
// histograms and export, as the sweep views and the linear-analysis plots use them.
#include "ui/chart/chart_view.hpp"
#include "ui/chart/color_bar_widget.hpp"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QCoreApplication>
#include <QImage>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QValueAxis>

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange::ui::chart;

TEST_CASE("a colour scale maps its ends to the first and last colour and NaN to none", "[chart]")
{
    const ColorScale scale(10, 20);
    CHECK(scale.colorAt(10) == QColor(68, 1, 84));
    CHECK(scale.colorAt(20) == QColor(253, 231, 37));
    CHECK(scale.colorAt(15) == QColor(33, 144, 141)); // the middle stop
    CHECK(scale.colorAt(5) == scale.colorAt(10));     // clamped
    CHECK_FALSE(scale.colorAt(NAN).isValid());
    CHECK(scale.fraction(12.5) == Approx(0.25));
}

TEST_CASE("a log colour scale puts the geometric mean in the middle, and refuses values not positive", "[chart]")
{
    const ColorScale scale(1, 100, true);
    CHECK(scale.fraction(10) == Approx(0.5));
    CHECK(scale.colorAt(10) == QColor(33, 144, 141));
    CHECK_FALSE(scale.colorAt(0).isValid());
    CHECK_FALSE(scale.colorAt(-1).isValid());
    const ColorScale fitted = ColorScale::fitting({-3, 0, 2, 50, NAN}, true);
    CHECK(fitted.lo() == 2);
    CHECK(fitted.hi() == 50);
}

TEST_CASE("ticks are round numbers, and decades with 2 and 5 on a short log range", "[chart]")
{
    // Steps of 1, 2 or 5 times a power of ten, the nearest to the range over count - 1.
    CHECK(ticks(0, 1, false) == std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1});
    CHECK(ticks(0, 100, false, 6) == std::vector<double>{0, 20, 40, 60, 80, 100});
    CHECK(ticks(0.047, 0.997, false) == std::vector<double>{0.2, 0.4, 0.6, 0.8}); // not 0.5 alone
    CHECK(ticks(0.3, 1.7, false, 4) == std::vector<double>{0.5, 1.0, 1.5});
    CHECK(ticks(1, 100, true) == std::vector<double>{1, 2, 5, 10, 20, 50, 100});
    CHECK(ticks(1e-3, 1e3, true) == std::vector<double>{1e-3, 1e-2, 1e-1, 1, 10, 100, 1000});
}

TEST_CASE("a histogram counts every finite value in equal bins", "[chart]")
{
    const Histogram h = histogram({0, 1, 2, 3, 4, 5, 6, 7, 8, 10, NAN}, 5);
    REQUIRE(h.edges.size() == 6);
    CHECK(h.edges.front() == 0);
    CHECK(h.edges.back() == 10);
    CHECK(h.counts == std::vector<int>{2, 2, 2, 2, 2});
    const Series s = histogramSeries(h);
    CHECK(s.style == Series::Style::Area);
    CHECK(s.points.front() == QPointF(0, 0));
    CHECK(s.points[1] == QPointF(0, 2));
    CHECK(s.points.back() == QPointF(10, 0));
}

TEST_CASE("a chart with log axes places a decade's middle half way, and colours series by value", "[chart]")
{
    ChartView view;
    view.resize(600, 400);
    view.show();
    ChartData data;
    data.x = {"frequency", true, {}, {}, {}, {}};
    data.y = {"gain", true, {}, {}, {}, {}};
    Series low, high;
    low.points = {{1, 1}, {100, 100}};
    low.value = 2;
    high.points = {{1, 2}, {100, 50}, {-5, 3}}; // the point at x = -5 cannot be drawn on a log axis
    high.value = 4;
    data.series = {low, high};
    data.colorBar = ColorBar{"stiffness", ColorScale(2, 4)};
    view.setData(data);
    view.chart()->resize(600, 400);
    QCoreApplication::processEvents();

    const auto axes = view.chart()->axes(Qt::Horizontal);
    REQUIRE(axes.size() == 1);
    auto* x = qobject_cast<QLogValueAxis*>(axes.front());
    REQUIRE(x);
    CHECK(x->min() == 1);
    CHECK(x->max() == 100);
    const QPointF a = view.mapToPosition({1, 1}), b = view.mapToPosition({10, 10}), c = view.mapToPosition({100, 100});
    CHECK(b.x() - a.x() == Approx(c.x() - b.x()).margin(0.5));
    CHECK(a.y() - b.y() == Approx(b.y() - c.y()).margin(0.5));
    CHECK(view.seriesColor(0) == QColor(68, 1, 84));
    CHECK(view.seriesColor(1) == QColor(253, 231, 37));
    CHECK(view.colorBar()->isVisibleTo(&view));
    CHECK(view.colorBar()->bar().title == "stiffness");
}

TEST_CASE("a linear chart has no colour bar unless asked, and shows the placeholder when empty", "[chart]")
{
    ChartView view;
    ChartData data;
    data.placeholder = "No runs yet";
    view.setData(data);
    CHECK_FALSE(view.colorBar()->isVisibleTo(&view));
    data.series.push_back(Series{Series::Style::Scatter, "runs", {{1, 2}, {3, 4}}, {}, {}, {}, false, false, false});
    view.setData(data);
    const auto axes = view.chart()->axes(Qt::Vertical);
    REQUIRE(axes.size() == 1);
    auto* y = qobject_cast<QValueAxis*>(axes.front());
    REQUIRE(y);
    CHECK(y->min() <= 2);
    CHECK(y->max() >= 4);
}

TEST_CASE("a map exports with its cells in the colours of its values", "[chart]")
{
    ChartView view;
    ChartData data;
    data.x.title = "a";
    data.y.title = "b";
    data.map = HeatMap{{0, 1}, {0, 1}, {0, 0, 1, 1}}; // low along the bottom row, high along the top
    data.colorBar = ColorBar{"metric", ColorScale(0, 1)};
    view.setData(data);
    QTemporaryDir dir;
    const QString path = dir.filePath("map.png");
    flange::ui::plot::ImageOptions options;
    options.size = QSize(800, 600);
    options.dpi = 96;
    QString error;
    REQUIRE(view.exportImage(path, options, &error));
    const QImage image(path);
    REQUIRE(image.size() == QSize(800, 600));
    int yellow = 0, purple = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4) {
            const QColor c = image.pixelColor(x, y);
            yellow += c == QColor(253, 231, 37);
            purple += c == QColor(68, 1, 84);
        }
    CHECK(yellow > 1000);
    CHECK(purple > 1000);
}

TEST_CASE("a click on a scatter point names its index in the data, points left out counted", "[chart]")
{
    ChartView view;
    ChartData data;
    data.series.push_back(Series{Series::Style::Scatter, "runs", {{1, NAN}, {2, 4}, {3, 9}}, {}, {}, {}, false, false, false});
    view.setData(data);
    int series = -2, point = -2;
    QObject::connect(&view, &ChartView::pointClicked, [&](int s, int p) {
        series = s;
        point = p;
    });
    auto* scatter = qobject_cast<QScatterSeries*>(view.chart()->series().front());
    REQUIRE(scatter);
    REQUIRE(scatter->count() == 2); // the NaN point is not drawn
    emit scatter->clicked(QPointF(3, 9));
    CHECK(series == 0);
    CHECK(point == 2);
}

TEST_CASE("bars run along zero between them, each centred on its x, none for NaN", "[chart]")
{
    const Series s = barSeries({{0, 1}, {1, -0.5}, {2, NAN}}, 0.6, "amplitude");
    CHECK(s.style == Series::Style::Area);
    CHECK(s.name == "amplitude");
    const QVector<QPointF> outline{{-0.3, 0}, {-0.3, 1}, {0.3, 1}, {0.3, 0}, {0.7, 0}, {0.7, -0.5}, {1.3, -0.5}, {1.3, 0}};
    REQUIRE(s.points.size() == outline.size());
    for (qsizetype i = 0; i < outline.size(); ++i) {
        CHECK(s.points[i].x() == Approx(outline[i].x()));
        CHECK(s.points[i].y() == Approx(outline[i].y()));
    }
}

TEST_CASE("a chart names its categories along x, marks given x across the plot, and ticks at an interval", "[chart]")
{
    ChartView view;
    ChartData data;
    data.title = "mode 2, 41.3 Hz";
    data.x.categories = {"inertia1", "inertia2", "inertia3"};
    data.y = {"phase [deg]", false, -180.0, 0.0, {}, 90.0};
    Series line;
    line.name = "response";
    line.points = {{0, -10}, {1, -100}, {2, -170}};
    line.dashed = true;
    data.series = {line};
    data.marks = Marks{"natural frequencies", {0.5, 1.5, 7}}; // 7 lies beyond the axis
    view.resize(600, 400);
    view.show();
    view.setData(data);

    CHECK(view.chart()->title() == "mode 2, 41.3 Hz");
    auto* x = qobject_cast<QCategoryAxis*>(view.chart()->axes(Qt::Horizontal).front());
    REQUIRE(x);
    CHECK(x->categoriesLabels() == QStringList{"inertia1", "inertia2", "inertia3"});
    CHECK(x->min() == -0.5);
    CHECK(x->max() == 2.5);
    // A given range with a tick interval stays as given: quarter turns, not rounded numbers.
    auto* y = qobject_cast<QValueAxis*>(view.chart()->axes(Qt::Vertical).front());
    REQUIRE(y);
    CHECK(y->min() == -180);
    CHECK(y->max() == 0);
    CHECK(y->tickType() == QValueAxis::TicksDynamic);
    CHECK(y->tickInterval() == 90);

    // The series, then a dashed line from the y axis' bottom to its top at each mark (all
    // three: a mark beyond the axis is clipped, not dropped), one legend entry for them
    // (a series without a name has none).
    const auto series = view.chart()->series();
    REQUIRE(series.size() == 4);
    CHECK(qobject_cast<QLineSeries*>(series[0])->pen().style() == Qt::DashLine);
    auto* mark = qobject_cast<QLineSeries*>(series[1]);
    REQUIRE(mark);
    CHECK(mark->points() == QList<QPointF>{{0.5, -180}, {0.5, 0}});
    CHECK(mark->pen().style() == Qt::DashLine);
    CHECK(series[1]->name() == "natural frequencies");
    CHECK(series[2]->name().isEmpty());
    CHECK(series[3]->name().isEmpty());
    CHECK(view.chart()->legend()->isVisible());
}

TEST_CASE("a linear axis with a given end rounds the other out to round numbers", "[chart]")
{
    ChartView view;
    ChartData data;
    data.y.min = 0;
    data.y.max = 3.45;
    data.series.push_back(Series{Series::Style::Line, "", {{0, 0}, {1, 30}}, {}, {}, {}, false, false, false});
    view.setData(data);
    auto* y = qobject_cast<QValueAxis*>(view.chart()->axes(Qt::Vertical).front());
    REQUIRE(y);
    CHECK(y->min() == 0);
    CHECK(y->max() >= 3.45);
    CHECK(y->max() < 5.1);
    CHECK(std::round(y->max() * 2) == y->max() * 2); // a whole half
}

TEST_CASE("an area fills between its line and zero, so that a bar below zero hangs from it", "[chart]")
{
    ChartView view;
    ChartData data;
    data.y.min = -1;
    data.y.max = 1;
    data.series.push_back(barSeries({{0, 1}, {1, -0.5}}, 0.6));
    view.setData(data);
    REQUIRE(view.chart()->series().size() == 1);
    auto* area = qobject_cast<QAreaSeries*>(view.chart()->series().front());
    REQUIRE(area);
    REQUIRE(area->lowerSeries());
    const QList<QPointF> lower = area->lowerSeries()->points();
    REQUIRE(lower.size() == 8);
    for (const QPointF& p : lower)
        CHECK(p.y() == 0);
    CHECK(lower[5].x() == Approx(0.7));
}
