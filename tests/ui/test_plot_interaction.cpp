// The plot area used by hand: crosshair readout, zoom shared by a page's subplots, drops
// from the variable browser, event marks and image export.
#include "ui/mime_types.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"
#include "test_plot_support.hpp"

#include <QApplication>
#include <QFile>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

#include <cmath>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

namespace {

std::shared_ptr<RunResult> speeds()
{
    return test::makeRun({{"a.w", "rad/s"}, {"b.w", "rad/s"}, {"a.tau", "N.m"}}, 101, 0, 1,
                         [](size_t v, double t) { return v == 0 ? std::sin(2 * M_PI * t) : v == 1 ? 3 * t : 1 - t; });
}

bool drop(QWidget* target, const QString& names, QPoint at)
{
    QMimeData mime;
    mime.setData(kVariableMimeType, names.toUtf8());
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent dropEvent(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &dropEvent);
    return dropEvent.isAccepted();
}

} // namespace

TEST_CASE("the crosshair readout shows each curve's interpolated value", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(speeds(), nullptr);
    w.area.addSignal("a.w");
    w.area.addSignal("b.w");
    w.area.setCrosshairTime(0.255);
    const QString text = w.area.subplot(0, 0)->crosshairText();
    const double expected = 0.5 * (std::sin(2 * M_PI * 0.25) + std::sin(2 * M_PI * 0.26));
    CHECK(text.contains("t = 0.255 s"));
    CHECK(text.contains("a.w = " + QString::number(expected, 'g', 5) + " rad/s"));
    CHECK(text.contains("b.w = " + QString::number(0.765, 'g', 5)));

    // Moving the mouse over the plot moves the crosshair and reports its time.
    QSignalSpy moved(&w.area, &PlotArea::crosshairMoved);
    Subplot* sp = w.area.subplot(0, 0);
    QTest::qWait(20); // the layout settles
    const QRectF r = sp->plotRect();
    QTest::mouseMove(sp->viewport(), QPoint(static_cast<int>(r.center().x()), static_cast<int>(r.center().y())));
    REQUIRE(moved.count() >= 1);
    CHECK(moved.last().at(0).toDouble() == Approx(0.5).margin(0.01));
}

TEST_CASE("zooming time on one subplot zooms every subplot of the page and double-click resets", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(speeds(), nullptr);
    w.area.addSignal("a.w");
    w.area.addSignal("a.tau");
    REQUIRE(w.area.page(0)->subplotCount() == 2);
    Subplot* top = w.area.subplot(0, 0);
    Subplot* bottom = w.area.subplot(0, 1);
    QTest::qWait(20); // the layout settles
    const QRectF r = top->plotRect();
    const int y = static_cast<int>(r.center().y());
    const QPoint from(static_cast<int>(r.left() + 0.25 * r.width()), y);
    const QPoint to(static_cast<int>(r.left() + 0.75 * r.width()), y + 5);
    QTest::mousePress(top->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(top->viewport(), to);
    QTest::mouseRelease(top->viewport(), Qt::LeftButton, {}, to);
    const auto [t0, t1] = bottom->axisRange(Subplot::Time);
    CHECK(t0 == Approx(0.25).margin(0.01));
    CHECK(t1 == Approx(0.75).margin(0.01));
    CHECK(top->axisRange(Subplot::Time) == bottom->axisRange(Subplot::Time));
    // The y axis fits what is visible now: sin over [0.25, 0.75] spans [-1, 1] still,
    // the falling line 1 - t only [0.25, 0.75].
    CHECK(bottom->axisRange(Subplot::Left).second < 0.9);

    QTest::mouseDClick(top->viewport(), Qt::LeftButton, {}, from);
    CHECK(bottom->axisRange(Subplot::Time) == std::make_pair(0.0, 1.0));

    QWheelEvent wheel(QPointF(r.center()), top->viewport()->mapToGlobal(r.center()), {}, QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(top->viewport(), &wheel);
    const auto [z0, z1] = bottom->axisRange(Subplot::Time);
    CHECK(z1 - z0 < 0.9);
    CHECK((z0 + z1) / 2 == Approx(0.5).margin(0.02)); // about the cursor
    QTest::keyClick(top->viewport()->parentWidget(), Qt::Key_Home);
    CHECK(bottom->axisRange(Subplot::Time) == std::make_pair(0.0, 1.0));
}

TEST_CASE("variables dropped on a subplot are added to it and on an empty page they get a new subplot", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(speeds(), nullptr);
    Subplot* sp = w.area.subplot(0, 0);
    QSignalSpy changed(&w.area, &PlotArea::plottedSignalsChanged);
    REQUIRE(drop(sp->viewport(), "a.w\nb.w\n", sp->plotRect().center().toPoint()));
    CHECK(sp->signalNames() == QStringList{"a.w", "b.w"});
    CHECK(sp->drawnCurves() == QStringList{"a.w", "b.w"});
    CHECK(changed.count() == 1);

    w.area.removeSubplot(0, 0);
    REQUIRE(w.area.page(0)->subplotCount() == 0);
    REQUIRE(drop(w.area.page(0), "a.tau", QPoint(100, 100)));
    REQUIRE(w.area.page(0)->subplotCount() == 1);
    CHECK(w.area.subplot(0, 0)->signalNames() == QStringList{"a.tau"});

    // Anything else is refused.
    QMimeData text;
    text.setText("a.w");
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w.area.subplot(0, 0)->viewport(), &enter);
    CHECK_FALSE(enter.isAccepted());
}

TEST_CASE("the current tab exports as PNG and SVG", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(speeds(), nullptr);
    w.area.addSignal("a.w");
    w.area.setEventTimes({0.3, 0.6});
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("plot.png"), svg = dir.filePath("plot.svg");
    REQUIRE(w.area.exportImage(png, &error));
    REQUIRE(w.area.exportImage(svg, &error));
    QFile p(png), s(svg);
    REQUIRE(p.open(QIODevice::ReadOnly));
    CHECK(p.read(8) == QByteArray("\x89PNG\r\n\x1a\n"));
    REQUIRE(s.open(QIODevice::ReadOnly));
    const QByteArray content = s.readAll();
    CHECK(content.startsWith("<?xml"));
    CHECK(content.contains("<svg"));
    CHECK(content.contains("<polyline")); // curves as vectors, not a picture

    CHECK_FALSE(w.area.exportImage(dir.filePath("plot.bmp"), &error));
    CHECK(!error.isEmpty());
    CHECK_FALSE(QFile::exists(dir.filePath("plot.bmp")));
}

TEST_CASE("tabs are added and closed and the last one is replaced by an empty one", "[plot]")
{
    PlotArea area;
    area.addSignal("a.w");
    CHECK(area.addTab() == 1);
    CHECK(area.tabTitle(1) == "Plot 2");
    CHECK(area.currentTab() == 1);
    area.addSignal("b.w");
    area.addSubplot();
    CHECK(area.page(1)->subplotCount() == 2);
    CHECK(area.plottedSignals() == QStringList{"a.w", "b.w"});
    QSignalSpy changed(&area, &PlotArea::plottedSignalsChanged);
    area.closeTab(0);
    CHECK(changed.count() == 1);
    CHECK(area.plottedSignals() == QStringList{"b.w"});
    area.closeTab(0);
    CHECK(area.tabCount() == 1);
    CHECK(area.plottedSignals().isEmpty());
}
