#pragma once
// Export Plot: where to (the suffix picks PNG, PDF or SVG), the size in pixels, the
// resolution and a title. A small form rather than the file dialog alone: a report wants
// a plot at its own size, not the size the pane happens to have on screen.
#include "ui/plot/plot_export.hpp"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace flange::ui::plot {

class PlotExportDialog : public QDialog {
    Q_OBJECT
public:
    PlotExportDialog(const ImageOptions& options, const QString& path, QWidget* parent = nullptr);

    ImageOptions options() const;
    // With a suffix it understands: ".png" added to a name without one.
    QString path() const;

    // The fields, for tests and scripted use.
    QLineEdit* pathField() const { return path_; }
    QLineEdit* titleField() const { return title_; }
    QSpinBox* widthField() const { return width_; }
    QSpinBox* heightField() const { return height_; }
    QSpinBox* dpiField() const { return dpi_; }

private:
    void browse();
    void updateOk();

    QLineEdit* path_;
    QLineEdit* title_;
    QSpinBox* width_;
    QSpinBox* height_;
    QSpinBox* dpi_;
};

} // namespace flange::ui::plot
