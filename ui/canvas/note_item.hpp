#pragma once
// A text note on the canvas (diagram_notes.hpp): plain text on a pale card, moved by
// dragging like a component, edited by a double-click. Its place in the document is its
// top-left corner; the scene commits a drag when the mouse is released.
#include "ui/canvas/scene_units.hpp"

#include <QGraphicsSimpleTextItem>

namespace flange::ui {

class NoteItem : public QGraphicsSimpleTextItem {
public:
    NoteItem(int index, const QString& text, QPointF documentTopLeft);

    enum { Type = NoteItemType };
    int type() const override { return Type; }

    int index() const { return index_; }
    // Where the document has it, in scene pixels: pos() differs while it is dragged.
    QPointF documentPos() const { return documentPos_; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    int index_;
    QPointF documentPos_;
};

} // namespace flange::ui
