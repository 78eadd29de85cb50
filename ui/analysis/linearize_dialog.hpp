#pragma once
// Analysis ▸ Linearize…: the operating point (the initial state, a time of the run, the
// steady state), the inputs and outputs, the frequency range and the excitation orders.
// Names are typed as flange-sim takes them ("inertia2.flange_b", "spring.tau"); the
// fields start with a guess from the diagram: a torque at the first inertia, the speed
// of the last.
#include "ui/analysis/linear_analysis.hpp"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace flange::ui {

class LinearizeDialog : public QDialog {
    Q_OBJECT
public:
    LinearizeDialog(const diagram::Diagram& diagram, const AnalysisRequest& last, QWidget* parent = nullptr);

    // What the fields say; `problem()` is empty when it is usable.
    AnalysisRequest request() const;
    QString problem() const;

    QComboBox* pointField() const { return point_; }
    QLineEdit* timeField() const { return time_; }
    QLineEdit* inputsField() const { return inputs_; }
    QLineEdit* outputsField() const { return outputs_; }
    QLineEdit* bodeFromField() const { return bodeFrom_; }
    QLineEdit* bodeToField() const { return bodeTo_; }
    QLineEdit* ordersField() const { return orders_; }
    QLineEdit* shaftField() const { return shaft_; }
    QPushButton* okButton() const { return ok_; }

private:
    void check();

    QComboBox* point_;
    QLineEdit *time_, *inputs_, *outputs_, *bodeFrom_, *bodeTo_, *orders_, *shaft_;
    QSpinBox* bodePoints_;
    QLabel* problem_;
    QPushButton* ok_;
};

} // namespace flange::ui
