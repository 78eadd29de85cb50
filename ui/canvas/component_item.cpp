#include "ui/canvas/component_item.hpp"

#include "ui/canvas/component_body.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/document/parameter_values.hpp"
#include "ui/document/port_geometry.hpp"

#include <QFont>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace flange::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// A name or parameter label, not drawn while it would be under 3 pixels high: unreadable,
// and laying out and shaping thousands of such texts made drawing a 20,000-component
// diagram at its fitted zoom take a quarter of a second.
// Zoomed out (a diagram fitted beside the plots), a text is drawn larger than the zoom
// gives, up to kMostGrowth times, so that the parameter label (kLabelPixels) reaches
// kReadablePixels on screen: at the fitted zoom of the gallery's diagrams they were 5 to 7
// pixels high. The name and the label of a component grow by the same factor about one
// origin at the component's edge (ComponentItem::layoutTexts), so they move apart as they
// grow instead of into each other or the icon.
constexpr int kNamePixels = 13, kLabelPixels = 11;
constexpr double kReadablePixels = 10, kMostGrowth = 2;

class LabelText : public QGraphicsSimpleTextItem {
public:
    using QGraphicsSimpleTextItem::QGraphicsSimpleTextItem;
    // In the parent's coordinates.
    void setGrowthOrigin(QPointF origin)
    {
        prepareGeometryChange();
        origin_ = origin;
    }
    QRectF boundingRect() const override { return ownRect().united(grown(ownRect(), kMostGrowth)); }
    // At the text's own size: what the layout and the diagram's extent go by.
    QRectF ownRect() const { return QGraphicsSimpleTextItem::boundingRect(); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override
    {
        const double scale = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
        if (font().pixelSize() * scale < 3)
            return;
        const double growth = std::clamp(kReadablePixels / (kLabelPixels * scale), 1.0, kMostGrowth);
        painter->save();
        const QPointF o = mapFromParent(origin_);
        painter->translate(o);
        painter->scale(growth, growth);
        painter->translate(-o);
        QGraphicsSimpleTextItem::paint(painter, option, widget);
        painter->restore();
    }

private:
    QRectF grown(const QRectF& r, double factor) const
    {
        const QPointF o = mapFromParent(origin_);
        return QRectF(o + (r.topLeft() - o) * factor, o + (r.bottomRight() - o) * factor);
    }
    QPointF origin_;
};

LabelText* makeText(QGraphicsItem* parent, int pixelSize, QColor color)
{
    auto* t = new LabelText(parent);
    QFont f = t->font();
    f.setPixelSize(pixelSize);
    t->setFont(f);
    t->setBrush(color);
    // Text does not take clicks: they go to the component (or the canvas) beneath.
    t->setAcceptedMouseButtons(Qt::NoButton);
    return t;
}

} // namespace

ComponentItem::ComponentItem(const diagram::Component& c, const library::ComponentDefinition* definition,
                             IconCache& icons)
    : name_(qs(c.name)), type_(qs(c.type)), definition_(definition)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setZValue(1);
    size_ = QSizeF(c.placement.width * kUnit, c.placement.height * kUnit);
    const QString shortName = type_.section(QLatin1Char('.'), -1);
    body_ = new ComponentBody(icons, definition ? qs(definition->icon) : QString(), shortName, size_, this);
    body_->setAcceptedMouseButtons(Qt::NoButton);
    body_->setSubsystemBox(definition && definition->subsystem);
    nameText_ = makeText(this, kNamePixels, QColor(0, 0, 220));
    labelText_ = makeText(this, kLabelPixels, QColor(40, 40, 40));

    if (definition) {
        const double portSize = std::min(size_.width(), size_.height()) * 0.11;
        for (const library::ConnectorDef& con : definition->connectors) {
            auto* port = new PortItem(this, con, connectorOffset(con, size_), connectorOutward(con), portSize, body_);
            ports_.insert(port->connectorName(), port);
        }
        setToolTip(QStringLiteral("%1: %2\n%3").arg(name_, type_, qs(definition->description)));
    } else {
        setToolTip(QObject::tr("%1: %2 (not in the component library)").arg(name_, type_));
    }
    refresh(c);
}

void ComponentItem::refresh(const diagram::Component& c)
{
    name_ = qs(c.name);
    const diagram::Placement& p = c.placement;
    const QSizeF size(p.width * kUnit, p.height * kUnit);
    if (size != size_) {
        prepareGeometryChange();
        size_ = size;
        body_->setSize(size);
    }
    prepareGeometryChange();
    body_->setTransform(placementTransform(p));
    anchor_ = toScene(p.x, p.y);
    setPos(anchor_);

    nameText_->setText(name_);
    labelText_->setText(definition_ ? labelText(*definition_, c) : type_.section(QLatin1Char('.'), -1));
    // Red while a parameter still needs a value: the simulator refuses the component until then.
    labelText_->setBrush(definition_ && !missingValues(*definition_, c).isEmpty() ? QColor(198, 40, 40) : QColor(40, 40, 40));
    if (definition_)
        for (const library::ConnectorDef& con : definition_->connectors)
            if (PortItem* port = ports_.value(qs(con.name)))
                port->setVisible(connectorEnabled(*definition_, c, con));
    if (definition_)
        setToolTip(QStringLiteral("%1: %2\n%3").arg(name_, type_, qs(definition_->description)));
    layoutTexts();
    update();
}

