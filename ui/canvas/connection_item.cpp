#include "ui/canvas/connection_item.hpp"

#include <QObject>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

namespace flange::ui {

ConnectionItem::ConnectionItem()
{
    setFlag(ItemIsSelectable);
    setZValue(0.5);
    // Only sets the bounding margin for the selection halo; paint() draws the line itself.
    setPen(QPen(Qt::transparent, 8));
}

void ConnectionItem::setEndpoints(const QString& from, const QString& to)
{
    from_ = from;
    to_ = to;
    updateToolTip();
}

void ConnectionItem::setFault(const QString& fault)
{
    if (fault == fault_)
        return;
    fault_ = fault;
    updateToolTip();
    update();
}

void ConnectionItem::updateToolTip()
{
    const QString ends = from_ + QStringLiteral(" — ") + to_;
    setToolTip(fault_.isEmpty() ? ends
                                : QObject::tr("%1\nBroken: %2\nDelete it, or drag its loose end to a port.").arg(ends, fault_));
}

void ConnectionItem::setDomain(library::ConnectorType t)
{
    switch (library::domainOf(t)) {
    case library::Domain::Rotational: color_ = QColor(40, 40, 40); break;
    case library::Domain::Translational: color_ = QColor(0, 127, 0); break;
    case library::Domain::Thermal: color_ = QColor(191, 0, 0); break;
    case library::Domain::Signal:
        color_ = (t == library::ConnectorType::RealInput || t == library::ConnectorType::RealOutput) ? QColor(0, 0, 127)
                                                                                                  : QColor(255, 0, 255);
        break;
    }
    update();
}

void ConnectionItem::setRoute(const QPolygonF& route)
{
    route_ = route;
    QPainterPath path;
    path.addPolygon(route);
    setPath(path);
}

QPainterPath ConnectionItem::shape() const
{
    // A band around the line, so it can be clicked without pixel precision.
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    return stroker.createStroke(path());
}

void ConnectionItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    if (selected) {
        painter->setPen(QPen(QColor(30, 110, 230, 90), 7, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(path());
    }
    if (isBroken())
        painter->setPen(QPen(QColor(220, 0, 0), 2, Qt::DashLine, Qt::FlatCap, Qt::MiterJoin));
    else
        painter->setPen(QPen(color_, 1.6, Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path());
}

} // namespace flange::ui
