// Connection lines after an end moves, turns or flips: the affected legs are routed
// afresh (out of each port along its outward side, around the icon) and stored in the
// same undo step; segments and corners can be dragged by hand, one undo step each.
#include "ui/canvas/connection_item.hpp"
#include "ui/canvas/port_item.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/document/orthogonal_route.hpp"
#include "ui/document/port_geometry.hpp"
#include "ui_test_support.hpp"

#include <QLineF>
#include <QTest>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

using Points = std::vector<std::pair<double, double>>;

QPolygonF inDiagramUnits(QPolygonF route)
{
    for (QPointF& p : route)
        p /= kUnit;
    return route;
}

// Whether a horizontal or vertical segment runs through the inside of `r`.
bool runsThrough(QPointF a, QPointF b, const QRectF& r)
{
    const QRectF inside = r.adjusted(0.1, 0.1, -0.1, -0.1);
    const double x0 = std::min(a.x(), b.x()), x1 = std::max(a.x(), b.x());
    const double y0 = std::min(a.y(), b.y()), y1 = std::max(a.y(), b.y());
    return x1 > inside.left() && x0 < inside.right() && y1 > inside.top() && y0 < inside.bottom();
}

bool passesThrough(QPointF a, QPointF b, QPointF p)
{
    const double x0 = std::min(a.x(), b.x()), x1 = std::max(a.x(), b.x());
    const double y0 = std::min(a.y(), b.y()), y1 = std::max(a.y(), b.y());
    return p.x() >= x0 - 1e-9 && p.x() <= x1 + 1e-9 && p.y() >= y0 - 1e-9 && p.y() <= y1 + 1e-9;
}

const diagram::Connection& line(test::Canvas& c, int i) { return c.document.diagram().connections[size_t(i)]; }

} // namespace

TEST_CASE("after a flip the line goes round the icon into the flipped flange and the route is stored in the same step")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-40, 0});
    c.editor.addComponent("Rotational.Components.SpringDamper", {0, 0});
    REQUIRE(c.editor.connect("inertia1.flange_b", "springDamper1.flange_a").allowed());
    const int steps = c.document.undoStack()->count();

    c.scene.selectComponents({"springDamper1"});
    c.scene.flipSelection(Qt::Horizontal); // flange_a now on the right at (10, 0), flange_b on the left
    CHECK(c.document.undoStack()->count() == steps + 1);
    REQUIRE(QLineF(c.portPos("springDamper1.flange_a"), toScene(10, 0)).length() < 1e-6);

    const QPolygonF route = inDiagramUnits(c.scene.connectionItem(0)->route());
    REQUIRE(route.size() >= 4);
    const QRectF icon(-10, -10, 20, 20);
    for (int i = 1; i < route.size(); ++i) {
        INFO("segment " << i);
        CHECK_FALSE(runsThrough(route[i - 1], route[i], icon));
        CHECK_FALSE(passesThrough(route[i - 1], route[i], QPointF(-10, 0))); // flange_b's square
    }
    CHECK(route.back() == QPointF(10, 0));
    CHECK(route[route.size() - 2].x() > 10); // enters flange_a from its outer side
    CHECK(route.front() == QPointF(-30, 0));
    CHECK(route[1].x() > -30); // leaves inertia1.flange_b to the right

    // What is drawn is what the file keeps.
    const Points& stored = line(c, 0).points;
    REQUIRE(stored.size() == size_t(route.size() - 2));
    for (size_t i = 0; i < stored.size(); ++i)
        CHECK(QPointF(stored[i].first, stored[i].second) == route[int(i) + 1]);

    c.document.undoStack()->undo();
    CHECK(line(c, 0).points.empty());
    CHECK(inDiagramUnits(c.scene.connectionItem(0)->route()) == QPolygonF({QPointF(-30, 0), QPointF(-10, 0)}));
}

TEST_CASE("after a rotation the line enters the turned flange along its outward side")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-40, 0});
    c.editor.addComponent("Rotational.Components.SpringDamper", {0, 0});
    REQUIRE(c.editor.connect("inertia1.flange_b", "springDamper1.flange_a").allowed());
    c.scene.selectComponents({"springDamper1"});
    c.scene.rotateSelection(); // clockwise: flange_a goes to the top, (0, -10), facing up
    const QPolygonF route = inDiagramUnits(c.scene.connectionItem(0)->route());
    REQUIRE(route.size() >= 3);
    CHECK(route.back() == QPointF(0, -10));
    CHECK(route[route.size() - 2].x() == 0);
    CHECK(route[route.size() - 2].y() < -10); // comes down into it from above
    for (int i = 1; i < route.size(); ++i)
        CHECK_FALSE(runsThrough(route[i - 1], route[i], QRectF(-10, -10, 20, 20)));
    CHECK_FALSE(line(c, 0).points.empty());
}

