#include "ui/canvas/connect_tool.hpp"

#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/document/connection_routing.hpp"
#include "ui/document/connection_rules.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/document/orthogonal_route.hpp"

#include <QCursor>
#include <QGraphicsPathItem>
#include <QMenu>
#include <QPen>

namespace flange::ui {

ConnectTool::MemberChooser& ConnectTool::memberChooser()
{
    static MemberChooser chooser = [](const QStringList& members) {
        QMenu menu;
        for (const QString& m : members)
            menu.addAction(m.section(QLatin1Char('.'), -1));
        QAction* picked = menu.exec(QCursor::pos());
        return picked ? members.value(menu.actions().indexOf(picked)) : QString();
    };
    return chooser;
}

ConnectTool::ConnectTool(DiagramScene& scene, PortItem* start, int replacing)
    : scene_(scene), start_(start), replacing_(replacing)
{
    preview_ = new QGraphicsPathItem;
    QPen pen(QColor(30, 110, 230), 0, Qt::DashLine);
    preview_->setPen(pen);
    preview_->setZValue(10);
    scene_.addItem(preview_);
}

ConnectTool::~ConnectTool()
{
    setTarget(nullptr);
    delete preview_;
}

PortItem* ConnectTool::portAt(QPointF scenePos) const
{
    for (QGraphicsItem* item : scene_.items(scenePos))
        if (auto* port = qgraphicsitem_cast<PortItem*>(item); port && port->isVisible() && port != start_)
            return port;
    return nullptr;
}

void ConnectTool::setTarget(PortItem* port)
{
    if (target_ == port)
        return;
    if (target_)
        target_->setHighlight(0);
    target_ = port;
    if (target_) {
        const ConnectionCheck check =
            checkConnection(scene_.editor().document(), start_->endpoint(), target_->endpoint(), replacing_);
        const bool ok = check.allowed() || !check.memberChoices.isEmpty();
        target_->setHighlight(ok ? 1 : -1);
    }
}

void ConnectTool::moveTo(QPointF scenePos)
{
    setTarget(portAt(scenePos));
    const QPointF end = target_ ? target_->scenePos() : scenePos;
    const QPointF endDir = target_ ? target_->sceneOutward() : QPointF();
    QPainterPath path;
    path.addPolygon(freshRoute(start_->scenePos(), start_->sceneOutward(), end, endDir, {}, kRouteStub * kUnit));
    preview_->setPath(path);
}

QString ConnectTool::finish(QPointF scenePos)
{
    PortItem* target = portAt(scenePos);
    setTarget(nullptr);
    if (!target)
        return {};
    const ConnectionCheck check =
        checkConnection(scene_.editor().document(), start_->endpoint(), target->endpoint(), replacing_);
    if (!check.allowed() && !check.memberChoices.isEmpty()) {
        // A scalar on a vector port: the user picks the member (MSL draws a vector as one port too).
        const QString member = memberChooser()(check.memberChoices);
        if (member.isEmpty())
            return {};
        const bool startIsVector = check.memberChoices.front().startsWith(start_->endpoint() + QLatin1Char('['));
        return join(startIsVector ? member : start_->endpoint(), startIsVector ? target->endpoint() : member).refusal;
    }
    return join(start_->endpoint(), target->endpoint()).refusal;
}

ConnectionCheck ConnectTool::join(const QString& a, const QString& b) const
{
    return replacing_ >= 0 ? scene_.editor().reconnect(replacing_, a, b) : scene_.editor().connect(a, b);
}

} // namespace flange::ui
