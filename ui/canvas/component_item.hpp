#pragma once
// A component instance on the canvas: icon (ComponentBody), ports, instance name above
// and parameter label below. It mirrors one diagram::Component and is refreshed from it;
// dragging it moves only the item until the scene commits the move on release.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "ui/canvas/scene_units.hpp"

#include <QGraphicsItem>
#include <QHash>

class QGraphicsSimpleTextItem;

namespace flange::ui {

class ComponentBody;
class IconCache;
class PortItem;

class ComponentItem : public QGraphicsItem {
public:
    // `definition` may be null (type missing from the library): the item is then a
    // placeholder without ports.
    ComponentItem(const diagram::Component& c, const library::ComponentDefinition* definition, IconCache& icons);

    enum { Type = ComponentItemType };
    int type() const override { return Type; }

    QString name() const { return name_; }
    QString typeName() const { return type_; }
    PortItem* port(const QString& connector) const { return ports_.value(connector); }
    QList<PortItem*> ports() const { return ports_.values(); }
    ComponentBody* body() const { return body_; }
    // The parameter text under the icon, as shown ("J=5").
    QString shownLabel() const;
    QColor labelColor() const;

    // Brings position, orientation, name, label and conditional ports up to date.
    void refresh(const diagram::Component& c);
    // The centre the document holds; the item may be away from it while being dragged.
    QPointF documentPos() const { return anchor_; }

    // Icon, ports and texts, the texts at their own size whatever the zoom draws them at:
    // the diagram's extent (DiagramScene::contentBounds).
    QRectF contentRect() const;
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    void layoutTexts();

    QString name_, type_;
    const library::ComponentDefinition* definition_;
    ComponentBody* body_ = nullptr;
    QGraphicsSimpleTextItem* nameText_ = nullptr;
    QGraphicsSimpleTextItem* labelText_ = nullptr;
    QHash<QString, PortItem*> ports_;
    QPointF anchor_;
    QSizeF size_;
};

} // namespace flange::ui
