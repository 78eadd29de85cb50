// New components land in free space: added from the library, pasted or duplicated, a
// component never covers another's icon or texts.
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/free_placement.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/main_window.hpp"
#include "ui/palette/library_browser.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAction>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

ComponentLibrary fixture()
{
    return ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}};
}

// Icon, ports, name and label of every component, in scene coordinates.
QList<QRectF> covered(MainWindow& window)
{
    QList<QRectF> out;
    for (const auto& c : window.document()->diagram().components) {
        const ComponentItem* item = window.scene()->componentItem(QString::fromStdString(c.name));
        out << item->mapRectToScene(item->childrenBoundingRect());
    }
    return out;
}

bool anyOverlap(const QList<QRectF>& rects)
{
    for (int i = 0; i < rects.size(); ++i)
        for (int j = i + 1; j < rects.size(); ++j)
            if (rects[i].intersects(rects[j]))
                return true;
    return false;
}

} // namespace

TEST_CASE("the nearest free grid offset avoids occupied rectangles with a small gap")
{
    const QList<QRectF> one{QRectF(0, 0, 10, 10)};
    CHECK(nearestFreeOffset(one, {QRectF(100, 100, 10, 10)}, 10) == QPointF(0, 0));
    // One step right would touch (closer than the 2-unit gap): two steps, right before left.
    CHECK(nearestFreeOffset(one, {QRectF(0, 0, 10, 10)}, 10) == QPointF(20, 0));
    CHECK(nearestFreeOffset(one, {QRectF(0, 0, 10, 10), QRectF(20, 0, 10, 10)}, 10) == QPointF(-20, 0));
}

TEST_CASE("adding from the library twice puts the second component beside the first, not on it")
{
    MainWindow window(fixture());
    window.resize(1200, 800);
    emit window.browser()->componentRequested("Rotational.Components.Inertia");
    emit window.browser()->componentRequested("Rotational.Components.Inertia");
    emit window.browser()->componentRequested("Rotational.Components.SpringDamper");
    REQUIRE(window.document()->diagram().components.size() == 3);
    CHECK_FALSE(anyOverlap(covered(window)));
    const auto& first = window.document()->diagram().components[0].placement;
    const auto& second = window.document()->diagram().components[1].placement;
    CHECK(std::hypot(second.x - first.x, second.y - first.y) <= 3 * kGrid); // near the intended spot
}

TEST_CASE("duplicate and paste land where they cover no icon and no label")
{
    MainWindow window(fixture());
    auto& editor = window.editor();
    editor.addComponent("Rotational.Components.Inertia", {0, 0});
    // Where a diagonal shift of a copy would put its icon over this one's.
    editor.addComponent("Rotational.Components.Inertia", {20, 35});
    window.scene()->selectComponents({"inertia1"});
    window.actions().duplicate->trigger();
    REQUIRE(window.document()->diagram().components.size() == 3);
    CHECK_FALSE(anyOverlap(covered(window)));

    window.scene()->selectComponents({"inertia1", "inertia2"});
    window.actions().copy->trigger();
    window.actions().paste->trigger();
    REQUIRE(window.document()->diagram().components.size() == 5);
    CHECK_FALSE(anyOverlap(covered(window)));
}
