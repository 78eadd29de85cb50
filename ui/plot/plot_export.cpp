#include "ui/plot/plot_export.hpp"

#include "ui/document/atomic_write.hpp"

#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

#include <cmath>

namespace flange::ui::plot {

namespace {

// The logical resolution widgets are laid out in.
constexpr double kScreenDpi = 96;

bool fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return false;
}

QFont titleFont()
{
    QFont f;
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    return f;
}

// The band the title takes at the top, in logical pixels.
double titleBand(const QString& title)
{
    return title.isEmpty() ? 0 : std::ceil(QFontMetricsF(titleFont()).height() * 1.8);
}

// Paints the title and the widget into logical coordinates of `logical` size on white.
void paint(QPainter& painter, QWidget* widget, const QString& title, QSizeF logical)
{
    painter.fillRect(QRectF(QPointF(), logical), Qt::white);
    const double band = titleBand(title);
    if (band > 0) {
        painter.setFont(titleFont());
        painter.setPen(Qt::black);
        painter.drawText(QRectF(0, 0, logical.width(), band), Qt::AlignCenter, title);
    }
    widget->render(&painter, QPoint(0, static_cast<int>(band)), QRegion(), QWidget::DrawChildren);
}

} // namespace

QStringList imageSuffixes() { return {QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("svg")}; }

bool exportImage(QWidget* widget, const ImageOptions& options, const QString& path, QString* error,
                 const std::function<void()>& settle)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!imageSuffixes().contains(suffix))
        return fail(error, QObject::tr("Unknown image type \"%1\": use .png, .pdf or .svg").arg(suffix));
    if (!widget)
        return fail(error, QObject::tr("Nothing to export"));
    if (options.size.width() < 16 || options.size.height() < 16 || options.dpi < 24)
        return fail(error, QObject::tr("The image must be at least 16 × 16 pixels at 24 DPI or more"));
    const double scale = options.dpi / kScreenDpi;
    const QSizeF logical = QSizeF(options.size) / scale;
    const double band = titleBand(options.title);
    if (logical.height() - band < 60)
        return fail(error, QObject::tr("The image is too small for the plot under its title"));
    widget->setAttribute(Qt::WA_DontShowOnScreen);
    widget->resize(QSizeF(logical.width(), logical.height() - band).toSize());
    widget->show();
    if (settle)
        settle();

    AtomicFile file(path);
    if (!file.open())
        return fail(error, file.errorString());
    QPainter painter;
    if (suffix == QLatin1String("png")) {
        QImage image(options.size, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        const int dotsPerMeter = static_cast<int>(std::lround(options.dpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        painter.begin(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter, widget, options.title, logical);
        painter.end();
        if (!image.save(&file.device(), "PNG")) {
            file.cancel();
            return fail(error, QObject::tr("Cannot write PNG"));
        }
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&file.device());
        pdf.setResolution(options.dpi);
        pdf.setTitle(options.title);
        pdf.setCreator(QStringLiteral("Flange"));
        const QSizeF points = QSizeF(options.size) * (72.0 / options.dpi);
        pdf.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        if (!painter.begin(&pdf)) {
            file.cancel();
            return fail(error, QObject::tr("Cannot write PDF"));
        }
        painter.scale(scale, scale);
        paint(painter, widget, options.title, logical);
        painter.end();
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&file.device());
        svg.setSize(logical.toSize());
        svg.setViewBox(QRectF(QPointF(), logical));
        svg.setTitle(options.title);
        if (!painter.begin(&svg)) {
            file.cancel();
            return fail(error, QObject::tr("Cannot write SVG"));
        }
        paint(painter, widget, options.title, logical);
        painter.end();
    }
    if (!file.commit())
        return fail(error, file.errorString());
    return true;
}

} // namespace flange::ui::plot
