#pragma once
// Writes a widget as it looks to an image file: SVG (vector) or PNG by the file's
// suffix, atomically, so a failed export never leaves half a file behind.
#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace flange::ui::plot {

bool exportWidgetImage(QWidget* widget, const QString& path, QString* error = nullptr);

} // namespace flange::ui::plot
