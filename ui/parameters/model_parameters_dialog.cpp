#include "ui/parameters/model_parameters_dialog.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/expressions.hpp"
#include "ui/document/parameter_values.hpp"
#include "ui/parameters/value_parsing.hpp"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace flange::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace

ModelParametersDialog::ModelParametersDialog(const diagram::Diagram& diagram, QWidget* parent)
    : QDialog(parent), diagram_(diagram)
{
    setWindowTitle(tr("Model Parameters — %1").arg(diagram.name.empty() ? tr("Untitled") : qs(diagram.name)));
    auto* intro = new QLabel(tr("Parameters of the model itself. Component values and start values may use them "
                                "by name (startTime = T2)."));
    intro->setWordWrap(true);
    table_ = new QTableWidget(0, 5);
    table_->setHorizontalHeaderLabels({tr("Name"), tr("Value"), tr("Unit"), tr("Description"), tr("Required")});
    table_->horizontalHeader()->setSectionResizeMode(Description, QHeaderView::Stretch);
    table_->horizontalHeaderItem(Required)->setToolTip(
        tr("Every instance of this subsystem must give its own value; the value here is what a new one starts from"));
    table_->setColumnHidden(Required, diagram.connectors.empty());
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setColumnWidth(Name, 110);
    table_->setColumnWidth(Value, 130);
    table_->setColumnWidth(Unit, 70);

    auto* add = new QPushButton(tr("Add"));
    auto* remove = new QPushButton(tr("Delete"));
    add->setObjectName(QStringLiteral("add"));
    remove->setObjectName(QStringLiteral("delete"));
    connect(add, &QPushButton::clicked, this, [this] {
        // The new row's name becomes the current cell: Tab moves on from the current cell, so
        // typing name, Tab, value goes along the new row and not after the last cell touched.
        const int row = addParameter();
        table_->setCurrentCell(row, Name);
        table_->editItem(table_->item(row, Name));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (table_->currentRow() >= 0)
            removeParameter(table_->currentRow());
    });
    auto* rowButtons = new QHBoxLayout;
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch(1);

    problemLabel_ = new QLabel;
    problemLabel_->setStyleSheet(QStringLiteral("color: #c62828;"));
    problemLabel_->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(table_, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(problemLabel_);
    layout->addWidget(buttons);
    connect(table_, &QTableWidget::cellChanged, this, &ModelParametersDialog::cellEdited);
    fill();
    resize(640, 360);
}

void ModelParametersDialog::fill()
{
    filling_ = true;
    const auto list = diagram::declarations(diagram_);
    table_->setRowCount(static_cast<int>(list.size()));
    for (size_t i = 0; i < list.size(); ++i)
        setRow(static_cast<int>(i), list[i].name);
    filling_ = false;
    validate();
}

void ModelParametersDialog::setRow(int row, const std::string& name)
{
    const bool wasFilling = filling_;
    filling_ = true;
    const auto list = diagram::declarations(diagram_);
    auto it = std::find_if(list.begin(), list.end(), [&](const auto& p) { return p.name == name; });
    if (it != list.end()) {
        // Existing items are updated in place: replacing them under an open editor would lose
        // the current cell, and Tab after a rename would reopen the name instead of moving on.
        const QString texts[] = {qs(it->name), formatValue(it->value, it->unit), qs(it->unit), qs(it->description)};
        for (int column : {Name, Value, Unit, Description}) {
            QTableWidgetItem* item = table_->item(row, column);
            if (!item)
                table_->setItem(row, column, item = new QTableWidgetItem);
            item->setText(texts[column]);
        }
        QTableWidgetItem* required = table_->item(row, Required);
        if (!required) {
            table_->setItem(row, Required, required = new QTableWidgetItem);
            required->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        }
        required->setCheckState(it->required ? Qt::Checked : Qt::Unchecked);
        // The name the row stands for, so a rename knows what it renames.
        table_->item(row, Name)->setData(Qt::UserRole, qs(it->name));
    }
    filling_ = wasFilling;
}

int ModelParametersDialog::addParameter()
{
    std::string name;
    for (int i = 1;; ++i) {
        name = std::to_string(i);
        name.insert(name.begin(), 'p'); // not "p" + ...: GCC 12's -Wrestrict false positive
        if (std::none_of(diagram_.parameters.begin(), diagram_.parameters.end(),
                         [&](const auto& kv) { return kv.first == name; }) &&
            !diagram_.component(name))
            break;
    }
    diagram_.parameters.emplace_back(name, diagram::Json(0));
    const int row = table_->rowCount();
    table_->setRowCount(row + 1);
    setRow(row, name);
    refusal_.clear();
    validate();
    return row;
}

bool ModelParametersDialog::removeParameter(int row)
{
    const std::string name = table_->item(row, Name)->data(Qt::UserRole).toString().toStdString();
    const std::vector<std::string> uses = diagram::usesOf(diagram_, name);
    if (!uses.empty()) {
        QStringList where;
        for (const std::string& u : uses)
            where << qs(u);
        refusal_ = tr("%1 cannot be deleted: it is used by %2").arg(qs(name), where.join(QStringLiteral(", ")));
        validate();
        return false;
    }
    auto& list = diagram_.parameters;
    list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& kv) { return kv.first == name; }), list.end());
    filling_ = true;
    table_->removeRow(row);
    filling_ = false;
    refusal_.clear();
    validate();
    return true;
}

