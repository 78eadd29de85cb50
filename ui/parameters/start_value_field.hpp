#pragma once
// One row of the Initialization tab: a variable's start value (the definition's start as
// placeholder) and a Fixed box that makes it an initial condition.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "ui/parameters/value_parsing.hpp"

#include <QObject>

class QCheckBox;
class QGridLayout;
class QLineEdit;

namespace flange::ui {

class StartValueField : public QObject {
    Q_OBJECT
public:
    // `current` is the instance's override, or null.
    StartValueField(const library::VariableDef& def, const diagram::VariableSettings* current, bool defaultFixed,
                    QObject* parent = nullptr);

    void addToGrid(QGridLayout* grid, int row);

    QString name() const { return name_; }
    QString startText() const;
    void setStartText(const QString& text);
    bool fixed() const;
    void setFixed(bool on);
    bool isChanged() const;
    // The names a start expression may use (the diagram's parameters).
    void setScope(std::vector<std::string> names) { names_ = std::move(names); }
    ParsedValue parsed() const;
    void showValidity(const QString& reason);
    // The settings to store, starting from the instance's current override; null when
    // nothing differs from the definition.
    std::optional<diagram::VariableSettings> settings() const;

signals:
    void edited();

private:
    library::VariableDef def_;
    QString name_;
    std::optional<diagram::VariableSettings> current_;
    bool defaultFixed_;
    QString initialStart_;
    bool initialFixed_;
    QLineEdit* start_;
    QCheckBox* fixed_;
    std::vector<std::string> names_;
};

} // namespace flange::ui
