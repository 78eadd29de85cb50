#include "ui/parameters/parameter_field.hpp"

#include "ui/document/parameter_values.hpp"
#include "ui/parameters/wheel_step.hpp"

#include "engine/api/library.hpp"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QWheelEvent>

namespace flange::ui {

ParameterField::ParameterField(const library::ParameterDef& def, const diagram::Json* current,
                               const QString& defaultText, QObject* parent)
    : QObject(parent), def_(def), name_(QString::fromStdString(def.name)), defaultText_(defaultText)
{
    initialText_ = current ? formatValue(*current, def.unit) : QString();
    const library::EnumerationDef* enumeration =
        def.type == library::ValueType::Enumeration ? library::findEnumeration(def.enumeration) : nullptr;
    if (def.type == library::ValueType::Boolean || enumeration) {
        combo_ = new QComboBox;
        // Item data holds the text the entry stands for; the first entry is "use the default".
        combo_->addItem(defaultText.isEmpty() ? tr("(default)") : tr("%1 (default)").arg(defaultText), QString());
        if (enumeration) {
            // Entries are the literal names; parseParameterText stores them as Init.NoInit.
            for (const library::EnumerationLiteral& l : enumeration->literals) {
                const QString literal = QString::fromStdString(l.name);
                combo_->addItem(literal, literal);
                combo_->setItemData(combo_->count() - 1, QString::fromStdString(l.description), Qt::ToolTipRole);
            }
            if (auto literal = library::literalName(*enumeration, initialText_.toStdString()))
                initialText_ = QString::fromStdString(*literal);
        } else {
            for (const QString& c : {QStringLiteral("true"), QStringLiteral("false")})
                combo_->addItem(c, c);
        }
        setText(initialText_);
        connect(combo_, &QComboBox::currentIndexChanged, this, &ParameterField::edited);
    } else {
        line_ = new QLineEdit;
        line_->setText(initialText_);
        line_->setPlaceholderText(defaultText);
        line_->setClearButtonEnabled(true);
        connect(line_, &QLineEdit::textChanged, this, &ParameterField::edited);
        line_->installEventFilter(this);
    }
}

bool ParameterField::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != line_ || event->type() != QEvent::Wheel)
        return QObject::eventFilter(watched, event);
    auto* wheel = static_cast<QWheelEvent*>(event);
    // The wheel is always taken over a field, even one holding an expression or the
    // default: letting it scroll the page there would slide another field under the
    // pointer mid-spin and step that one instead.
    wheel->accept();
    if (!line_->isEnabled() || line_->isReadOnly())
        return true;
    wheelAngle_ += wheel->angleDelta().y();
    const int notches = wheelAngle_ / 120; // one notch of a standard mouse wheel
    if (notches == 0)
        return true;
    wheelAngle_ -= notches * 120;
    const bool fine = wheel->modifiers().testFlag(Qt::ControlModifier);
    if (const std::optional<QString> stepped = wheelStep(line_->text(), notches, fine))
        line_->setText(*stepped); // textChanged -> edited: validated and, if live, applied
    else
        wheelAngle_ = 0;
    return true;
}

void ParameterField::addToGrid(QGridLayout* grid, int row)
{
    auto* label = new QLabel(name_ + (def_.required ? QStringLiteral(" *") : QString()));
    QWidget* editor = line_ ? static_cast<QWidget*>(line_) : combo_;
    label->setBuddy(editor);
    auto* unit = new QLabel(QString::fromStdString(def_.unit));
    unit->setMinimumWidth(50);
    auto* description = new QLabel(QString::fromStdString(def_.description));
    description->setWordWrap(true);
    description->setMinimumWidth(220);
    QString tip = QString::fromStdString(def_.description);
    if (def_.min || def_.max) {
        const QString lo = def_.min ? QString::number(*def_.min) + (def_.minExclusive ? QStringLiteral(" < ") : QStringLiteral(" ≤ ")) : QString();
        const QString hi = def_.max ? QStringLiteral(" ≤ ") + QString::number(*def_.max) : QString();
        tip += QStringLiteral("\n") + lo + name_ + hi;
    }
    editor->setToolTip(tip);
    grid->addWidget(label, row, 0);
    grid->addWidget(editor, row, 1);
    grid->addWidget(unit, row, 2);
    grid->addWidget(description, row, 3);
}

QString ParameterField::text() const
{
    if (line_)
        return line_->text().trimmed();
    return combo_->currentIndex() >= 0 ? combo_->currentData().toString() : QString();
}

void ParameterField::setText(const QString& text)
{
    if (line_) {
        line_->setText(text);
        return;
    }
    int index = combo_->findData(text);
    if (index < 0) {
        // An expression the combo does not list (useSupport = someModelParameter): keep it.
        combo_->addItem(text, text);
        index = combo_->count() - 1;
    }
    combo_->setCurrentIndex(index);
}

ParsedValue ParameterField::parsed() const
{
    QString t = text();
    return parseParameterText(def_, t, names_);
}

void ParameterField::showValidity(const QString& reason)
{
    QWidget* editor = line_ ? static_cast<QWidget*>(line_) : combo_;
    editor->setStyleSheet(reason.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c62828;"));
    if (!reason.isEmpty())
        editor->setToolTip(reason);
}

} // namespace flange::ui
