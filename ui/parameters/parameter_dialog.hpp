#pragma once
// The parameter dialog of one component instance, generated from its definition:
// a tab per parameter "tab" (General, Advanced, ...) and an Initialization tab for the
// variables marked "initialization". Final parameters are not shown. OK stays disabled,
// with the reason written above it, while a value is invalid.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QDialog>
#include <QList>

#include <functional>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTabWidget;

namespace flange::ui {

class ParameterField;
class StartValueField;

class ParameterDialog : public QDialog {
    Q_OBJECT
public:
    // `model` is the diagram the instance belongs to: its parameters are the names values
    // may use, and conditions (fixed, conditional connectors) are evaluated with them.
    ParameterDialog(const library::ComponentDefinition& definition, const diagram::Component& component,
                    QWidget* parent = nullptr, const diagram::Diagram* model = nullptr);

    ParameterField* field(const QString& name) const;
    StartValueField* startField(const QString& name) const;
    QTabWidget* tabs() const { return tabs_; }
    QPushButton* okButton() const;
    // Why OK is disabled; empty when every value is acceptable.
    QString problem() const { return problem_; }

    // The instance's parameters and variable settings with the dialog's edits applied.
    // Untouched entries are kept exactly as they were (same JSON, same order).
    std::vector<std::pair<std::string, diagram::Json>> parameters() const;
    std::vector<std::pair<std::string, diagram::VariableSettings>> variables() const;

    using LiveApply = std::function<void(const std::vector<std::pair<std::string, diagram::Json>>&,
                                         const std::vector<std::pair<std::string, diagram::VariableSettings>>&)>;
    // Called with parameters() and variables() after every edit (typed or wheeled) that
    // leaves all values valid, so the caller can preview them while the dialog is open.
    // Unset (the default), the dialog only reports its values on OK.
    void setLiveApply(LiveApply apply) { liveApply_ = std::move(apply); }

private:
    void validate();
    QWidget* tabPage(const QString& title);

    diagram::Component component_;
    QTabWidget* tabs_;
    QLabel* problemLabel_;
    QDialogButtonBox* buttons_;
    QList<ParameterField*> fields_;
    QList<StartValueField*> startFields_;
    QString problem_;
    LiveApply liveApply_;
};

} // namespace flange::ui
