#pragma once
// Drawing a connection: from a press on a port to the release on another port. While
// the mouse moves it shows a dashed orthogonal line and marks the port under the cursor
// green (would connect) or red (would be refused).
#include <QPointF>
#include <QString>
#include <QStringList>

#include <functional>

class QGraphicsPathItem;

namespace flange::ui {

class DiagramScene;
class PortItem;

class ConnectTool {
public:
    ConnectTool(DiagramScene& scene, PortItem* start);
    ~ConnectTool();
    ConnectTool(const ConnectTool&) = delete;
    ConnectTool& operator=(const ConnectTool&) = delete;

    void moveTo(QPointF scenePos);
    // Ends the drag: connects when released on a port; returns the refusal, if any
    // (empty both for success and for a release on empty canvas).
    QString finish(QPointF scenePos);

    // Asks which member of a vector port a scalar is connected to ("sum.u[2]"), or "" for
    // none: a menu at the cursor; tests replace it.
    using MemberChooser = std::function<QString(const QStringList&)>;
    static MemberChooser& memberChooser();

private:
    PortItem* portAt(QPointF scenePos) const;
    void setTarget(PortItem* port);

    DiagramScene& scene_;
    PortItem* start_;
    PortItem* target_ = nullptr;
    QGraphicsPathItem* preview_;
};

} // namespace flange::ui
