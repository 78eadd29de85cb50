#pragma once
// A connection line on the canvas, coloured by domain. It holds no route of its own
// beyond what the scene last computed from the ports and the document's points. A line
// the diagram cannot simulate (an end that does not exist, ends that do not fit) is
// drawn red and dashed, its reason in the tooltip, so the user can delete or reconnect it.
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
    // Why the line is broken, or empty for a sound one.
    void setFault(const QString& fault);
    QString fault() const { return fault_; }
    bool isBroken() const { return !fault_.isEmpty(); }
    void setRoute(const QPolygonF& route);
    QPolygonF route() const { return route_; }

    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void updateToolTip();

    QString from_, to_, fault_;
    QPolygonF route_;
    QColor color_ = QColor(40, 40, 40);
};

} // namespace flange::ui
