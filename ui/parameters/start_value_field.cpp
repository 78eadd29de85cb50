#include "ui/parameters/start_value_field.hpp"

#include "ui/document/parameter_values.hpp"

#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

namespace flange::ui {

StartValueField::StartValueField(const library::VariableDef& def, const diagram::VariableSettings* current,
                                 bool defaultFixed, QObject* parent)
    : QObject(parent), def_(def), name_(QString::fromStdString(def.name)), defaultFixed_(defaultFixed)
{
    if (current)
        current_ = *current;
    initialStart_ = current && current->start ? formatValue(*current->start, def.unit) : QString();
    initialFixed_ = defaultFixed;
    if (current && current->fixed && current->fixed->is_boolean())
        initialFixed_ = current->fixed->get<bool>();
    start_ = new QLineEdit;
    start_->setText(initialStart_);
    start_->setPlaceholderText(def.start ? formatExpression(*def.start) : QStringLiteral("0"));
    start_->setClearButtonEnabled(true);
    fixed_ = new QCheckBox(tr("Fixed"));
    fixed_->setChecked(initialFixed_);
    fixed_->setToolTip(tr("Checked: the start value is an initial condition the simulation must meet.\n"
                          "Unchecked: it is only a guess for the solver."));
    connect(start_, &QLineEdit::textChanged, this, &StartValueField::edited);
    connect(fixed_, &QCheckBox::toggled, this, &StartValueField::edited);
}

void StartValueField::addToGrid(QGridLayout* grid, int row)
{
    auto* label = new QLabel(name_ + QStringLiteral(".start"));
    label->setBuddy(start_);
    auto* unit = new QLabel(QString::fromStdString(def_.unit));
    auto* description = new QLabel(QString::fromStdString(def_.description));
    description->setWordWrap(true);
    description->setMinimumWidth(220);
    start_->setToolTip(QString::fromStdString(def_.description));
    grid->addWidget(label, row, 0);
    grid->addWidget(start_, row, 1);
    grid->addWidget(unit, row, 2);
    grid->addWidget(fixed_, row, 3);
    grid->addWidget(description, row, 4);
}

QString StartValueField::startText() const { return start_->text().trimmed(); }

void StartValueField::setStartText(const QString& text) { start_->setText(text); }

bool StartValueField::fixed() const { return fixed_->isChecked(); }

void StartValueField::setFixed(bool on) { fixed_->setChecked(on); }

bool StartValueField::isChanged() const { return startText() != initialStart_ || fixed() != initialFixed_; }

ParsedValue StartValueField::parsed() const { return parseStartText(name_, startText(), names_, def_.unit); }

void StartValueField::showValidity(const QString& reason)
{
    start_->setStyleSheet(reason.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c62828;"));
    if (!reason.isEmpty())
        start_->setToolTip(reason);
}

std::optional<diagram::VariableSettings> StartValueField::settings() const
{
    diagram::VariableSettings s = current_.value_or(diagram::VariableSettings{});
    if (startText() != initialStart_)
        s.start = parsed().value;
    if (fixed() != initialFixed_) {
        // Back at the definition's own choice: no override needed.
        if (fixed() == defaultFixed_ && !(current_ && current_->fixed))
            s.fixed.reset();
        else
            s.fixed = diagram::Json(fixed());
    }
    if (!s.start && !s.fixed && !s.stateSelect && !s.nominal)
        return std::nullopt;
    return s;
}

} // namespace flange::ui
