#pragma once
// One row of the parameter dialog: name, editor, unit and description of one parameter.
// The editor is a line edit with the default as placeholder text, or for Boolean and
// enumeration parameters (StateSelect, Init, ...) a combo box of the literals whose first entry is the default.
// The mouse wheel over a line edit holding a plain number steps it (see wheel_step.hpp).
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "ui/parameters/value_parsing.hpp"

#include <QObject>

class QComboBox;
class QGridLayout;
class QLineEdit;

namespace flange::ui {

class ParameterField : public QObject {
    Q_OBJECT
public:
    // `current` is the instance's value, or null when it uses the default.
    ParameterField(const library::ParameterDef& def, const diagram::Json* current, const QString& defaultText,
                   QObject* parent = nullptr);

    // Adds the row's widgets to a four-column grid.
    void addToGrid(QGridLayout* grid, int row);

    QString name() const { return name_; }
    // The text editor, or null for a combo-box row (tests send it wheel events).
    QLineEdit* lineEdit() const { return line_; }
    // What the field holds now, as the user typed it ("" for the default).
    QString text() const;
    void setText(const QString& text);
    bool isChanged() const { return text() != initialText_; }
    // The names an expression may use (the diagram's parameters).
    void setScope(std::vector<std::string> names) { names_ = std::move(names); }
    ParsedValue parsed() const;
    // Marks the editor red with the reason as its tooltip, or clears the mark.
    void showValidity(const QString& reason);

signals:
    void edited();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    library::ParameterDef def_;
    QString name_;
    QString initialText_;
    QString defaultText_;
    QLineEdit* line_ = nullptr;
    QComboBox* combo_ = nullptr;
    int wheelAngle_ = 0; // eighths of a degree not yet stepped (touchpads send small deltas)
    std::vector<std::string> names_;
};

} // namespace flange::ui
