#pragma once
// Drawing a connection: from a press on a port to the release on another port. While
// the mouse moves it shows a dashed orthogonal line and marks the port under the cursor
// green (would connect) or red (would be refused). Dragging a broken line's loose end is
// the same gesture from the line's sound end, and replaces that line.
#include "ui/document/connection_rules.hpp"

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
    // `replacing`: the index of the connection the new one replaces, or -1.
    ConnectTool(DiagramScene& scene, PortItem* start, int replacing = -1);
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
    ConnectionCheck join(const QString& a, const QString& b) const;

    DiagramScene& scene_;
    PortItem* start_;
    int replacing_;
    PortItem* target_ = nullptr;
    QGraphicsPathItem* preview_;
};

} // namespace flange::ui
