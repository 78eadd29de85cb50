#pragma once
// Simulation ▸ Sweep…: which parameters to vary and over what values (a list, a range, a
// log range, or draws from uniform or normal distributions with a number of samples and
// a seed), grid or paired, the metrics to compute per run and the signals to keep for the
// overlay curves. Every field is read by the engine's own parsers (sweep::parseVariation,
// sweep::parseMetricAssignment, the plan and the model's signals as `flange-sim sweep`
// checks them), and a refusal is the engine's message, naming the field, in the dialog.
#include "ui/sweep/slurm_sweep_backend.hpp"

#include <optional>

#include <QDialog>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;
QT_END_NAMESPACE

namespace flange::ui {

class SweepDialog : public QDialog {
    Q_OBJECT
public:
    SweepDialog(const diagram::Diagram& model, std::shared_ptr<const library::Library> library,
                const sweep::SweepDefinition& initial, QWidget* parent = nullptr);

    // The sweep as the fields stand. Throws flange::Error for a field the engine refuses.
    sweep::SweepDefinition definition() const;
    // Checks everything (the plan, the metrics, the signals against the translated model);
    // false with the message shown in the dialog. accept() calls it.
    bool validate();
    // After a successful validate(): the sweep ready to run.
    std::shared_ptr<SweepJob> job() const { return job_; }
    QString error() const;

    void accept() override;

    // The fields, for tests and scripted use. Rows of the tables: one parameter or metric.
    int addVariation(const QString& name = {}, const QString& spec = {});
    int addMetric(const QString& name = {}, const QString& expression = {});
    QTableWidget* variations() const { return vary_; }
    QTableWidget* metrics() const { return metrics_; }
    QComboBox* parameterField(int row) const;
    QComboBox* kindField(int row) const;
    QLineEdit* valuesField(int row) const;
    QCheckBox* pairedField() const { return paired_; }
    QSpinBox* samplesField() const { return samples_; }
    QSpinBox* seedField() const { return seed_; }
    QLineEdit* signalsField() const { return signals_; }
    QLineEdit* setField() const { return set_; }
    QLabel* runsLabel() const { return runs_; }
    // Run on: this computer (index 0) or a Slurm cluster (1, disabled where sbatch is not on PATH).
    QComboBox* runOnField() const { return runOn_; }
    QLineEdit* slurmFolderField() const { return slurmFolder_; }
    QLineEdit* partitionField() const { return partition_; }
    QSpinBox* tasksField() const { return tasks_; }
    QLineEdit* timeLimitField() const { return timeLimit_; }
    // The cluster and its settings when the sweep is to run there; nullopt for this computer.
    std::optional<SlurmChoice> slurmChoice() const;

private:
    // The quick checks (each value list and the plan) as fields change; the model is
    // translated only by validate().
    void checkQuickly();
    void showError(const QString& message);
    // An example of `kind` around the parameter's present value, to edit.
    QString exampleSpec(int row, int kind) const;

    diagram::Diagram model_;
    std::shared_ptr<const library::Library> library_;
    QStringList names_;
    QTableWidget* vary_;
    QTableWidget* metrics_;
    QCheckBox* paired_;
    QSpinBox* samples_;
    QSpinBox* seed_;
    QLineEdit* signals_;
    QLineEdit* set_;
    QLabel* runs_;
    QComboBox* runOn_;
    QLineEdit* slurmFolder_;
    QLineEdit* partition_;
    QSpinBox* tasks_;
    QLineEdit* timeLimit_;
    QLabel* error_;
    std::shared_ptr<SweepJob> job_;
};

} // namespace flange::ui
