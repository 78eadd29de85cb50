#pragma once
// The properties of one outer connector of a subsystem: its name, its description and
// where it sits on the subsystem's icon (a side and a place along it), as the instances
// of the subsystem draw it. The type is shown, not changed: a different kind of
// connector is a different connector.
#include "engine/api/diagram.hpp"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace flange::ui {

class OuterConnectorDialog : public QDialog {
    Q_OBJECT
public:
    enum Side { Left, Right, Top, Bottom };

    explicit OuterConnectorDialog(const diagram::OuterConnector& connector, QWidget* parent = nullptr);

    // The connector with the fields as edited.
    diagram::OuterConnector result() const;

    QLineEdit* nameField() const { return name_; }
    QComboBox* sideBox() const { return side_; }
    QSpinBox* alongBox() const { return along_; }

    // The side of the icon a position lies on, and how far along it (MSL coordinates,
    // -100..100: from bottom to top on the left and right, from left to right on top and
    // bottom), and back.
    static Side sideOf(double x, double y);
    static std::pair<double, double> positionOf(Side side, double along);

private:
    diagram::OuterConnector connector_;
    QLineEdit* name_;
    QLineEdit* description_;
    QComboBox* side_;
    QSpinBox* along_;
};

} // namespace flange::ui
