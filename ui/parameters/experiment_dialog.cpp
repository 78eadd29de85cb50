#include "ui/parameters/experiment_dialog.hpp"

#include "ui/document/parameter_values.hpp"
#include "ui/parameters/value_parsing.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace flange::ui {

namespace {

QString number(double v) { return formatValue(diagram::Json(v)); }

// Times in seconds unless another unit is typed ("3 s", "100 ms", "2 min"), as parameter
// fields take them; the tolerance is a plain number.
std::optional<double> parse(const QLineEdit* e, const QString& name, const char* unit = "s", QString* reason = nullptr)
{
    return parseNumberIn(name, e->text(), unit, reason);
}

} // namespace

ExperimentDialog::ExperimentDialog(const diagram::Experiment& experiment, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Experiment"));
    start_ = new QLineEdit(number(experiment.startTime));
    stop_ = new QLineEdit(number(experiment.stopTime));
    interval_ = new QLineEdit(experiment.interval ? number(*experiment.interval) : QString());
    interval_->setPlaceholderText(tr("(stop − start) / 500"));
    tolerance_ = new QLineEdit(number(experiment.tolerance));
    using Integrator = diagram::Experiment::Integrator;
    integrator_ = new QComboBox;
    integrator_->addItem(tr("Automatic: Adams (CVODE) while not stiff, then BDF (IDA)"), static_cast<int>(Integrator::Auto));
    integrator_->addItem(tr("BDF (IDA) throughout, as Dymola's DASSL"), static_cast<int>(Integrator::Bdf));
    integrator_->setCurrentIndex(std::max(0, integrator_->findData(static_cast<int>(experiment.integrator))));
    integrator_->setToolTip(tr("Automatic suits most drive trains: a model that is not stiff needs no Jacobian. "
                               "BDF throughout compares step for step with Dymola's default."));
    exactOutputs_ = new QCheckBox(tr("Solve algebraic variables exactly at every output point"));
    exactOutputs_->setChecked(experiment.exactOutputs);
    exactOutputs_->setToolTip(tr("Removes small excursions of interpolated values across kinks without events "
                                 "(contact laws); output costs about twice as much."));

    auto* form = new QFormLayout;
    form->addRow(tr("Start time [s]:"), start_);
    form->addRow(tr("Stop time [s]:"), stop_);
    form->addRow(tr("Output interval [s]:"), interval_);
    form->addRow(tr("Relative tolerance:"), tolerance_);
    form->addRow(tr("Integrator:"), integrator_);
    form->addRow(QString(), exactOutputs_);
    problemLabel_ = new QLabel;
    problemLabel_->setStyleSheet(QStringLiteral("color: #c62828;"));
    problemLabel_->setWordWrap(true); // a unit message is wider than the fields: wrap, not cut
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(problemLabel_);
    layout->addWidget(buttons);
    for (QLineEdit* e : {start_, stop_, interval_, tolerance_})
        connect(e, &QLineEdit::textChanged, this, &ExperimentDialog::validate);
    validate();
}

void ExperimentDialog::validate()
{
    QString whyStart, whyStop, whyInterval, whyTolerance;
    const auto start = parse(start_, tr("start time"), "s", &whyStart);
    const auto stop = parse(stop_, tr("stop time"), "s", &whyStop);
    const auto interval = parse(interval_, tr("output interval"), "s", &whyInterval);
    const auto tol = parse(tolerance_, tr("tolerance"), "", &whyTolerance);
    problem_.clear();
    if (!start)
        problem_ = whyStart;
    else if (!stop)
        problem_ = whyStop;
    else if (*stop <= *start)
        problem_ = tr("The stop time must be after the start time");
    else if (!interval_->text().trimmed().isEmpty() && !interval)
        problem_ = whyInterval;
    else if (!interval_->text().trimmed().isEmpty() && *interval <= 0)
        problem_ = tr("The output interval must be positive (or empty)");
    else if (!tol)
        problem_ = whyTolerance;
    else if (*tol <= 0 || *tol >= 1)
        problem_ = tr("The tolerance must be a number between 0 and 1");
    problemLabel_->setText(problem_);
    problemLabel_->setVisible(!problem_.isEmpty());
    ok_->setEnabled(problem_.isEmpty());
}

diagram::Experiment ExperimentDialog::experiment() const
{
    diagram::Experiment e;
    e.startTime = parse(start_, tr("start time")).value_or(0);
    e.stopTime = parse(stop_, tr("stop time")).value_or(1);
    if (!interval_->text().trimmed().isEmpty())
        e.interval = parse(interval_, tr("output interval"));
    e.tolerance = parse(tolerance_, tr("tolerance"), "").value_or(1e-6);
    e.integrator = static_cast<diagram::Experiment::Integrator>(integrator_->currentData().toInt());
    e.exactOutputs = exactOutputs_->isChecked();
    return e;
}

} // namespace flange::ui
