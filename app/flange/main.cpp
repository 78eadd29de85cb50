// flange: the desktop diagram editor.
//   flange [MODEL.json]                     opens the editor
//   flange --screenshot OUT.png [MODEL.json] renders the window to a PNG and exits
//                                            (works with QT_QPA_PLATFORM=offscreen)
#include "ui/canvas/diagram_view.hpp"
#include "ui/document/component_library.hpp"
#include "ui/main_window.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QIcon>
#include <QPixmap>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

namespace {

int takeScreenshot(flange::ui::MainWindow& window, const QString& out, const QSize& size)
{
    window.resize(size);
    window.show();
    // Let layouts, docks and the first paint settle before fitting and grabbing: the
    // view only knows its final size once the dock layout has run.
    QEventLoop settle;
    QTimer::singleShot(200, &settle, &QEventLoop::quit);
    settle.exec();
    window.view()->zoomToFit();
    QApplication::processEvents();
    const QPixmap shot = window.grab();
    if (!shot.save(out, "PNG")) {
        std::fprintf(stderr, "flange: cannot write %s\n", qPrintable(out));
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Flange"));
    QApplication::setApplicationName(QStringLiteral("flange"));
    QApplication::setApplicationDisplayName(QStringLiteral("Flange"));
    QApplication::setApplicationVersion(QStringLiteral(FLANGE_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("flange"));
    // Desktops without a configured theme (and the offscreen platform) still get icons.
    if (QIcon::themeName().isEmpty() || QIcon::themeName() == QLatin1String("hicolor")) {
        QStringList paths = QIcon::themeSearchPaths();
        paths << QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, QStringLiteral("icons"),
                                           QStandardPaths::LocateDirectory);
        QIcon::setThemeSearchPaths(paths);
        QIcon::setThemeName(QStringLiteral("Adwaita"));
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Flange diagram editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"), QStringLiteral("Diagram file to open (JSON)."),
                                 QStringLiteral("[MODEL.json]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                  QStringLiteral("Render the window to a PNG file and exit."), QStringLiteral("OUT.png"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1440x900)."),
                            QStringLiteral("WxH"), QStringLiteral("1440x900"));
    QCommandLineOption libraryDir(QStringLiteral("library"),
                                  QStringLiteral("Extra folder of component definitions (repeatable)."),
                                  QStringLiteral("DIR"));
    parser.addOptions({screenshot, size, libraryDir});
    parser.process(app);

    flange::ui::MainWindow window(flange::ui::loadComponentLibrary(parser.values(libraryDir)));
    window.setQuiet(parser.isSet(screenshot));
    const QStringList files = parser.positionalArguments();
    bool opened = true;
    if (!files.isEmpty())
        opened = window.openFile(files.front());

    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        QSize s(1440, 900);
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
            s = QSize(wh[0].toInt(), wh[1].toInt());
        const int status = takeScreenshot(window, parser.value(screenshot), s);
        return status != 0 ? status : (opened ? 0 : 2);
    }
    window.show();
    return QApplication::exec();
}
