#include "ui/plot/plot_export_dialog.hpp"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace flange::ui::plot {

namespace {

QSpinBox* spin(int lo, int hi, int value, const QString& suffix)
{
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    s->setValue(value);
    s->setSuffix(suffix);
    s->setAccelerated(true);
    return s;
}

} // namespace

PlotExportDialog::PlotExportDialog(const ImageOptions& options, const QString& path, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export Plot"));
    path_ = new QLineEdit(path);
    auto* browse = new QPushButton(tr("Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    title_ = new QLineEdit(options.title);
    title_->setPlaceholderText(tr("none"));
    width_ = spin(16, 20000, options.size.width(), tr(" px"));
    height_ = spin(16, 20000, options.size.height(), tr(" px"));
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("×")));
    sizeRow->addWidget(height_);
    sizeRow->addStretch();
    dpi_ = spin(24, 1200, options.dpi, tr(" DPI"));
    dpi_->setToolTip(tr("At 96 DPI text and lines are as large in pixels as on screen; at 300 they are about three "
                        "times larger, as printed at that resolution."));

    auto* form = new QFormLayout;
    form->addRow(tr("&File:"), pathRow);
    form->addRow(tr("&Title:"), title_);
    form->addRow(tr("&Size:"), sizeRow);
    form->addRow(tr("&Resolution:"), dpi_);
    form->addRow(new QLabel(tr("PNG, PDF or SVG, by the file's suffix. Earlier runs are named in the legend.")));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &PlotExportDialog::browse);
    connect(path_, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!path_->text().trimmed().isEmpty());
    });
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!path.trimmed().isEmpty());
}

ImageOptions PlotExportDialog::options() const
{
    ImageOptions o;
    o.size = QSize(width_->value(), height_->value());
    o.dpi = dpi_->value();
    o.title = title_->text().trimmed();
    return o;
}

QString PlotExportDialog::path() const
{
    QString p = path_->text().trimmed();
    if (!p.isEmpty() && QFileInfo(p).suffix().isEmpty())
        p += QStringLiteral(".png");
    return p;
}

void PlotExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export Plot"), path(), tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"));
    if (!chosen.isEmpty())
        path_->setText(chosen);
}

} // namespace flange::ui::plot
