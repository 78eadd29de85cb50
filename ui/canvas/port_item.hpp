#pragma once
// A connector of a component on the canvas, drawn the MSL way: flange_a a filled square,
// flange_b an open one, support a framed one (grey rotational, green translational);
// signal inputs filled triangles, outputs open ones (blue Real, purple Boolean).
// It is a child of the component's body, so it turns and mirrors with the icon.
#include "engine/api/library.hpp"
#include "ui/canvas/scene_units.hpp"

#include <QGraphicsItem>

namespace flange::ui {

class ComponentItem;

class PortItem : public QGraphicsItem {
public:
    // `position` in body coordinates (scene pixels, y down); `outward` points away from
    // the icon's centre along the nearer axis, in body coordinates.
    PortItem(ComponentItem* owner, const library::ConnectorDef& connector, QPointF position, QPointF outward,
             double size, QGraphicsItem* parent);

    enum { Type = PortItemType };
    int type() const override { return Type; }

    QString connectorName() const { return connector_; }
    library::ConnectorType connectorType() const { return type_; }
    // "instance.connector", with the owner's current name.
    QString endpoint() const;
    ComponentItem* owner() const { return owner_; }
    // The outward direction in scene coordinates (after rotation and mirroring).
    QPointF sceneOutward() const;
    // Highlighted while a connection is dragged over it: green accepts, red refuses.
    void setHighlight(int state); // 0 none, 1 accept, -1 refuse

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    ComponentItem* owner_;
    QString connector_;
    library::ConnectorType type_;
    QPointF outward_;
    double size_;
    bool hovered_ = false;
    int highlight_ = 0;
};

} // namespace flange::ui
