#pragma once
// Shared set-up for the editor tests: the bundled component library (resources/components,
// the one the application ships, so the tests cannot drift from it), and a document with
// its editor, scene and a shown view, wired the way the main window does.
#include "engine/library/library.hpp"
#include "ui/document/component_library.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/canvas/icon_cache.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"

#include <QPoint>
#include <QString>

#include <memory>

namespace flange::ui::test {

// The bundled library, loaded once.
std::shared_ptr<const library::Library> bundledLibrary();
// The bundled library as the window loads it (folders and load errors included).
const ComponentLibrary& bundledComponentLibrary();
QString sourcePath(const QString& relative);
// A file of the Dymola reference kit (../shared/msl-reference/RELATIVE) when it exists.
// Without the kit: an empty string and a warning, or a failure under CI (CI=true), where a
// comparison that silently does not happen must not count as passed.
QString referenceFile(const QString& relative);

struct Canvas {
    DiagramDocument document;
    DiagramEditor editor;
    IconCache icons;
    DiagramScene scene;
    DiagramView view;

    explicit Canvas(std::shared_ptr<const library::Library> lib = bundledLibrary());

    // Viewport pixel of a scene point.
    QPoint viewPoint(QPointF scenePos) const;
    // Scene position of "instance.connector".
    QPointF portPos(const QString& endpoint) const;
    // Presses at `from`, moves in steps and releases at `to` (viewport coordinates).
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = {});
};

} // namespace flange::ui::test