TEST_CASE("moving one end re-routes its leg up to the nearest stored corner, in the same undo step")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-40, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 20});
    REQUIRE(c.editor.connect("inertia1.flange_b", "inertia2.flange_a", {{0, 0}, {0, 20}}).allowed());
    const int steps = c.document.undoStack()->count();
    c.editor.moveBy({"inertia2"}, {0, 20}); // flange_a now at (20, 40)
    CHECK(c.document.undoStack()->count() == steps + 1);
    CHECK(line(c, 0).points == Points{{0, 0}, {0, 40}});
    CHECK(inDiagramUnits(c.scene.connectionItem(0)->route()) ==
          QPolygonF({QPointF(-30, 0), QPointF(0, 0), QPointF(0, 40), QPointF(20, 40)}));
    c.document.undoStack()->undo();
    CHECK(line(c, 0).points == Points{{0, 0}, {0, 20}});
}

TEST_CASE("dragging a segment sideways and then a corner reshapes the line, one undo step each")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Components.Inertia", {-40, 0});
    c.editor.addComponent("Rotational.Components.Inertia", {30, 20});
    REQUIRE(c.editor.connect("inertia1.flange_b", "inertia2.flange_a", {{-5, 0}, {-5, 20}}).allowed());
    const int steps = c.document.undoStack()->count();

    // The vertical segment at x = -5, grabbed in its middle and pulled 10 units right
    // (the 7 pixels down are along the segment and do nothing).
    const QPoint grab = c.viewPoint(toScene(-5, 10));
    c.drag(grab, grab + QPoint(int(10 * kUnit), 7));
    CHECK(line(c, 0).points == Points{{5, 0}, {5, 20}});
    CHECK(c.document.undoStack()->count() == steps + 1);

    // The corner at (5, 20), pulled 5 right and 10 down: both segments meeting there follow,
    // and the line still ends on inertia2.flange_a at (20, 20).
    const QPoint corner = c.viewPoint(toScene(5, 20));
    c.drag(corner, corner + QPoint(int(5 * kUnit), int(10 * kUnit)));
    CHECK(line(c, 0).points == Points{{10, 0}, {10, 30}, {20, 30}});
    CHECK(inDiagramUnits(c.scene.connectionItem(0)->route()).back() == QPointF(20, 20));
    CHECK(c.document.undoStack()->count() == steps + 2);

    c.document.undoStack()->undo();
    CHECK(line(c, 0).points == Points{{5, 0}, {5, 20}});
    c.document.undoStack()->undo();
    CHECK(line(c, 0).points == Points{{-5, 0}, {-5, 20}});
}

TEST_CASE("the editor places ports where the canvas draws them, for every turn and flip")
{
    test::Canvas c;
    c.editor.addComponent("Rotational.Sources.Torque", {10, 20});
    REQUIRE(c.editor.setSettings("torque1", {{"useSupport", true}}, {}));
    const diagram::Component& torque = *c.document.component("torque1");
    const library::ComponentDefinition& def = *c.document.definition(torque);
    for (int turn = 0; turn < 4; ++turn) {
        for (int flip = 0; flip < 3; ++flip) {
            if (flip > 0)
                c.scene.selectComponents({"torque1"}), c.scene.flipSelection(flip == 1 ? Qt::Horizontal : Qt::Vertical);
            for (const char* connector : {"flange", "support", "tau"}) {
                INFO(turn << " turns, flip " << flip << ", " << connector);
                const auto place = portPlace(*c.document.component("torque1"), def, connector);
                REQUIRE(place);
                const QPointF drawn = c.portPos(QStringLiteral("torque1.") + connector) / kUnit;
                CHECK(QLineF(place->at, drawn).length() < 1e-9);
                CHECK(place->outward == c.scene.portItem(QStringLiteral("torque1.") + connector)->sceneOutward());
            }
        }
        c.scene.selectComponents({"torque1"});
        c.scene.rotateSelection();
    }
}

TEST_CASE("a fresh route is straight between facing ports in line, and goes round an icon in its way")
{
    // The router stops at a candidate as short as the ends are apart: exact, and it spares
    // the other candidates for most lines of a tidy diagram (a 20,000-line chain opens in a
    // fraction of the time). An icon across the straight line must still send it round.
    const QList<QRectF> ends{QRectF(-10, -5, 10, 10), QRectF(20, -5, 10, 10)};
    const QPolygonF straight = freshRoute({0, 0}, {1, 0}, {20, 0}, {-1, 0}, ends, 2);
    CHECK(straight == QPolygonF({QPointF(0, 0), QPointF(20, 0)}));

    QList<QRectF> blocked = ends;
    blocked << QRectF(8, -3, 4, 6); // an icon between the two
    const QPolygonF round = freshRoute({0, 0}, {1, 0}, {20, 0}, {-1, 0}, blocked, 2);
    REQUIRE(round.size() > 2);
    for (int i = 1; i < round.size(); ++i)
        CHECK_FALSE(runsThrough(round[i - 1], round[i], blocked.back()));
    CHECK(round.front() == QPointF(0, 0));
    CHECK(round.back() == QPointF(20, 0));

    // Ends not in line: an L or Z, with as few bends as the ports allow.
    const QPolygonF z = freshRoute({0, 0}, {1, 0}, {20, 6}, {-1, 0}, ends, 2);
    CHECK(z.size() == 4);
}
