#include "ui/canvas/component_body.hpp"

#include "ui/canvas/icon_cache.hpp"

#include <QPainter>

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
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    icons_.paint(painter, boundingRect(), iconPath_, typeName_);
}

} // namespace flange::ui
