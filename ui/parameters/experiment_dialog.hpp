#pragma once
// The experiment settings of the diagram: start and stop time, output interval (empty
// for the default of 500 intervals), relative tolerance and the solver (the integrator and
// exact outputs), checked before OK is allowed.
#include "engine/api/diagram.hpp"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace flange::ui {

class ExperimentDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExperimentDialog(const diagram::Experiment& experiment, QWidget* parent = nullptr);

    QLineEdit* startField() const { return start_; }
    QLineEdit* stopField() const { return stop_; }
    QLineEdit* intervalField() const { return interval_; }
    QLineEdit* toleranceField() const { return tolerance_; }
    QComboBox* integratorField() const { return integrator_; }
    QCheckBox* exactOutputsField() const { return exactOutputs_; }
    QPushButton* okButton() const { return ok_; }
    QString problem() const { return problem_; }
    diagram::Experiment experiment() const;

private:
    void validate();

    QLineEdit* start_;
    QLineEdit* stop_;
    QLineEdit* interval_;
    QLineEdit* tolerance_;
    QComboBox* integrator_;
    QCheckBox* exactOutputs_;
    QLabel* problemLabel_;
    QPushButton* ok_;
    QString problem_;
};

} // namespace flange::ui
