#pragma once
// Pieces of diagram on the clipboard: the same JSON as a diagram file, under
// application/x-flange-diagram (and as plain text, so it can be pasted into a mail).
#include "engine/api/diagram.hpp"

#include <QPointF>

#include <optional>

class QMimeData;

namespace flange::ui {

QMimeData* fragmentToMimeData(const diagram::Diagram& fragment);
// Whether the clipboard holds a piece of diagram (Paste is offered then); null holds none.
bool holdsFragment(const QMimeData* mime);
// Null when the clipboard holds no diagram.
std::optional<diagram::Diagram> fragmentFromMimeData(const QMimeData* mime);

} // namespace flange::ui
