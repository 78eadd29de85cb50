#include "ui/parameters/outer_connector_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>
#include <tuple>

namespace flange::ui {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
} // namespace

OuterConnectorDialog::Side OuterConnectorDialog::sideOf(double x, double y)
{
    if (std::abs(x) >= std::abs(y))
        return x < 0 ? Left : Right;
    return y > 0 ? Top : Bottom;
}

std::pair<double, double> OuterConnectorDialog::positionOf(Side side, double along)
{
    switch (side) {
    case Left: return {-100, along};
    case Right: return {100, along};
    case Top: return {along, 100};
    case Bottom: return {along, -100};
    }
    return {-100, along};
}

OuterConnectorDialog::OuterConnectorDialog(const diagram::OuterConnector& connector, QWidget* parent)
    : QDialog(parent), connector_(connector)
{
    setWindowTitle(tr("Connector %1").arg(qs(connector.name)));
    name_ = new QLineEdit(qs(connector.name), this);
    name_->setObjectName(QStringLiteral("connectorName"));
    description_ = new QLineEdit(qs(connector.description), this);
    description_->setObjectName(QStringLiteral("connectorDescription"));
    side_ = new QComboBox(this);
    side_->setObjectName(QStringLiteral("connectorSide"));
    side_->addItems({tr("Left"), tr("Right"), tr("Top"), tr("Bottom")});
    const Side side = sideOf(connector.x, connector.y);
    side_->setCurrentIndex(side);
    along_ = new QSpinBox(this);
    along_->setObjectName(QStringLiteral("connectorAlong"));
    along_->setRange(-100, 100);
    along_->setSingleStep(10);
    along_->setValue(static_cast<int>(std::lround(side == Left || side == Right ? connector.y : connector.x)));
    along_->setToolTip(tr("Where along the side: -100 is the bottom (or left) corner, 0 the middle, 100 the top "
                          "(or right) corner"));

    auto* form = new QFormLayout;
    form->addRow(tr("Name:"), name_);
    form->addRow(tr("Type:"), new QLabel(qs(connector.type), this));
    form->addRow(tr("Description:"), description_);
    form->addRow(tr("Side of the icon:"), side_);
    form->addRow(tr("Place along the side:"), along_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

diagram::OuterConnector OuterConnectorDialog::result() const
{
    diagram::OuterConnector c = connector_;
    c.name = name_->text().trimmed().toStdString();
    c.description = description_->text().trimmed().toStdString();
    // Kept as it was when neither field was touched, so OK alone changes nothing.
    const Side side = static_cast<Side>(side_->currentIndex());
    const std::pair<double, double> now = positionOf(side, along_->value());
    const Side oldSide = sideOf(connector_.x, connector_.y);
    const double oldAlong = oldSide == Left || oldSide == Right ? connector_.y : connector_.x;
    if (side != oldSide || along_->value() != static_cast<int>(std::lround(oldAlong)))
        std::tie(c.x, c.y) = now;
    return c;
}

} // namespace flange::ui
