#pragma once
// Private MIME types: a component type dragged from the library browser, and a piece of
// diagram on the clipboard (the same JSON as a diagram file), and result variables dragged
// from the variable browser onto a plot (their names, one per line).
#include <QString>

namespace flange::ui {

inline const QString kComponentMimeType = QStringLiteral("application/x-flange-component");
inline const QString kDiagramMimeType = QStringLiteral("application/x-flange-diagram");
// An outer connector type ("Rotational.Flange_a") from the palette's Connectors group.
inline const QString kConnectorMimeType = QStringLiteral("application/x-flange-connector");
inline const QString kVariableMimeType = QStringLiteral("application/x-flange-variables");

} // namespace flange::ui
