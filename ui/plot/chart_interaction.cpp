#include "ui/plot/chart_interaction.hpp"

#include "ui/mime_types.hpp"

#include <QAbstractScrollArea>
#include <QContextMenuEvent>
#include <QDropEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

namespace flange::ui::plot {

namespace {
// Below this height a drag band is taken as a time-only zoom: a hand dragging sideways
// wobbles a little, and a box that thin would zoom the y axis absurdly far.
constexpr double kTimeOnlyHeight = 24;
constexpr double kMinDrag = 4;
} // namespace

QStringList droppedVariableNames(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(kVariableMimeType))
        return {};
    const QString text = QString::fromUtf8(mime->data(kVariableMimeType));
    QStringList names;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (const QString n = line.trimmed(); !n.isEmpty())
            names.append(n);
    return names;
}

ChartInteraction::ChartInteraction(QAbstractScrollArea* view, std::function<QRectF()> plotRect)
    : QObject(view), view_(view), viewport_(view->viewport()), plotRect_(std::move(plotRect))
{
    view->setMouseTracking(true);
    view->viewport()->setMouseTracking(true);
    view->setAcceptDrops(true);
    view->viewport()->setAcceptDrops(true);
    view->setFocusPolicy(Qt::ClickFocus);
    view->installEventFilter(this);
    view->viewport()->installEventFilter(this);
}

QRectF ChartInteraction::band(QPointF to) const
{
    const QRectF area = plotRect_();
    QRectF r = QRectF(pressAt_, to).normalized().intersected(area);
    if (r.height() < kTimeOnlyHeight)
        r = QRectF(r.left(), area.top(), r.width(), area.height());
    return r;
}

bool ChartInteraction::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::KeyPress:
        if (static_cast<QKeyEvent*>(event)->key() == Qt::Key_Home) {
            emit resetRequested();
            return true;
        }
        return false;
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        // Decided here, not by the chart's scene, which would take any drag.
        auto* e = static_cast<QDragMoveEvent*>(event);
        if (droppedVariableNames(e->mimeData()).isEmpty())
            e->ignore();
        else
            e->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto* e = static_cast<QDropEvent*>(event);
        const QStringList names = droppedVariableNames(e->mimeData());
        if (names.isEmpty()) {
            e->ignore();
            return true;
        }
        e->acceptProposedAction();
        emit dropped(names);
        return true;
    }
    case QEvent::ContextMenu:
        emit contextMenuRequested(static_cast<QContextMenuEvent*>(event)->globalPos());
        return true;
    case QEvent::Leave:
        emit hoverLeft();
        return false;
    default:
        break;
    }
    return watched == viewport_ && mouse(event);
}

bool ChartInteraction::mouse(QEvent* event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        view_->setFocus(Qt::MouseFocusReason);
        pressAt_ = lastAt_ = e->position();
        if (e->button() == Qt::MiddleButton || (e->button() == Qt::LeftButton && e->modifiers() & Qt::ShiftModifier))
            drag_ = Drag::Pan;
        else if (e->button() == Qt::LeftButton && plotRect_().contains(e->position()))
            drag_ = Drag::Band;
        return e->button() != Qt::RightButton;
    }
    case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        const QPointF p = e->position();
        if (drag_ == Drag::Band)
            emit bandChanged(band(p));
        else if (drag_ == Drag::Pan)
            emit panned(p.x() - lastAt_.x(), p.y() - lastAt_.y());
        lastAt_ = p;
        if (plotRect_().contains(p))
            emit hovered(p.x());
        else
            emit hoverLeft();
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (drag_ == Drag::Band) {
            const QRectF r = band(e->position());
            emit bandChanged(QRectF());
            if (r.width() >= kMinDrag)
                emit boxZoomed(r, r.height() >= plotRect_().height() - 0.5);
        }
        drag_ = Drag::None;
        return e->button() != Qt::RightButton;
    }
    case QEvent::MouseButtonDblClick:
        if (static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
            drag_ = Drag::None;
            emit bandChanged(QRectF());
            emit resetRequested();
            return true;
        }
        return false;
    case QEvent::Wheel: {
        auto* e = static_cast<QWheelEvent*>(event);
        const int delta = e->angleDelta().y();
        if (delta == 0)
            return false;
        emit wheelZoomed(e->position().x(), std::pow(1.2, -delta / 120.0));
        return true;
    }
    default:
        return false;
    }
}

} // namespace flange::ui::plot
