#include "ui/document/diagram_clipboard.hpp"

#include "engine/api/diagram.hpp"
#include "ui/mime_types.hpp"

#include <QMimeData>


namespace flange::ui {

QMimeData* fragmentToMimeData(const diagram::Diagram& fragment)
{
    const QByteArray json = QByteArray::fromStdString(diagram::serializeDiagram(fragment));
    auto* mime = new QMimeData;
    mime->setData(kDiagramMimeType, json);
    mime->setText(QString::fromUtf8(json));
    return mime;
}

bool holdsFragment(const QMimeData* mime) { return mime && mime->hasFormat(kDiagramMimeType); }

std::optional<diagram::Diagram> fragmentFromMimeData(const QMimeData* mime)
{
    if (!holdsFragment(mime))
        return std::nullopt;
    try {
        return diagram::parseDiagram(mime->data(kDiagramMimeType).toStdString(), "clipboard");
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace flange::ui
