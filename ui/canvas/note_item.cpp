#include "ui/canvas/note_item.hpp"

#include <QFont>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace flange::ui {

namespace {
constexpr double kPad = 4; // scene pixels of card around the text
}

NoteItem::NoteItem(int index, const QString& text, QPointF documentTopLeft)
    : QGraphicsSimpleTextItem(text), index_(index), documentPos_(toScene(documentTopLeft.x(), documentTopLeft.y()))
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.2); // readable beside the component labels
    setFont(f);
    setFlags(ItemIsSelectable | ItemIsMovable);
    setPos(documentPos_);
    setZValue(0.8); // above the lines, below the components' ports
    setToolTip(QObject::tr("Note: double-click to edit, Delete to remove"));
}

QRectF NoteItem::boundingRect() const
{
    return QGraphicsSimpleTextItem::boundingRect().adjusted(-kPad, -kPad, kPad, kPad);
}

QPainterPath NoteItem::shape() const
{
    QPainterPath p;
    p.addRect(boundingRect());
    return p;
}

void NoteItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const QRectF card = boundingRect();
    const bool selected = option->state & QStyle::State_Selected;
    painter->setPen(selected ? QPen(QColor(30, 110, 230), 1.5) : QPen(QColor(200, 190, 120), 1));
    painter->setBrush(QColor(255, 250, 205));
    painter->drawRect(card);
    QStyleOptionGraphicsItem plain(*option);
    plain.state &= ~QStyle::State_Selected; // the frame shows it; no dashed box over the text
    QGraphicsSimpleTextItem::paint(painter, &plain, widget);
}

} // namespace flange::ui
