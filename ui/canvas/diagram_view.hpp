#pragma once
// The window onto the canvas: grid background, rubber-band selection, wheel zoom about
// the cursor, panning with the middle mouse button (or Space + drag), zoom to fit.
#include <QGraphicsView>

namespace flange::ui {

class DiagramView : public QGraphicsView {
    Q_OBJECT
public:
    explicit DiagramView(QGraphicsScene* scene, QWidget* parent = nullptr);

    double zoom() const;

public slots:
    void zoomIn();
    void zoomOut();
    // Shows every item, never magnified beyond 125 % (a lone component would fill the window).
    // The fit is kept while the window is resized, until the user zooms or pans: a file
    // opened before the window is shown still fills it.
    void zoomToFit();

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void scaleBy(double factor);
    void fit();

    bool autoFit_ = false;
    bool panning_ = false;
    bool spaceHeld_ = false;
    QPoint lastPanPos_;
};

} // namespace flange::ui
