#include "ui/canvas/diagram_view.hpp"
#include "ui/canvas/diagram_scene.hpp"

#include "ui/canvas/scene_units.hpp"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace flange::ui {

namespace {
constexpr double kMinZoom = 0.05;
constexpr double kMaxZoom = 8.0;
constexpr double kMaxFitZoom = 1.25;
} // namespace

DiagramView::DiagramView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(SmartViewportUpdate);
    setAcceptDrops(true);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
}

double DiagramView::zoom() const { return transform().m11(); }

void DiagramView::scaleBy(double factor)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    factor = target / zoom();
    scale(factor, factor);
}

void DiagramView::zoomIn()
{
    autoFit_ = false;
    // Buttons and shortcuts zoom about the centre, the wheel about the cursor.
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(AnchorViewCenter);
    scaleBy(1.25);
    setTransformationAnchor(anchor);
}

void DiagramView::zoomOut()
{
    autoFit_ = false;
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(AnchorViewCenter);
    scaleBy(1 / 1.25);
    setTransformationAnchor(anchor);
}

void DiagramView::zoomToFit()
{
    autoFit_ = true;
    fit();
}

void DiagramView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (autoFit_)
        fit();
}

void DiagramView::fit()
{
    if (!scene())
        return;
    const auto* diagram = qobject_cast<const DiagramScene*>(scene());
    QRectF bounds = diagram ? diagram->contentBounds() : scene()->itemsBoundingRect();
    if (bounds.isEmpty())
        bounds = QRectF(-100 * kUnit, -60 * kUnit, 200 * kUnit, 120 * kUnit);
    bounds.adjust(-12 * kUnit, -12 * kUnit, 12 * kUnit, 12 * kUnit);
    fitInView(bounds, Qt::KeepAspectRatio);
    if (zoom() > kMaxFitZoom)
        setTransform(QTransform::fromScale(kMaxFitZoom, kMaxFitZoom));
    centerOn(bounds.center());
}

void DiagramView::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, palette().color(QPalette::Base));
    double step = kGrid * kUnit;
    // Thin the grid out when zoomed far out, so it never turns into a grey wash.
    while (step * zoom() < 10)
        step *= 5;
    const QColor base = palette().color(QPalette::Base);
    const QColor line = base.lightness() > 128 ? base.darker(108) : base.lighter(130);
    QPen pen(line, 0);
    painter->setPen(pen);
    const double left = std::floor(rect.left() / step) * step;
    const double top = std::floor(rect.top() / step) * step;
    QVector<QLineF> lines;
    for (double x = left; x < rect.right(); x += step)
        lines.append(QLineF(x, rect.top(), x, rect.bottom()));
    for (double y = top; y < rect.bottom(); y += step)
        lines.append(QLineF(rect.left(), y, rect.right(), y));
    painter->drawLines(lines);
}

void DiagramView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    // Keep the scene point under the cursor where it is. Done by hand: AnchorUnderMouse
    // follows the last mouse move, which a wheel event need not be preceded by.
    autoFit_ = false;
    const QPoint cursor = event->position().toPoint();
    const QPointF before = mapToScene(cursor);
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(NoAnchor);
    scaleBy(std::pow(1.2, steps));
    const QPointF after = mapToScene(cursor);
    centerOn(mapToScene(viewport()->rect().center()) + (before - after));
    setTransformationAnchor(anchor);
    event->accept();
}

void DiagramView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && spaceHeld_)) {
        panning_ = true;
        autoFit_ = false;
        lastPanPos_ = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void DiagramView::mouseMoveEvent(QMouseEvent* event)
{
    if (panning_) {
        const QPoint now = event->position().toPoint();
        const QPoint d = now - lastPanPos_;
        lastPanPos_ = now;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void DiagramView::mouseReleaseEvent(QMouseEvent* event)
{
    if (panning_) {
        panning_ = false;
        viewport()->setCursor(spaceHeld_ ? Qt::OpenHandCursor : Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void DiagramView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        spaceHeld_ = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void DiagramView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        spaceHeld_ = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

} // namespace flange::ui
