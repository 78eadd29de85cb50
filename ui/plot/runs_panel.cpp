#include "ui/plot/runs_panel.hpp"

#include "ui/results/run_difference.hpp"
#include "ui/results/run_result.hpp"
#include "ui/results/runs_csv_export.hpp"

#include <QColorDialog>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QMessageBox>
#include <QPixmap>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace flange::ui::plot {

namespace {

constexpr int kIndexRole = Qt::UserRole + 1; // -2: the ghost line; else the pinned run's index

QIcon swatch(const QColor& color)
{
    QPixmap p(14, 14);
    p.fill(color.isValid() ? color : QColor(Qt::gray));
    return QIcon(p);
}

} // namespace

RunsPanel::RunsPanel(ComparedRuns& runs, CurrentRun current, Signals plotted, QWidget* parent)
    : QWidget(parent), runs_(runs), current_(std::move(current)), plotted_(std::move(plotted))
{
    list_ = new QTreeWidget(this);
    list_->setHeaderHidden(true);
    list_->setRootIsDecorated(false);
    list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list_->setToolTip(tr("Ticked runs are drawn; double-click a name to rename it"));
    pin_ = new QPushButton(tr("Pin"), this);
    pin_->setToolTip(tr("Keep the current run to compare the next ones with"));
    remove_ = new QPushButton(tr("Delete"), this);
    color_ = new QPushButton(tr("Colour…"), this);
    difference_ = new QPushButton(tr("Difference…"), this);
    difference_->setToolTip(tr("Plot a signal of one run minus the same signal of another"));
    export_ = new QPushButton(tr("Export CSV…"), this);
    export_->setToolTip(tr("The plotted signals of the selected runs (or the current run) in one CSV file"));
    auto* buttons = new QGridLayout;
    buttons->addWidget(pin_, 0, 0);
    buttons->addWidget(remove_, 0, 1);
    buttons->addWidget(color_, 1, 0);
    buttons->addWidget(difference_, 1, 1);
    buttons->addWidget(export_, 2, 0, 1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(list_, 1);
    layout->addLayout(buttons);

    connect(pin_, &QPushButton::clicked, this, &RunsPanel::pinCurrent);
    connect(remove_, &QPushButton::clicked, this, [this] {
        std::vector<int> chosen = selectedIndices();
        std::sort(chosen.rbegin(), chosen.rend());
        for (int i : chosen)
            runs_.remove(i);
    });
    connect(color_, &QPushButton::clicked, this, &RunsPanel::chooseColor);
    connect(difference_, &QPushButton::clicked, this, &RunsPanel::differenceDialog);
    connect(export_, &QPushButton::clicked, this, &RunsPanel::exportDialog);
    connect(list_, &QTreeWidget::itemChanged, this, &RunsPanel::itemChanged);
    connect(list_, &QTreeWidget::itemSelectionChanged, this, &RunsPanel::updateButtons);
    connect(&runs_, &ComparedRuns::changed, this, &RunsPanel::rebuild);
    rebuild();
}

void RunsPanel::rebuild()
{
    rebuilding_ = true;
    const std::vector<int> selected = selectedIndices();
    list_->clear();
    auto* ghost = new QTreeWidgetItem(list_, {tr("Ghost: %1").arg(runs_.ghostLabel())});
    ghost->setData(0, kIndexRole, -2);
    ghost->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    ghost->setCheckState(0, runs_.ghostShown() ? Qt::Checked : Qt::Unchecked);
    ghost->setToolTip(0, tr("The run before the current one, drawn faded and dashed behind it"));
    for (int i = 0; i < runs_.count(); ++i) {
        const ComparedRun& r = runs_.pinned()[static_cast<size_t>(i)];
        auto* item = new QTreeWidgetItem(list_, {r.name});
        item->setData(0, kIndexRole, i);
        item->setIcon(0, swatch(r.color));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable | Qt::ItemIsUserCheckable);
        item->setCheckState(0, r.visible ? Qt::Checked : Qt::Unchecked);
        item->setSelected(std::find(selected.begin(), selected.end(), i) != selected.end());
    }
    rebuilding_ = false;
    updateButtons();
}

std::vector<int> RunsPanel::selectedIndices() const
{
    std::vector<int> out;
    for (QTreeWidgetItem* item : list_->selectedItems())
        if (const int i = item->data(0, kIndexRole).toInt(); i >= 0)
            out.push_back(i);
    std::sort(out.begin(), out.end());
    return out;
}

void RunsPanel::updateButtons()
{
    const bool any = !selectedIndices().empty();
    remove_->setEnabled(any);
    color_->setEnabled(selectedIndices().size() == 1);
}

