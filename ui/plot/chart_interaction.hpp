#pragma once
// The mouse and keyboard on one chart, turned into plot requests in view pixels: box
// zoom (left-drag), wheel zoom about the cursor, pan (middle-drag or Shift+left-drag),
// reset (double-click, Home), hover for the crosshair, drops of result variables and
// the context menu. Installed as an event filter on a chart view and its viewport, so
// QtCharts' own mouse handling never sees these events.
#include <QObject>
#include <QPoint>
#include <QPointF>
#include <QRectF>
#include <QStringList>

#include <functional>

QT_BEGIN_NAMESPACE
class QAbstractScrollArea;
class QMimeData;
QT_END_NAMESPACE

namespace flange::ui::plot {

// Variable names carried by a drag from the variable browser; empty when it has none.
QStringList droppedVariableNames(const QMimeData* mime);

class ChartInteraction : public QObject {
    Q_OBJECT
public:
    // plotRect: the plot area in viewport coordinates, asked afresh for every event.
    ChartInteraction(QAbstractScrollArea* view, std::function<QRectF()> plotRect);

    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void bandChanged(const QRectF& band); // viewport coordinates; empty when released
    void boxZoomed(const QRectF& band, bool timeOnly);
    void panned(double dx, double dy);
    void wheelZoomed(double x, double factor); // factor < 1 zooms in
    void resetRequested();
    void hovered(double x);
    void hoverLeft();
    void dropped(const QStringList& names);
    void contextMenuRequested(const QPoint& globalPos);

private:
    bool mouse(QEvent* event);
    QRectF band(QPointF to) const;

    QAbstractScrollArea* view_;
    // Kept rather than asked of view_: the viewport's last events arrive while the view is
    // being destroyed, when calling into it is undefined behaviour (UBSan reports it).
    QWidget* viewport_;
    std::function<QRectF()> plotRect_;
    enum class Drag { None, Band, Pan } drag_ = Drag::None;
    QPointF pressAt_, lastAt_;
};

} // namespace flange::ui::plot
