#include "ui/sweep/sweep_dialog.hpp"

#include "ui/sweep/sweep_preparation.hpp"

#include "engine/api/errors.hpp"

#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QStandardItemModel>
#include <thread>
#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace flange::ui {

namespace {

enum Column { NameColumn, KindColumn, ValuesColumn };

QStringList kinds()
{
    return {QObject::tr("List"), QObject::tr("Range"), QObject::tr("Log range"), QObject::tr("Uniform draws"),
            QObject::tr("Normal draws")};
}

int kindIndex(sweep::Variation::Kind k) { return static_cast<int>(k); }

QString g(double v) { return QString::number(v, 'g', 6); }

// A number the diagram gives `name` as it stands, or NaN where it is an expression.
double presentValue(const diagram::Diagram& d, const library::Library& lib, const std::string& name)
{
    auto number = [](const diagram::Json& j) -> double {
        if (j.is_number())
            return j.get<double>();
        if (j.is_object() && j.contains("value"))
            return j["value"].is_number() ? j["value"].get<double>() : NAN;
        if (j.is_string()) {
            bool ok = false;
            const double v = QString::fromStdString(j.get<std::string>()).toDouble(&ok);
            return ok ? v : NAN;
        }
        return NAN;
    };
    auto text = [](const std::optional<library::ExprText>& e) {
        bool ok = false;
        const double v = e ? QString::fromStdString(e->text).toDouble(&ok) : NAN;
        return ok ? v : NAN;
    };
    try {
        const sweep::OverrideTarget t = sweep::findOverrideTarget(d, lib, name);
        if (t.kind == sweep::OverrideTarget::Kind::ModelParameter) {
            for (const auto& [n, v] : d.parameters)
                if (n == t.member)
                    return number(v);
            return NAN;
        }
        const diagram::Component* c = d.component(t.component);
        const library::ComponentDefinition* def = c ? lib.find(c->type) : nullptr;
        if (t.kind == sweep::OverrideTarget::Kind::StartValue) {
            if (const diagram::VariableSettings* s = c ? c->variable(t.member) : nullptr; s && s->start)
                return number(*s->start);
            const library::VariableDef* v = def ? def->variable(t.member) : nullptr;
            return v ? text(v->start) : NAN;
        }
        if (const diagram::Json* j = c ? c->parameter(t.member) : nullptr)
            return number(*j);
        const library::ParameterDef* p = def ? def->parameter(t.member) : nullptr;
        return p ? text(p->defaultValue) : NAN;
    } catch (const Error&) {
        return NAN;
    }
}

QTableWidget* table(const QStringList& headers)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    return t;
}

} // namespace