void RunsPanel::itemChanged(QTreeWidgetItem* item, int)
{
    if (rebuilding_)
        return;
    const int i = item->data(0, kIndexRole).toInt();
    const bool on = item->checkState(0) == Qt::Checked;
    if (i == -2) {
        runs_.setGhostShown(on);
        return;
    }
    // Both edits land here; each setter ignores what did not change (and rebuilds after).
    const QString name = item->text(0);
    runs_.setVisible(i, on);
    runs_.rename(i, name);
}

int RunsPanel::pinCurrent()
{
    const std::shared_ptr<const RunResult> run = current_ ? current_() : nullptr;
    if (!run || run->rowCount() == 0)
        return -1;
    return runs_.pin(run);
}

std::shared_ptr<const RunResult> RunsPanel::runAt(int index, QString* name) const
{
    if (index == -1) {
        std::shared_ptr<const RunResult> run = current_ ? current_() : nullptr;
        // By its number: "current" would name another run once the next one comes.
        if (name && run)
            *name = tr("Run %1").arg(run->number);
        return run;
    }
    if (index < 0 || index >= runs_.count())
        return nullptr;
    const ComparedRun& r = runs_.pinned()[static_cast<size_t>(index)];
    if (name)
        *name = r.name;
    return r.run;
}

QString RunsPanel::difference(int a, int b, const QString& signal, QString* reason)
{
    QString nameA, nameB;
    const auto runA = runAt(a, &nameA), runB = runAt(b, &nameB);
    if (!runA || !runB || runA == runB) {
        if (reason)
            *reason = tr("Choose two different runs.");
        return {};
    }
    // Every difference of a signal is one variable, drawn once per difference run and named
    // in the legend by the run: "Δ inertia3.w (Run 5 − soft spring)".
    const QString label = QStringLiteral("%1 − %2").arg(nameA, nameB);
    const QString variable = QStringLiteral("Δ %1").arg(signal);
    const std::shared_ptr<RunResult> d = runDifference(*runA, *runB, signal, variable, reason);
    if (!d)
        return {};
    runs_.pin(d, label);
    emit differencePinned(variable);
    return variable;
}

bool RunsPanel::exportRuns(const std::vector<int>& indices, const QString& path, QString* error)
{
    std::vector<NamedRun> chosen;
    for (int i : indices) {
        QString name;
        if (auto r = runAt(i, &name))
            chosen.push_back({std::move(r), name});
    }
    return exportRunsCsv(chosen, plotted_ ? plotted_() : QStringList(), path, error);
}

void RunsPanel::chooseColor()
{
    const std::vector<int> chosen = selectedIndices();
    if (chosen.size() != 1)
        return;
    const QColor now = runs_.pinned()[static_cast<size_t>(chosen.front())].color;
    const QColor color = QColorDialog::getColor(now, this, tr("Colour of %1").arg(runs_.pinned()[static_cast<size_t>(chosen.front())].name));
    if (color.isValid())
        runs_.setColor(chosen.front(), color);
}

void RunsPanel::differenceDialog()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Difference of Two Runs"));
    // Made in the form's order, so the focus starts at the signal (seen under Xvfb: a key
    // meant for the signal changed the first run to the second).
    auto* signal = new QComboBox(&dialog);
    auto* a = new QComboBox(&dialog);
    auto* b = new QComboBox(&dialog);
    for (QComboBox* box : {a, b}) {
        box->addItem(tr("current run"), -1);
        for (int i = 0; i < runs_.count(); ++i)
            box->addItem(runs_.pinned()[static_cast<size_t>(i)].name, i);
    }
    if (runs_.count() > 0)
        b->setCurrentIndex(b->count() - 1);
    signal->addItems(plotted_ ? plotted_() : QStringList());
    auto* form = new QFormLayout(&dialog);
    form->addRow(tr("Signal:"), signal);
    form->addRow(tr("Run:"), a);
    form->addRow(tr("minus run:"), b);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(box);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString reason;
    if (difference(a->currentData().toInt(), b->currentData().toInt(), signal->currentText(), &reason).isEmpty())
        QMessageBox::warning(this, tr("Difference of Two Runs"), reason);
}

void RunsPanel::exportDialog()
{
    std::vector<int> chosen = selectedIndices();
    if (chosen.empty())
        chosen.push_back(-1);
    QString path = QFileDialog::getSaveFileName(this, tr("Export Runs as CSV"), tr("runs.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".csv");
    QString error;
    if (!exportRuns(chosen, path, &error))
        QMessageBox::critical(this, tr("Export Runs"), error);
}

} // namespace flange::ui::plot
