#include "ui/analysis/participation_tint.hpp"

#include "ui/canvas/component_item.hpp"
#include "ui/canvas/diagram_scene.hpp"

#include <QBrush>
#include <QGraphicsRectItem>
#include <QPen>

#include <cmath>

namespace flange::ui {

namespace {

constexpr int kTintKey = 0x37; // QGraphicsItem::data key marking a tint (issue 37)

} // namespace

bool isParticipationTint(const QGraphicsItem* item) { return item->data(kTintKey).toBool(); }

void tintByParticipation(DiagramScene& scene, const std::vector<std::pair<std::string, double>>& shape)
{
    for (QGraphicsItem* item : scene.items())
        if (isParticipationTint(item))
            delete item;
    for (const auto& [name, amplitude] : shape) {
        ComponentItem* component = scene.componentItem(QString::fromStdString(name));
        if (!component)
            continue;
        const double strength = std::min(1.0, std::abs(amplitude));
        auto* tint = new QGraphicsRectItem(component->boundingRect().adjusted(-4, -4, 4, 4), component);
        tint->setFlag(QGraphicsItem::ItemStacksBehindParent);
        tint->setPen(Qt::NoPen);
        tint->setBrush(QColor(255, 140, 0, static_cast<int>(30 + 170 * strength)));
        tint->setAcceptedMouseButtons(Qt::NoButton);
        tint->setData(kTintKey, true);
        tint->setToolTip(QObject::tr("%1: amplitude %2 in the selected mode")
                             .arg(QString::fromStdString(name))
                             .arg(amplitude, 0, 'g', 3));
    }
}

} // namespace flange::ui
