#pragma once
// Shared set-up for the editor tests: a fixture component library (tests/ui/data), and a
// document with its editor, scene and a shown view, wired the way the main window does.
#include "engine/library/library.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/canvas/icon_cache.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"

#include <QPoint>
#include <QString>

#include <memory>

namespace flange::ui::test {

// The fixture library: MSL type names with just enough in them for the editor.
std::shared_ptr<const library::Library> fixtureLibrary();
QString dataPath(const QString& relative);
QString sourcePath(const QString& relative);

struct Canvas {
    DiagramDocument document;
    DiagramEditor editor;
    IconCache icons;
    DiagramScene scene;
    DiagramView view;

    explicit Canvas(std::shared_ptr<const library::Library> lib = fixtureLibrary());

    // Viewport pixel of a scene point.
    QPoint viewPoint(QPointF scenePos) const;
    // Scene position of "instance.connector".
    QPointF portPos(const QString& endpoint) const;
    // Presses at `from`, moves in steps and releases at `to` (viewport coordinates).
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = {});
};

} // namespace flange::ui::test