void ModelParametersDialog::cellEdited(int row, int column)
{
    if (filling_)
        return;
    const std::string old = table_->item(row, Name)->data(Qt::UserRole).toString().toStdString();
    refusal_.clear();
    if (column == Name) {
        const std::string now = table_->item(row, Name)->text().trimmed().toStdString();
        if (now != old) {
            if (std::optional<std::string> why = diagram::renameParameter(diagram_, old, now)) {
                refusal_ = qs(*why);
                setRow(row, old);
            } else {
                // Other parameters' values may have used the old name: show them rewritten.
                const QString kept = refusal_;
                fill();
                refusal_ = kept;
            }
        }
    }
    validate();
}

void ModelParametersDialog::validate()
{
    // Values are read from the table into the working copy, each checked by the engine's
    // rules against the other parameters' names.
    problem_.clear();
    std::vector<diagram::ParameterDeclaration> list = diagram::declarations(diagram_);
    std::vector<std::string> names;
    for (const auto& p : list)
        names.push_back(p.name);
    for (int row = 0; row < table_->rowCount() && row < static_cast<int>(list.size()); ++row) {
        diagram::ParameterDeclaration& p = list[static_cast<size_t>(row)];
        p.unit = table_->item(row, Unit)->text().trimmed().toStdString();
        p.description = table_->item(row, Description)->text().trimmed().toStdString();
        p.required = table_->item(row, Required)->checkState() == Qt::Checked;
        std::string unitError;
        if (!units::parseUnit(p.unit, &unitError)) {
            problem_ = tr("%1: %2").arg(qs(p.name), qs(unitError));
            continue;
        }
        library::ParameterDef def;
        def.name = p.name;
        def.unit = p.unit;
        def.required = true;
        std::vector<std::string> others;
        std::copy_if(names.begin(), names.end(), std::back_inserter(others), [&](const auto& n) { return n != p.name; });
        const ParsedValue v = parseParameterText(def, table_->item(row, Value)->text(), others);
        QTableWidgetItem* valueItem = table_->item(row, Value);
        const bool wasFilling = filling_;
        filling_ = true;
        valueItem->setForeground(v.ok() ? palette().text() : QBrush(QColor(198, 40, 40)));
        valueItem->setToolTip(v.reason);
        filling_ = wasFilling;
        if (!v.ok()) {
            if (problem_.isEmpty())
                problem_ = v.reason;
            continue;
        }
        p.value = *v.value;
    }
    diagram::setDeclarations(diagram_, list);
    const QString shown = problem_.isEmpty() ? refusal_ : problem_;
    problemLabel_->setText(shown);
    problemLabel_->setVisible(!shown.isEmpty());
    ok_->setEnabled(problem_.isEmpty());
    if (problem_.isEmpty())
        problem_ = refusal_;
}

} // namespace flange::ui
