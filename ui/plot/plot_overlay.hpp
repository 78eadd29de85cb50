#pragma once
// What a chart draws on top of its curves: the run's event marks, the crosshair with
// its readout box, and the zoom rubber band. One item, so these stay in sync with the
// plot area and are painted in one pass without QtCharts series for each mark.
#include <QColor>
#include <QGraphicsItem>
#include <QList>
#include <QPalette>
#include <QRectF>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace flange::ui::plot {

struct ReadoutLine {
    QString text;
    QColor color; // invalid: the palette's text colour
};

// Where the crosshair's read-out box of this size goes for a crosshair at x: beside the
// line on whichever side has room, so it hides none of the values it reads; where neither
// side has, as near as the plot area allows, never beyond its edges (which clip it).
QRectF readoutBox(const QSizeF& size, double x, const QRectF& area);

class PlotOverlay : public QGraphicsItem {
public:
    explicit PlotOverlay(QGraphicsItem* parent = nullptr);

    void setPlotArea(const QRectF& area);
    void setTimeRange(double t0, double t1);
    void setPalette(const QPalette& palette);
    void setEventTimes(std::shared_ptr<const std::vector<double>> times);
    void setCrosshair(std::optional<double> t, QList<ReadoutLine> readout);
    void setBand(const QRectF& band); // in item coordinates; empty hides it
    // Cursors A and B (either may be absent) and the box of what they read, drawn at the
    // plot area's lower left.
    void setCursors(std::optional<double> a, std::optional<double> b, QList<ReadoutLine> statistics);
    const QList<ReadoutLine>& cursorReadout() const { return statistics_; }

    std::optional<double> crosshair() const { return crosshair_; }
    const QList<ReadoutLine>& readout() const { return readout_; }

    QRectF boundingRect() const override { return area_; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    double xOf(double t) const;
    void paintReadout(QPainter* painter, double x) const;
    void paintCursors(QPainter* painter) const;
    // A framed box of coloured lines on the Base colour, where place() puts a box of that size.
    void paintLines(QPainter* painter, const QList<ReadoutLine>& lines,
                    const std::function<QRectF(const QSizeF&)>& place) const;

    QRectF area_;
    double t0_ = 0, t1_ = 1;
    QPalette palette_;
    std::shared_ptr<const std::vector<double>> events_;
    std::optional<double> crosshair_;
    QList<ReadoutLine> readout_;
    QRectF band_;
    std::optional<double> cursorA_, cursorB_;
    QList<ReadoutLine> statistics_;
};

} // namespace flange::ui::plot