SweepDialog::SweepDialog(const diagram::Diagram& model, std::shared_ptr<const library::Library> library,
                         const sweep::SweepDefinition& initial, QWidget* parent)
    : QDialog(parent), model_(model), library_(std::move(library))
{
    setWindowTitle(tr("Sweep"));
    names_ = sweepableNames(model_, *library_);

    vary_ = table({tr("Parameter"), tr("Kind"), tr("Values")});
    vary_->setObjectName(QStringLiteral("sweepVariations"));
    vary_->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
    vary_->horizontalHeader()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    auto* addVary = new QPushButton(tr("Add Parameter"));
    auto* removeVary = new QPushButton(tr("Remove"));
    connect(addVary, &QPushButton::clicked, this, [this] { parameterField(addVariation())->setFocus(); });
    connect(removeVary, &QPushButton::clicked, this, [this] {
        if (vary_->currentRow() >= 0)
            vary_->removeRow(vary_->currentRow());
        checkQuickly();
    });
    paired_ = new QCheckBox(tr("Paired: the lists side by side (else every combination)"));
    samples_ = new QSpinBox;
    samples_->setRange(1, static_cast<int>(sweep::kMaxPlannedRuns));
    samples_->setValue(100);
    seed_ = new QSpinBox;
    seed_->setRange(0, 2'000'000'000);
    set_ = new QLineEdit;
    set_->setPlaceholderText(tr("NAME=VALUE; … set in every run (optional)"));
    runs_ = new QLabel;
    runs_->setObjectName(QStringLiteral("sweepRuns"));

    metrics_ = table({tr("Name"), tr("Expression: final(x), at(x, t), max(x), min(x), maxabs(x), cross(x, level), "
                                     "integral(x), event(\"c\", \"v\"), + - * /")});
    metrics_->setObjectName(QStringLiteral("sweepMetrics"));
    metrics_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    auto* addMetricButton = new QPushButton(tr("Add Metric"));
    auto* removeMetric = new QPushButton(tr("Remove"));
    connect(addMetricButton, &QPushButton::clicked, this, [this] {
        const int row = addMetric();
        metrics_->setCurrentCell(row, 1);
        metrics_->editItem(metrics_->item(row, 1));
    });
    connect(removeMetric, &QPushButton::clicked, this, [this] {
        if (metrics_->currentRow() >= 0)
            metrics_->removeRow(metrics_->currentRow());
    });
    connect(metrics_, &QTableWidget::itemChanged, this, [this] { error_->clear(); });
    signals_ = new QLineEdit;
    signals_->setPlaceholderText(tr("a, b, … drawn run over run (optional): J1.w, clutch1.tau"));

    // Where the runs go: this computer's cores, or a Slurm cluster (issue 39).
    runOn_ = new QComboBox;
    runOn_->setObjectName(QStringLiteral("sweepRunOn"));
    runOn_->addItem(tr("This computer (%1 cores)").arg(std::max(1u, std::thread::hardware_concurrency())));
    const QString unavailable = SlurmSweepBackend::unavailableReason();
    runOn_->addItem(unavailable.isEmpty() ? tr("A Slurm cluster") : tr("A Slurm cluster (%1)").arg(unavailable));
    if (!unavailable.isEmpty())
        if (auto* items = qobject_cast<QStandardItemModel*>(runOn_->model()))
            items->item(1)->setEnabled(false);
    slurmFolder_ = new QLineEdit(
        QDir(model_.folder.empty() ? QDir::currentPath() : QString::fromStdString(model_.folder))
            .filePath(QStringLiteral("sweep-%1").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")))));
    slurmFolder_->setToolTip(tr("On a file system the compute nodes share; flange-sim sweep-status and sweep-collect read it"));
    partition_ = new QLineEdit;
    partition_->setPlaceholderText(tr("the cluster's default"));
    tasks_ = new QSpinBox;
    tasks_->setRange(1, 1'000'000);
    tasks_->setValue(static_cast<int>(sweep::kDefaultChunks));
    timeLimit_ = new QLineEdit;
    timeLimit_->setPlaceholderText(tr("the partition's default; as sbatch --time reads it: 30:00"));
    auto* runOnBox = new QGroupBox(tr("Run on"));
    auto* runOnForm = new QFormLayout(runOnBox);
    runOnForm->addRow(runOn_);
    runOnForm->addRow(tr("Folder:"), slurmFolder_);
    runOnForm->addRow(tr("Partition:"), partition_);
    runOnForm->addRow(tr("Array tasks:"), tasks_);
    runOnForm->addRow(tr("Time limit per task:"), timeLimit_);
    auto updateRunOn = [this] {
        for (QWidget* w : std::initializer_list<QWidget*>{slurmFolder_, partition_, tasks_, timeLimit_})
            w->setEnabled(runOn_->currentIndex() == 1);
        error_->clear();
    };

    error_ = new QLabel;
    error_->setObjectName(QStringLiteral("sweepError"));
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #c02020"));
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* varyBox = new QGroupBox(tr("Parameters and their values"));
    auto* varyLayout = new QVBoxLayout(varyBox);
    varyLayout->addWidget(vary_);
    auto* varyButtons = new QHBoxLayout;
    varyButtons->addWidget(addVary);
    varyButtons->addWidget(removeVary);
    varyButtons->addStretch(1);
    varyLayout->addLayout(varyButtons);
    auto* planForm = new QFormLayout;
    planForm->addRow(paired_);
    planForm->addRow(tr("Samples (draws):"), samples_);
    planForm->addRow(tr("Seed (draws):"), seed_);
    planForm->addRow(tr("Set in every run:"), set_);
    planForm->addRow(runs_);
    varyLayout->addLayout(planForm);

    auto* metricBox = new QGroupBox(tr("Metrics: one number per run"));
    auto* metricLayout = new QVBoxLayout(metricBox);
    metricLayout->addWidget(metrics_);
    auto* metricButtons = new QHBoxLayout;
    metricButtons->addWidget(addMetricButton);
    metricButtons->addWidget(removeMetric);
    metricButtons->addStretch(1);
    metricLayout->addLayout(metricButtons);
    auto* signalForm = new QFormLayout;
    signalForm->addRow(tr("Signals to keep:"), signals_);
    metricLayout->addLayout(signalForm);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run Sweep"));
    connect(buttons, &QDialogButtonBox::accepted, this, &SweepDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SweepDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(varyBox, 3);
    layout->addWidget(metricBox, 2);
    layout->addWidget(runOnBox);
    layout->addWidget(error_);
    layout->addWidget(buttons);
    resize(820, 760);
    connect(runOn_, &QComboBox::currentIndexChanged, this, updateRunOn);
    updateRunOn();

    // The sweep as it was last run or saved.
    for (const sweep::Variation& v : initial.vary)
        addVariation(QString::fromStdString(v.name), QString::fromStdString(v.spec));
    if (initial.vary.empty())
        addVariation();
    paired_->setChecked(initial.plan.paired);
    if (initial.plan.samples)
        samples_->setValue(static_cast<int>(*initial.plan.samples));
    seed_->setValue(static_cast<int>(std::min<uint64_t>(initial.plan.seed, 2'000'000'000)));
    QStringList set;
    for (const std::string& s : initial.set)
        set << QString::fromStdString(s);
    set_->setText(set.join(QStringLiteral("; ")));
    for (const sweep::MetricDefinition& m : initial.metrics)
        addMetric(QString::fromStdString(m.name), QString::fromStdString(m.expression));
    QStringList chosen;
    for (const std::string& s : initial.chosenSignals)
        chosen << QString::fromStdString(s);
    signals_->setText(chosen.join(QStringLiteral(", ")));

    connect(paired_, &QCheckBox::toggled, this, &SweepDialog::checkQuickly);
    connect(samples_, &QSpinBox::valueChanged, this, &SweepDialog::checkQuickly);
    connect(seed_, &QSpinBox::valueChanged, this, &SweepDialog::checkQuickly);
    connect(set_, &QLineEdit::textChanged, this, &SweepDialog::checkQuickly);
    connect(signals_, &QLineEdit::textChanged, this, [this] { error_->clear(); });
    checkQuickly();
}

QComboBox* SweepDialog::parameterField(int row) const
{
    return qobject_cast<QComboBox*>(vary_->cellWidget(row, NameColumn));
}
QComboBox* SweepDialog::kindField(int row) const { return qobject_cast<QComboBox*>(vary_->cellWidget(row, KindColumn)); }
QLineEdit* SweepDialog::valuesField(int row) const
{
    return qobject_cast<QLineEdit*>(vary_->cellWidget(row, ValuesColumn));
}

int SweepDialog::addVariation(const QString& name, const QString& spec)
{
    const int row = vary_->rowCount();
    vary_->insertRow(row);
    auto* parameter = new QComboBox;
    parameter->setEditable(true);
    parameter->addItems(names_);
    parameter->setInsertPolicy(QComboBox::NoInsert);
    parameter->completer()->setFilterMode(Qt::MatchContains);
    parameter->completer()->setCompletionMode(QCompleter::PopupCompletion);
    parameter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    parameter->setMinimumContentsLength(18);
    parameter->setCurrentIndex(-1);
    parameter->setEditText(name);
    auto* kind = new QComboBox;
    kind->addItems(kinds());
    auto* values = new QLineEdit(spec);
    values->setPlaceholderText(tr("10, 20, 30 · 10:30:5 · 0.5:2:4:log · uniform(18, 22) · normal(20, 2) · units allowed"));
    vary_->setCellWidget(row, NameColumn, parameter);
    vary_->setCellWidget(row, KindColumn, kind);
    vary_->setCellWidget(row, ValuesColumn, values);
    connect(parameter, &QComboBox::currentTextChanged, this, &SweepDialog::checkQuickly);
    connect(values, &QLineEdit::textChanged, this, &SweepDialog::checkQuickly);
    // Choosing a kind writes an example of it around the present value, to edit.
    connect(kind, &QComboBox::activated, this, [this, values, kind] {
        for (int r = 0; r < vary_->rowCount(); ++r)
            if (kindField(r) == kind)
                values->setText(exampleSpec(r, kind->currentIndex()));
    });
    if (spec.isEmpty() && !name.isEmpty())
        values->setText(exampleSpec(row, 1));
    checkQuickly();
    return row;
}

int SweepDialog::addMetric(const QString& name, const QString& expression)
{
    const int row = metrics_->rowCount();
    metrics_->insertRow(row);
    metrics_->setItem(row, 0, new QTableWidgetItem(name.isEmpty() ? QStringLiteral("m%1").arg(row + 1) : name));
    metrics_->setItem(row, 1, new QTableWidgetItem(expression));
    return row;
}

QString SweepDialog::exampleSpec(int row, int kind) const
{
    double v = presentValue(model_, *library_, parameterField(row)->currentText().trimmed().toStdString());
    if (!std::isfinite(v) || v == 0)
        v = v == 0 ? 0 : 1;
    const double a = std::abs(v);
    switch (kind) {
    case 0:
        return v == 0 ? QStringLiteral("0, 0.5, 1") : QStringLiteral("%1, %2, %3").arg(g(v / 2), g(v), g(2 * v));
    case 1:
        return v == 0 ? QStringLiteral("0:1:5") : QStringLiteral("%1:%2:5").arg(g(v / 2), g(2 * v));
    case 2:
        return v <= 0 ? QStringLiteral("0.1:10:5:log") : QStringLiteral("%1:%2:5:log").arg(g(v / 10), g(10 * v));
    case 3:
        return v == 0 ? QStringLiteral("uniform(-0.1, 0.1)")
                      : QStringLiteral("uniform(%1, %2)").arg(g(v - 0.1 * a), g(v + 0.1 * a));
    default:
        return v == 0 ? QStringLiteral("normal(0, 0.1)") : QStringLiteral("normal(%1, %2)").arg(g(v), g(0.05 * a));
    }
}

sweep::SweepDefinition SweepDialog::definition() const
{
    sweep::SweepDefinition d;
    for (const QString& s : set_->text().split(QLatin1Char(';'), Qt::SkipEmptyParts))
        if (!s.trimmed().isEmpty())
            d.set.push_back(s.trimmed().toStdString());
    for (int r = 0; r < vary_->rowCount(); ++r) {
        const std::string name = parameterField(r)->currentText().trimmed().toStdString();
        const std::string spec = valuesField(r)->text().trimmed().toStdString();
        if (name.empty() && spec.empty())
            continue;
        d.vary.push_back(sweep::parseVariation(name, spec, tr("Values for").toStdString()));
    }
    d.plan.paired = paired_->isChecked();
    bool draws = false;
    for (const sweep::Variation& v : d.vary)
        draws = draws || v.isDraw();
    if (draws) {
        d.plan.samples = samples_->value();
        d.plan.seed = static_cast<uint64_t>(seed_->value());
    }
    for (int r = 0; r < metrics_->rowCount(); ++r) {
        const QString name = metrics_->item(r, 0) ? metrics_->item(r, 0)->text().trimmed() : QString();
        const QString expression = metrics_->item(r, 1) ? metrics_->item(r, 1)->text().trimmed() : QString();
        if (expression.isEmpty())
            continue;
        d.metrics.push_back(sweep::parseMetricAssignment((name + QLatin1Char('=') + expression).toStdString(),
                                                         tr("Metric").toStdString()));
    }
    for (const QString& s : signals_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!s.trimmed().isEmpty())
            d.chosenSignals.push_back(s.trimmed().toStdString());
    return d;
}

void SweepDialog::checkQuickly()
{
    error_->clear();
    job_.reset();
    bool blank = true; // a dialog not yet filled in is not yet wrong
    for (int r = 0; r < vary_->rowCount(); ++r)
        blank = blank && parameterField(r)->currentText().trimmed().isEmpty() && valuesField(r)->text().trimmed().isEmpty();
    if (blank) {
        runs_->setText(tr("Choose a parameter and its values"));
        return;
    }
    try {
        const sweep::SweepDefinition d = definition();
        // Each row's kind follows what its values say.
        for (int r = 0, k = 0; r < vary_->rowCount() && static_cast<size_t>(k) < d.vary.size(); ++r)
            if (!valuesField(r)->text().trimmed().isEmpty() || !parameterField(r)->currentText().trimmed().isEmpty()) {
                const QSignalBlocker block(kindField(r));
                kindField(r)->setCurrentIndex(kindIndex(d.vary[static_cast<size_t>(k++)].kind));
            }
        samples_->setEnabled(d.plan.samples.has_value());
        seed_->setEnabled(d.plan.samples.has_value());
        const sweep::PreparedSweep p = sweep::prepareSweep(d, model_, *library_);
        runs_->setText(p.plan.runs() == 1 ? tr("1 run") : tr("%1 runs").arg(p.plan.runs()));
    } catch (const Error& e) {
        runs_->setText(QString());
        showError(inDialogTerms(e.what()));
    }
}

std::optional<SlurmChoice> SweepDialog::slurmChoice() const
{
    if (runOn_->currentIndex() != 1)
        return std::nullopt;
    // The library folders are the window's, not the dialog's: SweepWorkspace adds them.
    return SlurmChoice{slurmFolder_->text().trimmed(), partition_->text().trimmed(), timeLimit_->text().trimmed(),
                       tasks_->value(), {}};
}

bool SweepDialog::validate()
{
    job_.reset();
    try {
        if (const std::optional<SlurmChoice> slurm = slurmChoice()) {
            if (slurm->folder.isEmpty())
                throw badInput(tr("Folder: the sweep on a cluster needs a folder the compute nodes share").toStdString());
            // Empty: the cluster's default.
            if (!slurm->partition.isEmpty())
                sweep::checkSlurmValue(tr("Partition").toStdString(), slurm->partition.toStdString());
            if (!slurm->timeLimit.isEmpty())
                sweep::checkSlurmValue(tr("Time limit").toStdString(), slurm->timeLimit.toStdString());
        }
        job_ = prepareSweepJob(definition(), model_, library_);
        error_->clear();
        return true;
    } catch (const Error& e) {
        showError(inDialogTerms(e.what()));
        return false;
    }
}

void SweepDialog::showError(const QString& message) { error_->setText(message); }

QString SweepDialog::error() const { return error_->text(); }

void SweepDialog::accept()
{
    if (validate())
        QDialog::accept();
}

} // namespace flange::ui
