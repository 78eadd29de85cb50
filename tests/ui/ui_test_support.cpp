#include "ui_test_support.hpp"

#include "ui/canvas/port_item.hpp"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QFile>
#include <QTest>

namespace flange::ui::test {

const ComponentLibrary& bundledComponentLibrary()
{
    static const ComponentLibrary lib = loadComponentLibrary();
    return lib;
}

std::shared_ptr<const library::Library> bundledLibrary()
{
    static std::shared_ptr<library::Library> lib = [] {
        auto l = std::make_shared<library::Library>();
        l->loadFolder(sourcePath(QStringLiteral("resources/components")).toStdString());
        l->resolve();
        return l;
    }();
    return lib;
}

QString sourcePath(const QString& relative) { return QStringLiteral(FLANGE_SOURCE_DIR "/") + relative; }

QString referenceFile(const QString& relative)
{
    const QString path = sourcePath(QStringLiteral("../shared/msl-reference/") + relative);
    if (QFile::exists(path))
        return path;
    if (qEnvironmentVariable("CI") == QLatin1String("true"))
        FAIL("the reference kit is missing under CI: " << path.toStdString());
    WARN("no reference kit beside the repository (" << path.toStdString() << "); comparison skipped");
    return {};
}

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
