#include "ui/analysis/linearize_dialog.hpp"

#include "ui/parameters/value_parsing.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

QString joined(const std::vector<std::string>& names)
{
    QStringList list;
    for (const std::string& n : names)
        list << QString::fromStdString(n);
    return list.join(QStringLiteral(", "));
}

std::vector<std::string> names(const QString& text)
{
    std::vector<std::string> out;
    for (const QString& n : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!n.trimmed().isEmpty())
            out.push_back(n.trimmed().toStdString());
    return out;
}

// An empty field is "automatic"; otherwise a number with a unit if the user likes
// ("100 ms", "2 kHz"), read as every value field reads it; `problem` gets the first refusal.
std::optional<double> number(const QLineEdit* field, const QString& what, const std::string& unit, QString& problem)
{
    const QString text = field->text().trimmed();
    if (text.isEmpty() || text == QStringLiteral("auto"))
        return std::nullopt;
    QString why;
    const std::optional<double> v = parseNumberIn(what, text, unit, &why);
    if (!v && problem.isEmpty())
        problem = why;
    return v;
}

} // namespace

LinearizeDialog::LinearizeDialog(const diagram::Diagram& diagram, const AnalysisRequest& last, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Linearize"));
    point_ = new QComboBox(this);
    point_->addItems({tr("Initial state"), tr("At a time of the run"), tr("Steady state (constant speeds)")});
    point_->setCurrentIndex(static_cast<int>(last.point));
    time_ = new QLineEdit(QString::number(last.time), this);
    AnalysisRequest guess = last;
    if (guess.inputs.empty() && guess.outputs.empty()) {
        std::vector<const diagram::Component*> bodies; // inertias and masses
        for (const diagram::Component& c : diagram.components)
            if (c.type == "Rotational.Components.Inertia" || c.type == "Translational.Components.Mass")
                bodies.push_back(&c);
        if (!bodies.empty()) {
            guess.inputs = {bodies.front()->name + ".flange_a"};
            const bool mass = bodies.back()->type == "Translational.Components.Mass";
            guess.outputs = {bodies.back()->name + (mass ? ".v" : ".w")};
            if (guess.orderShaft.empty() && bodies.front()->type == "Rotational.Components.Inertia")
                guess.orderShaft = bodies.front()->name;
        }
    }
    inputs_ = new QLineEdit(joined(guess.inputs), this);
    inputs_->setPlaceholderText(tr("a flange for a torque there, or a Real input: inertia1.flange_a, torque.tau"));
    outputs_ = new QLineEdit(joined(guess.outputs), this);
    outputs_->setPlaceholderText(tr("any variables: inertia3.w, spring.tau"));
    bodeFrom_ = new QLineEdit(last.bodeFrom ? QString::number(*last.bodeFrom) : QString(), this);
    bodeTo_ = new QLineEdit(last.bodeTo ? QString::number(*last.bodeTo) : QString(), this);
    bodeFrom_->setPlaceholderText(tr("auto: a decade below the lowest mode"));
    bodeTo_->setPlaceholderText(tr("auto: a decade above the highest"));
    bodePoints_ = new QSpinBox(this);
    bodePoints_->setRange(2, 100000);
    bodePoints_->setValue(last.bodePoints);
    QStringList orderTexts;
    for (double k : last.orders)
        orderTexts << QString::number(k);
    orders_ = new QLineEdit(orderTexts.join(QStringLiteral(", ")), this);
    orders_->setPlaceholderText(tr("orders of the shaft's speed: 1, 2, 4 (empty: no critical speeds)"));
    shaft_ = new QLineEdit(QString::fromStdString(guess.orderShaft), this);
    shaft_->setPlaceholderText(tr("the inertia whose speed the orders are of"));

    auto* form = new QFormLayout;
    form->addRow(tr("Operating point:"), point_);
    form->addRow(tr("Time [s]:"), time_);
    form->addRow(tr("Inputs:"), inputs_);
    form->addRow(tr("Outputs:"), outputs_);
    form->addRow(tr("Frequency from [Hz]:"), bodeFrom_);
    form->addRow(tr("Frequency to [Hz]:"), bodeTo_);
    form->addRow(tr("Frequency points:"), bodePoints_);
    form->addRow(tr("Excitation orders:"), orders_);
    form->addRow(tr("Order shaft:"), shaft_);
    problem_ = new QLabel(this);
    problem_->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    ok_->setText(tr("Analyse"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
    for (QLineEdit* f : {time_, inputs_, outputs_, bodeFrom_, bodeTo_, orders_, shaft_})
        connect(f, &QLineEdit::textChanged, this, &LinearizeDialog::check);
    connect(point_, &QComboBox::currentIndexChanged, this, &LinearizeDialog::check);
    check();
    resize(560, sizeHint().height());
}

AnalysisRequest LinearizeDialog::request() const
{
    AnalysisRequest r;
    QString ignored;
    r.point = static_cast<AnalysisRequest::Point>(point_->currentIndex());
    r.time = number(time_, tr("time"), "s", ignored).value_or(0);
    r.inputs = names(inputs_->text());
    r.outputs = names(outputs_->text());
    r.bodeFrom = number(bodeFrom_, tr("frequency from"), "Hz", ignored);
    r.bodeTo = number(bodeTo_, tr("frequency to"), "Hz", ignored);
    r.bodePoints = bodePoints_->value();
    for (const std::string& k : names(orders_->text()))
        r.orders.push_back(QString::fromStdString(k).toDouble());
    r.orderShaft = shaft_->text().trimmed().toStdString();
    return r;
}

QString LinearizeDialog::problem() const
{
    QString problem;
    if (point_->currentIndex() == static_cast<int>(AnalysisRequest::Point::AtTime) &&
        !number(time_, tr("time"), "s", problem) && problem.isEmpty())
        problem = tr("time: give the time of the run to linearize at");
    const auto from = number(bodeFrom_, tr("frequency from"), "Hz", problem);
    const auto to = number(bodeTo_, tr("frequency to"), "Hz", problem);
    if (problem.isEmpty() && from && to && !(*from > 0 && *to > *from))
        problem = tr("frequencies: give 0 < from < to");
    for (const std::string& k : names(orders_->text())) {
        bool ok = false;
        const double v = QString::fromStdString(k).toDouble(&ok);
        if (problem.isEmpty() && (!ok || !(v > 0)))
            problem = tr("orders: '%1' is not a positive number").arg(QString::fromStdString(k));
    }
    if (problem.isEmpty() && !orders_->text().trimmed().isEmpty() && shaft_->text().trimmed().isEmpty())
        problem = tr("order shaft: name the inertia whose speed the orders are of");
    return problem;
}

void LinearizeDialog::check()
{
    time_->setEnabled(point_->currentIndex() == static_cast<int>(AnalysisRequest::Point::AtTime));
    const QString p = problem();
    problem_->setText(p);
    ok_->setEnabled(p.isEmpty());
}

} // namespace flange::ui
