#include "ui/canvas/component_body.hpp"

#include "ui/canvas/icon_cache.hpp"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace flange::ui {

ComponentBody::ComponentBody(IconCache& icons, QString iconPath, QString typeName, QSizeF size, QGraphicsItem* parent)
    : QGraphicsItem(parent), icons_(icons), iconPath_(std::move(iconPath)), typeName_(std::move(typeName)), size_(size)
{
}

void ComponentBody::setSize(QSizeF size)
{
    prepareGeometryChange();
    size_ = size;
}

QRectF ComponentBody::boundingRect() const
{
    return QRectF(-size_.width() / 2, -size_.height() / 2, size_.width(), size_.height());
}

void ComponentBody::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    // An icon a few pixels wide shows nothing of its drawing: a grey square stands for it,
    // without rendering its SVG (20,000 of them made a zoomed-out chain slow to draw).
    const double onScreen = boundingRect().width() * QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    if (onScreen < 6) {
        painter->fillRect(boundingRect().adjusted(size_.width() * 0.15, size_.height() * 0.15, -size_.width() * 0.15,
                                                  -size_.height() * 0.15),
                          QColor(120, 120, 120));
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    if (!subsystemBox_ || !iconPath_.isEmpty()) {
        icons_.paint(painter, boundingRect(), iconPath_, typeName_);
        return;
    }
    const QRectF r = boundingRect();
    const QRectF box = r.adjusted(r.width() * 0.05, r.height() * 0.05, -r.width() * 0.05, -r.height() * 0.05);
    painter->setPen(QPen(QColor(40, 60, 110), std::max(1.0, r.width() / 45.0)));
    painter->setBrush(QColor(232, 239, 252));
    painter->drawRect(box);
    // A second, inner frame: a diagram inside, as Modelica tools mark a model block.
    const double inset = r.width() * 0.05;
    painter->setPen(QPen(QColor(40, 60, 110), std::max(0.5, r.width() / 120.0)));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(box.adjusted(inset, inset, -inset, -inset));
    QFont font = painter->font();
    font.setPixelSize(std::max(6, static_cast<int>(box.height() / 6)));
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(QColor(30, 40, 80));
    painter->drawText(box.adjusted(inset * 2, 0, -inset * 2, 0), Qt::AlignCenter | Qt::TextWordWrap,
                      QFontMetricsF(font).elidedText(typeName_, Qt::ElideRight, box.width() * 0.85));
}

} // namespace flange::ui