QString ComponentItem::shownLabel() const { return labelText_->text(); }

QColor ComponentItem::labelColor() const { return labelText_->brush().color(); }

void ComponentItem::layoutTexts()
{
    const QRectF box = body_->mapRectToParent(body_->boundingRect());
    // A line arriving at the middle of the top (Fixed, a clutch's normal force) or bottom
    // edge would run through text placed there: move the texts to the free side, as the
    // MSL icons themselves do.
    bool top = false, bottom = false;
    for (PortItem* port : std::as_const(ports_)) {
        if (!port->isVisible())
            continue;
        const QPointF at = body_->mapToParent(port->pos());
        if (std::abs(at.x() - box.center().x()) > box.width() * 0.25)
            continue;
        if (at.y() <= box.center().y() + 1e-6)
            top = true;
        else
            bottom = true;
    }
    const QRectF nameRect = static_cast<const LabelText*>(nameText_)->ownRect();
    const QRectF labelRect = static_cast<const LabelText*>(labelText_)->ownRect();
    const double cx = box.center().x();
    // Each text grows (LabelText) about the point of the icon's edge it is stacked on.
    auto* name = static_cast<LabelText*>(nameText_);
    auto* label = static_cast<LabelText*>(labelText_);
    if (top && bottom) {
        nameText_->setPos(box.right() + 4, box.center().y() - nameRect.height());
        labelText_->setPos(box.right() + 4, box.center().y());
        name->setGrowthOrigin({box.right() + 4, box.center().y()});
        label->setGrowthOrigin({box.right() + 4, box.center().y()});
    } else if (top) {
        nameText_->setPos(cx - nameRect.width() / 2, box.bottom() + 1);
        labelText_->setPos(cx - labelRect.width() / 2, box.bottom() + 1 + nameRect.height());
        name->setGrowthOrigin({cx, box.bottom() + 1});
        label->setGrowthOrigin({cx, box.bottom() + 1});
    } else if (bottom) {
        labelText_->setPos(cx - labelRect.width() / 2, box.top() - labelRect.height() - 1);
        nameText_->setPos(cx - nameRect.width() / 2, box.top() - labelRect.height() - nameRect.height() - 1);
        name->setGrowthOrigin({cx, box.top() - 1});
        label->setGrowthOrigin({cx, box.top() - 1});
    } else {
        nameText_->setPos(cx - nameRect.width() / 2, box.top() - nameRect.height() - 1);
        labelText_->setPos(cx - labelRect.width() / 2, box.bottom() + 1);
        name->setGrowthOrigin({cx, box.top() - 1});
        label->setGrowthOrigin({cx, box.bottom() + 1});
    }
}

QRectF ComponentItem::boundingRect() const
{
    return body_->mapRectToParent(body_->boundingRect()).adjusted(-3, -3, 3, 3);
}

QRectF ComponentItem::contentRect() const
{
    // The texts at their own size: drawn larger when zoomed out, they would make the
    // fitted zoom depend on itself.
    QRectF r = boundingRect();
    for (const QGraphicsItem* child : childItems()) {
        if (const auto* text = dynamic_cast<const LabelText*>(child))
            r |= text->mapRectToParent(text->ownRect());
        else
            r |= child->mapRectToParent(child->boundingRect() | child->childrenBoundingRect());
    }
    return r;
}

QPainterPath ComponentItem::shape() const
{
    QPainterPath path;
    path.addRect(body_->mapRectToParent(body_->boundingRect()));
    return path;
}

void ComponentItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    if (!(option->state & QStyle::State_Selected))
        return;
    QPen pen(QColor(30, 110, 230), 0, Qt::DashLine); // cosmetic: one pixel at every zoom
    painter->setPen(pen);
    painter->setBrush(QColor(30, 110, 230, 25));
    painter->drawRect(boundingRect().adjusted(1, 1, -1, -1));
}

QVariant ComponentItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    auto* diagramScene = qobject_cast<DiagramScene*>(scene());
    if (change == ItemPositionChange && diagramScene && diagramScene->snapToGrid()) {
        // Snap the distance moved, not the position: a component placed off the grid keeps
        // its offset instead of jumping.
        const QPointF moved = value.toPointF() - anchor_;
        return anchor_ + snapped(moved, kGrid * kUnit);
    }
    if (change == ItemPositionHasChanged && diagramScene)
        diagramScene->componentItemMoved(this);
    return QGraphicsItem::itemChange(change, value);
}

} // namespace flange::ui
