#pragma once
// The icon of a component. Rotation and mirroring are this item's transform, so the
// ports (its children) turn with it while the name and label above and below it stay
// upright.
#include "ui/canvas/scene_units.hpp"

#include <QGraphicsItem>

namespace flange::ui {

class IconCache;

class ComponentBody : public QGraphicsItem {
public:
    ComponentBody(IconCache& icons, QString iconPath, QString typeName, QSizeF size, QGraphicsItem* parent);

    enum { Type = ComponentBodyType };
    int type() const override { return Type; }

    void setSize(QSizeF size);
    // A subsystem without an icon of its own: a framed box with its type name, filling
    // the icon so its connectors sit on the frame.
    void setSubsystemBox(bool on) { subsystemBox_ = on; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    IconCache& icons_;
    QString iconPath_, typeName_;
    QSizeF size_;
    bool subsystemBox_ = false;
};

} // namespace flange::ui
