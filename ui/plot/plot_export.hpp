#pragma once
// Writes a plot for a report: at a chosen size in pixels and resolution, under a title,
// as PNG, PDF or SVG by the file's suffix, atomically, so a failed export never leaves
// half a file behind.
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace flange::ui::plot {

struct ImageOptions {
    // The image in pixels (PNG), or the page at `dpi` (PDF, SVG).
    QSize size{1600, 1000};
    // Pixels per inch: at 96 text and lines have their on-screen size in pixels; a higher
    // value draws them larger in the same pixels, as a printer at that resolution would.
    int dpi = 150;
    QString title; // above the plot; none when empty
};

// "png", "pdf", "svg": the suffixes exportImage understands.
QStringList imageSuffixes();

// Lays `widget` out at the options' size (less the title's band) and writes it. The widget
// is an off-screen copy made for the purpose: it is resized and shown off screen;
// `settle` is called once it has its size, to finish what the widget defers.
bool exportImage(QWidget* widget, const ImageOptions& options, const QString& path, QString* error = nullptr,
                 const std::function<void()>& settle = {});

} // namespace flange::ui::plot
