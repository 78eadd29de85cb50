// Exporting a plot for a report (issue 34, defect 7): at a chosen size and resolution,
// under a title, as PNG, PDF or SVG, every curve named in the legend, earlier runs too.
#include "test_plot_support.hpp"
#include "ui/plot/plot_export_dialog.hpp"
#include "ui/plot/plot_page.hpp"
#include "ui/plot/subplot.hpp"

#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>

#include <cmath>

using namespace flange;
using namespace flange::ui;
using namespace flange::ui::plot;

namespace {

std::shared_ptr<RunResult> run(double gain)
{
    return test::makeRun({{"inertia1.w", "rad/s"}, {"inertia1.tau", "N.m"}}, 201, 0, 2,
                         [gain](size_t v, double t) { return v == 0 ? gain * std::sin(3 * t) : gain * t; });
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST_CASE("an exported PNG has the size in pixels and the resolution asked for", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(run(1), run(2));
    w.area.addSignal("inertia1.w");
    const QSize onScreen = w.area.page(0)->size();
    QTemporaryDir dir;
    const QString path = dir.filePath("report.png");
    ImageOptions options;
    options.size = QSize(1234, 567);
    options.dpi = 200;
    options.title = "Clutch engagement";
    QString error;
    REQUIRE(w.area.exportImage(path, options, &error));
    const QImage image(path);
    REQUIRE(!image.isNull());
    CHECK(image.size() == QSize(1234, 567));
    CHECK(std::abs(image.dotsPerMeterX() - 200 / 0.0254) < 2);
    // Not a grab of the pane: the pane keeps its size, and the image is not blank.
    CHECK(w.area.page(0)->size() == onScreen);
    int dark = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            dark += qGray(image.pixel(x, y)) < 128;
    CHECK(dark > 100);
}

TEST_CASE("an exported PDF is a PDF document with the title", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(run(1), nullptr);
    w.area.addSignal("inertia1.w");
    QTemporaryDir dir;
    const QString path = dir.filePath("report.pdf");
    ImageOptions options;
    options.title = "Clutch engagement";
    QString error;
    REQUIRE(w.area.exportImage(path, options, &error));
    const QByteArray pdf = readAll(path);
    CHECK(pdf.startsWith("%PDF"));
    // The document's title, as PDF writes a text string: UTF-16BE after a byte order mark.
    QByteArray title("\xFE\xFF", 2);
    for (QChar c : QStringLiteral("Clutch engagement")) {
        title.append(char(c.unicode() >> 8));
        title.append(char(c.unicode() & 0xFF));
    }
    CHECK(pdf.contains(title));
}

TEST_CASE("the exported legend names every curve shown, earlier runs as such", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(run(1), run(2));
    w.area.addSignal("inertia1.w");
    // On screen the faded earlier run goes unnamed, to leave the room.
    for (const QString& text : w.area.subplot(0, 0)->legendTexts())
        CHECK_FALSE(text.contains("previous run"));
    QTemporaryDir dir;
    const QString path = dir.filePath("report.svg");
    ImageOptions options;
    options.title = "Two runs";
    QString error;
    REQUIRE(w.area.exportImage(path, options, &error));
    const QByteArray svg = readAll(path);
    CHECK(svg.contains("Two runs"));
    CHECK(svg.contains("inertia1.w (previous run)"));
    CHECK(svg.contains(">inertia1.w<"));

    Subplot s;
    s.resize(900, 400);
    s.setRuns({run(1), run(2), run(3)});
    s.addSignal("inertia1.w");
    s.setGhostsInLegend(true);
    s.show();
    REQUIRE(QTest::qWaitForWindowExposed(&s));
    const QStringList legend = s.legendTexts();
    CHECK(legend.contains("inertia1.w"));
    CHECK(legend.contains("inertia1.w (previous run)"));
    CHECK(legend.contains("inertia1.w (2 runs before)"));
}

TEST_CASE("a plot export refuses an unknown type or a size too small and writes nothing", "[plot]")
{
    test::ShownArea w;
    w.area.setResults(run(1), nullptr);
    w.area.addSignal("inertia1.w");
    QTemporaryDir dir;
    QString error;
    CHECK_FALSE(w.area.exportImage(dir.filePath("plot.bmp"), ImageOptions{}, &error));
    CHECK(error.contains(".pdf"));
    ImageOptions tiny;
    tiny.size = QSize(100, 40);
    CHECK_FALSE(w.area.exportImage(dir.filePath("plot.png"), tiny, &error));
    CHECK(error.contains("too small"));
    CHECK_FALSE(QFile::exists(dir.filePath("plot.png")));
}

TEST_CASE("the export dialog gives the options and a path with a suffix", "[plot]")
{
    ImageOptions start;
    start.title = "First";
    PlotExportDialog dialog(start, "plot");
    CHECK(dialog.titleField()->text() == "First");
    dialog.widthField()->setValue(2000);
    dialog.heightField()->setValue(1200);
    dialog.dpiField()->setValue(300);
    dialog.titleField()->setText(" CoupledClutches ");
    const ImageOptions o = dialog.options();
    CHECK(o.size == QSize(2000, 1200));
    CHECK(o.dpi == 300);
    CHECK(o.title == "CoupledClutches");
    CHECK(dialog.path() == "plot.png");
    dialog.pathField()->setText("/tmp/x/report.pdf");
    CHECK(dialog.path() == "/tmp/x/report.pdf");
}
