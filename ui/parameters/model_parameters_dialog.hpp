#pragma once
// The diagram's own parameters (the names its components' values use, T2 in startTime=T2)
// in a table: name, value (number, number with unit, or expression), unit, description.
// Renaming rewrites every use at once (the engine parses the expressions); deleting a
// parameter in use is refused naming the uses. OK stays disabled while a value is invalid.
// It edits a copy of a diagram, so a subsystem's declared parameters can use it as well.
#include "engine/api/diagram.hpp"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;

namespace flange::ui {

class ModelParametersDialog : public QDialog {
    Q_OBJECT
public:
    // Required: shown for a subsystem (a diagram with outer connectors), whose instances
    // must then each give the parameter a value.
    enum Column { Name, Value, Unit, Description, Required };

    explicit ModelParametersDialog(const diagram::Diagram& diagram, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    QPushButton* okButton() const { return ok_; }
    // Why OK is disabled, or why the last rename or delete was refused; empty when all is well.
    QString problem() const { return problem_; }

    // Appends a parameter with a fresh name and the value 0; returns its row.
    int addParameter();
    // Deletes the parameter of `row` unless a value uses it; false (and problem()) then.
    bool removeParameter(int row);
    // The diagram with every edit applied (renamed uses included).
    const diagram::Diagram& result() const { return diagram_; }

private:
    void fill();
    void cellEdited(int row, int column);
    void validate();
    void setRow(int row, const std::string& name);

    diagram::Diagram diagram_;
    QTableWidget* table_;
    QLabel* problemLabel_;
    QPushButton* ok_;
    QString problem_;
    QString refusal_; // the last refused rename or delete
    bool filling_ = false;
};

} // namespace flange::ui
