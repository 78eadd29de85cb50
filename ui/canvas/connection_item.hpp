#pragma once
// A connection line on the canvas, coloured by domain. It holds no route of its own
// beyond what the scene last computed from the ports and the document's points.
#include "engine/api/library.hpp"
#include "ui/canvas/scene_units.hpp"

#include <QGraphicsPathItem>

namespace flange::ui {

class ConnectionItem : public QGraphicsPathItem {
public:
    ConnectionItem();

    enum { Type = ConnectionItemType };
    int type() const override { return Type; }

    void setEndpoints(const QString& from, const QString& to);
    QString from() const { return from_; }
    QString to() const { return to_; }
    void setDomain(library::ConnectorType t);
    void setRoute(const QPolygonF& route);
    QPolygonF route() const { return route_; }

    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QString from_, to_;
    QPolygonF route_;
    QColor color_ = QColor(40, 40, 40);
};

} // namespace flange::ui
