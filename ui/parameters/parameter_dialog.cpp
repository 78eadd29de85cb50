#include "ui/parameters/parameter_dialog.hpp"

#include "engine/api/expressions.hpp"
#include "ui/document/parameter_values.hpp"
#include "ui/parameters/parameter_field.hpp"
#include "ui/parameters/start_value_field.hpp"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace flange::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

bool defaultFixedOf(const diagram::Diagram& model, const library::ComponentDefinition& def,
                    const diagram::Component& c, const library::VariableDef& v)
{
    if (!v.fixed)
        return false;
    return flatten::evaluateCondition(model, def, c, *v.fixed).value_or(false);
}

QGridLayout* gridOf(QWidget* page) { return page->findChild<QGridLayout*>(QStringLiteral("grid")); }

} // namespace

ParameterDialog::ParameterDialog(const library::ComponentDefinition& definition, const diagram::Component& component,
                                 QWidget* parent, const diagram::Diagram* model)
    : QDialog(parent), component_(component)
{
    static const diagram::Diagram none;
    const diagram::Diagram& diagram = model ? *model : none;
    std::vector<std::string> names;
    for (const auto& [name, value] : diagram.parameters)
        names.push_back(name);
    const QString shortType = qs(definition.name).section(QLatin1Char('.'), -1);
    setWindowTitle(tr("%1 — %2").arg(qs(component.name), shortType));

    auto* header = new QLabel(QStringLiteral("<b>%1</b> &nbsp;<span style='color:gray'>%2</span><br>%3")
                                  .arg(qs(component.name).toHtmlEscaped(), qs(definition.name).toHtmlEscaped(),
                                       qs(definition.description).toHtmlEscaped()));
    header->setWordWrap(true);

    tabs_ = new QTabWidget;
    tabPage(tr("General")); // always first, even when a definition lists Advanced first
    for (const library::ParameterDef& p : definition.parameters) {
        if (p.isFinal)
            continue;
        const diagram::Json* current = component.parameter(p.name);
        const QString defaultText = p.defaultValue ? formatExpression(*p.defaultValue) : QString();
        auto* field = new ParameterField(p, current, defaultText, this);
        field->setScope(names);
        QGridLayout* grid = gridOf(tabPage(p.tab.empty() ? tr("General") : qs(p.tab)));
        field->addToGrid(grid, grid->rowCount());
        fields_ << field;
        connect(field, &ParameterField::edited, this, &ParameterDialog::validate);
    }
    for (const library::VariableDef& v : definition.variables) {
        if (!v.initialization)
            continue;
        auto* field = new StartValueField(v, component.variable(v.name), defaultFixedOf(diagram, definition, component, v), this);
        field->setScope(names);
        QGridLayout* grid = gridOf(tabPage(tr("Initialization")));
        field->addToGrid(grid, grid->rowCount());
        startFields_ << field;
        connect(field, &StartValueField::edited, this, &ParameterDialog::validate);
    }
    if (fields_.isEmpty() && tabs_->count() == 1 && startFields_.isEmpty())
        gridOf(tabs_->widget(0))->addWidget(new QLabel(tr("This component has no parameters.")), 0, 0, 1, 4);
    // Push each grid's rows to the top of its page.
    for (int i = 0; i < tabs_->count(); ++i) {
        QGridLayout* grid = gridOf(tabs_->widget(i));
        grid->setRowStretch(grid->rowCount(), 1);
        grid->setColumnStretch(grid->columnCount() - 1, 1);
    }

    problemLabel_ = new QLabel;
    problemLabel_->setStyleSheet(QStringLiteral("color: #c62828;"));
    problemLabel_->setWordWrap(true);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header);
    layout->addWidget(tabs_, 1);
    layout->addWidget(problemLabel_);
    layout->addWidget(buttons_);
    validate();
    // As tall as the longest tab needs, within reason; wide enough for the descriptions.
    int rows = 1;
    for (int i = 0; i < tabs_->count(); ++i)
        rows = std::max(rows, gridOf(tabs_->widget(i))->rowCount());
    resize(720, std::clamp(170 + rows * 34, 260, 640));
}

QWidget* ParameterDialog::tabPage(const QString& title)
{
    for (int i = 0; i < tabs_->count(); ++i)
        if (tabs_->tabText(i) == title)
            return tabs_->widget(i);
    auto* content = new QWidget;
    auto* grid = new QGridLayout(content);
    grid->setObjectName(QStringLiteral("grid"));
    grid->setHorizontalSpacing(10);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Initialization stays last, whatever order tabs are met in.
    int at = tabs_->count();
    if (title != tr("Initialization"))
        for (int i = 0; i < tabs_->count(); ++i)
            if (tabs_->tabText(i) == tr("Initialization"))
                at = i;
    tabs_->insertTab(at, scroll, title);
    return content;
}

ParameterField* ParameterDialog::field(const QString& name) const
{
    auto it = std::find_if(fields_.begin(), fields_.end(), [&](ParameterField* f) { return f->name() == name; });
    return it == fields_.end() ? nullptr : *it;
}

StartValueField* ParameterDialog::startField(const QString& name) const
{
    auto it = std::find_if(startFields_.begin(), startFields_.end(),
                           [&](StartValueField* f) { return f->name() == name; });
    return it == startFields_.end() ? nullptr : *it;
}

QPushButton* ParameterDialog::okButton() const { return buttons_->button(QDialogButtonBox::Ok); }

void ParameterDialog::validate()
{
    problem_.clear();
    for (ParameterField* f : fields_) {
        const QString reason = f->parsed().reason;
        f->showValidity(reason);
        if (problem_.isEmpty())
            problem_ = reason;
    }
    for (StartValueField* f : startFields_) {
        const QString reason = f->parsed().reason;
        f->showValidity(reason);
        if (problem_.isEmpty())
            problem_ = reason;
    }
    problemLabel_->setText(problem_);
    problemLabel_->setVisible(!problem_.isEmpty());
    okButton()->setEnabled(problem_.isEmpty());
    if (liveApply_ && problem_.isEmpty())
        liveApply_(parameters(), variables());
}

std::vector<std::pair<std::string, diagram::Json>> ParameterDialog::parameters() const
{
    auto out = component_.parameters;
    for (ParameterField* f : fields_) {
        if (!f->isChanged())
            continue;
        const std::string name = f->name().toStdString();
        const ParsedValue v = f->parsed();
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& kv) { return kv.first == name; });
        if (!v.value) {
            if (it != out.end())
                out.erase(it);
        } else if (it != out.end()) {
            it->second = *v.value;
        } else {
            out.emplace_back(name, *v.value);
        }
    }
    return out;
}

std::vector<std::pair<std::string, diagram::VariableSettings>> ParameterDialog::variables() const
{
    auto out = component_.variables;
    for (StartValueField* f : startFields_) {
        if (!f->isChanged())
            continue;
        const std::string name = f->name().toStdString();
        const std::optional<diagram::VariableSettings> s = f->settings();
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& kv) { return kv.first == name; });
        if (!s) {
            if (it != out.end())
                out.erase(it);
        } else if (it != out.end()) {
            it->second = *s;
        } else {
            out.emplace_back(name, *s);
        }
    }
    return out;
}

} // namespace flange::ui
