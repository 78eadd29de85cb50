#include "ui/plot/plot_export.hpp"

#include "ui/document/atomic_write.hpp"

#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

namespace flange::ui::plot {

namespace {

bool fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return false;
}

} // namespace

bool exportWidgetImage(QWidget* widget, const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("svg") && suffix != QLatin1String("png"))
        return fail(error, QObject::tr("Unknown image type \"%1\": use .png or .svg").arg(suffix));
    if (!widget || widget->size().isEmpty())
        return fail(error, QObject::tr("Nothing to export"));
    AtomicFile file(path);
    if (!file.open())
        return fail(error, file.errorString());
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file.device());
        svg.setSize(widget->size());
        svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
        svg.setTitle(widget->windowTitle());
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(error, QObject::tr("Cannot write SVG"));
        widget->render(&painter);
        painter.end();
    } else if (!widget->grab().save(&file.device(), "PNG")) {
        file.cancel();
        return fail(error, QObject::tr("Cannot write PNG"));
    }
    if (!file.commit())
        return fail(error, file.errorString());
    return true;
}

} // namespace flange::ui::plot
