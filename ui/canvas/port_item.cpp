#include "ui/canvas/port_item.hpp"

#include "ui/canvas/component_item.hpp"

#include <QCursor>
#include <QPainter>

namespace flange::ui {

namespace {

using library::ConnectorType;

QColor domainColor(ConnectorType t)
{
    switch (t) {
    case ConnectorType::RotationalFlangeA:
    case ConnectorType::RotationalFlangeB:
    case ConnectorType::RotationalSupport: return QColor(95, 95, 95);
    case ConnectorType::TranslationalFlangeA:
    case ConnectorType::TranslationalFlangeB:
    case ConnectorType::TranslationalSupport: return QColor(0, 127, 0);
    case ConnectorType::HeatPortA:
    case ConnectorType::HeatPortB: return QColor(191, 0, 0);
    case ConnectorType::RealInput:
    case ConnectorType::RealOutput: return QColor(0, 0, 127);
    default: return QColor(255, 0, 255);
    }
}

} // namespace

PortItem::PortItem(ComponentItem* owner, const library::ConnectorDef& connector, QPointF position, QPointF outward,
                   double size, QGraphicsItem* parent)
    : QGraphicsItem(parent), owner_(owner), connector_(QString::fromStdString(connector.name)), type_(connector.type),
      outward_(outward), size_(size)
{
    setPos(position);
    setAcceptHoverEvents(true);
    setCursor(Qt::CrossCursor);
    setZValue(2);
    setToolTip(QString::fromStdString(connector.name) + QStringLiteral(" (") +
               QString::fromStdString(library::toString(connector.type)) + QStringLiteral(")") +
               (connector.description.empty() ? QString() : QStringLiteral("\n") + QString::fromStdString(connector.description)));
}

QString PortItem::endpoint() const
{
    // An outer connector's block has one unnamed port: the connection names the block.
    return connector_.isEmpty() ? owner_->name() : owner_->name() + QLatin1Char('.') + connector_;
}

QPointF PortItem::sceneOutward() const
{
    const QPointF p = mapToScene(outward_) - mapToScene(QPointF(0, 0));
    if (p.isNull())
        return {};
    return std::abs(p.x()) >= std::abs(p.y()) ? QPointF(p.x() > 0 ? 1 : -1, 0) : QPointF(0, p.y() > 0 ? 1 : -1);
}

void PortItem::setHighlight(int state)
{
    if (highlight_ != state) {
        highlight_ = state;
        update();
    }
}

QRectF PortItem::boundingRect() const
{
    // Larger than the drawing, so a port is easy to hit at small zoom.
    const double r = size_ * 0.9;
    return QRectF(-r, -r, 2 * r, 2 * r);
}

QPainterPath PortItem::shape() const
{
    QPainterPath p;
    p.addRect(boundingRect());
    return p;
}

void PortItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor color = domainColor(type_);
    const double h = size_ / 2;
    const QRectF square(-h, -h, size_, size_);
    QPen pen(color, std::max(1.0, size_ / 8));
    pen.setJoinStyle(Qt::MiterJoin);
    painter->setPen(pen);
    switch (type_) {
    case ConnectorType::RotationalFlangeA:
    case ConnectorType::TranslationalFlangeA:
    case ConnectorType::HeatPortA:
        painter->setBrush(color);
        painter->drawRect(square);
        break;
    case ConnectorType::RotationalFlangeB:
    case ConnectorType::TranslationalFlangeB:
    case ConnectorType::HeatPortB:
        painter->setBrush(Qt::white);
        painter->drawRect(square);
        break;
    case ConnectorType::RotationalSupport:
    case ConnectorType::TranslationalSupport:
        // A framed square: white frame around a filled core.
        painter->setBrush(Qt::white);
        painter->drawRect(square);
        painter->setBrush(color);
        painter->drawRect(square.adjusted(size_ * 0.25, size_ * 0.25, -size_ * 0.25, -size_ * 0.25));
        break;
    default: {
        // Inputs point into the block, outputs out of it.
        const QPointF dir = library::isInput(type_) ? -outward_ : outward_;
        const QPointF side(-dir.y(), dir.x());
        QPolygonF tri;
        tri << dir * h << (-dir + side) * h << (-dir - side) * h;
        painter->setBrush(library::isInput(type_) ? QBrush(color) : QBrush(Qt::white));
        painter->drawPolygon(tri);
        break;
    }
    }
    if (hovered_ || highlight_ != 0) {
        const QColor ring = highlight_ < 0 ? QColor(200, 30, 30) : QColor(30, 160, 60);
        painter->setPen(QPen(ring, std::max(1.5, size_ / 6)));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), size_ * 0.85, size_ * 0.85);
    }
}

void PortItem::hoverEnterEvent(QGraphicsSceneHoverEvent*)
{
    hovered_ = true;
    update();
}

void PortItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*)
{
    hovered_ = false;
    update();
}

} // namespace flange::ui
