#include "ui/document/diagram_clipboard.hpp"

#include "engine/diagram/diagram_json.hpp"
#include "ui/mime_types.hpp"

#include <QMimeData>

#include <cmath>

namespace flange::ui {

QMimeData* fragmentToMimeData(const diagram::Diagram& fragment)
{
    const QByteArray json = QByteArray::fromStdString(diagram::serializeDiagram(fragment));
    auto* mime = new QMimeData;
    mime->setData(kDiagramMimeType, json);
    mime->setText(QString::fromUtf8(json));
    return mime;
}

std::optional<diagram::Diagram> fragmentFromMimeData(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(kDiagramMimeType))
        return std::nullopt;
    try {
        return diagram::parseDiagram(mime->data(kDiagramMimeType).toStdString(), "clipboard");
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

QPointF pasteOffset(const diagram::Diagram& target, const diagram::Diagram& fragment, double step)
{
    auto occupied = [&](double dx, double dy) {
        for (const diagram::Component& f : fragment.components)
            for (const diagram::Component& c : target.components)
                if (std::abs(c.placement.x - (f.placement.x + dx)) < 1e-9 &&
                    std::abs(c.placement.y - (f.placement.y + dy)) < 1e-9)
                    return true;
        return false;
    };
    for (int k = 0; k < 100; ++k)
        if (!occupied(k * step, k * step))
            return QPointF(k * step, k * step);
    return QPointF(step, step);
}

} // namespace flange::ui
