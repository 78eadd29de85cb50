#include "ui_test_support.hpp"

#include "ui/canvas/port_item.hpp"

#include <QApplication>
#include <QTest>

namespace flange::ui::test {

std::shared_ptr<const library::Library> fixtureLibrary()
{
    static std::shared_ptr<library::Library> lib = [] {
        auto l = std::make_shared<library::Library>();
        l->loadFolder(dataPath(QStringLiteral("components")).toStdString());
        l->resolve();
        return l;
    }();
    return lib;
}

QString dataPath(const QString& relative) { return QStringLiteral(FLANGE_UI_TEST_DATA "/") + relative; }

QString sourcePath(const QString& relative) { return QStringLiteral(FLANGE_SOURCE_DIR "/") + relative; }

Canvas::Canvas(std::shared_ptr<const library::Library> lib)
    : document(std::move(lib)), editor(document), icons({sourcePath(QStringLiteral("resources/icons"))}),
      scene(editor, icons), view(&scene)
{
    view.resize(900, 600);
    view.setTransform(QTransform());
    view.centerOn(0, 0);
    view.show();
    QApplication::processEvents();
}

QPoint Canvas::viewPoint(QPointF scenePos) const { return view.mapFromScene(scenePos); }

QPointF Canvas::portPos(const QString& endpoint) const
{
    PortItem* port = scene.portItem(endpoint);
    return port ? port->scenePos() : QPointF(qQNaN(), qQNaN());
}

void Canvas::drag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers)
{
    QWidget* vp = view.viewport();
    QTest::mousePress(vp, Qt::LeftButton, modifiers, from);
    const int steps = 6;
    for (int i = 1; i <= steps; ++i) {
        const QPoint p = from + (to - from) * i / steps;
        QMouseEvent move(QEvent::MouseMove, p, vp->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, modifiers);
        QApplication::sendEvent(vp, &move);
    }
    QTest::mouseRelease(vp, Qt::LeftButton, modifiers, to);
    QApplication::processEvents();
}

} // namespace flange::ui::test
