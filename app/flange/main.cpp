// flange: the desktop diagram editor.
//   flange [MODEL.json]                      opens the editor
//   flange --screenshot OUT.png [MODEL.json] renders the window to a PNG and exits
//                                            (works with QT_QPA_PLATFORM=offscreen)
//   flange --simulate [--export-csv OUT.csv] [--export-plot OUT.png] [--screenshot OUT.png] MODEL.json
//                                            simulates through the window's own run
//                                            controller and exports, then exits:
//                                            0 done, 2 bad model, 3 simulation failed,
//                                            5 the export could not be written
// Interactive starts offer to restore diagrams autosaved by a session that crashed.
#include "app/allocator_tuning.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/document/autosave.hpp"
#include "ui/document/component_library.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/results/run_result.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QIcon>
#include <QPixmap>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <tuple>

namespace {

void showAndSettle(flange::ui::MainWindow& window, const QSize& size)
{
    window.resize(size);
    window.show();
    // Let layouts, docks and the first paint settle before fitting and grabbing: the
    // view only knows its final size once the dock layout has run.
    QEventLoop settle;
    QTimer::singleShot(200, &settle, &QEventLoop::quit);
    settle.exec();
}

int takeScreenshot(flange::ui::MainWindow& window, const QString& out)
{
    window.view()->zoomToFit();
    QApplication::processEvents();
    const QPixmap shot = window.grab();
    if (!shot.save(out, "PNG")) {
        std::fprintf(stderr, "flange: cannot write %s\n", qPrintable(out));
        return 1;
    }
    return 0;
}

// Every option of the command line, declared once for the window and for --help.
struct CommandLine {
    explicit CommandLine(QCommandLineParser& parser)
    {
        parser.setApplicationDescription(QStringLiteral("Flange diagram editor"));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("model"), QStringLiteral("Diagram file to open (JSON)."),
                                     QStringLiteral("[MODEL.json]"));
        parser.addOptions({screenshot, size, libraryDir, simulate, exportCsv, exportMat, exportPlot, timeout, run});
    }
    auto all() const { return std::tie(screenshot, size, libraryDir, simulate, exportCsv, exportMat, exportPlot, timeout, run); }

    QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                  QStringLiteral("Render the window to a PNG file and exit."), QStringLiteral("OUT.png")};
    QCommandLineOption size{QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1440x900)."),
                            QStringLiteral("WxH"), QStringLiteral("1440x900")};
    QCommandLineOption libraryDir{QStringLiteral("library"),
                                  QStringLiteral("Extra folder of component definitions (repeatable)."),
                                  QStringLiteral("DIR")};
    QCommandLineOption simulate{QStringLiteral("simulate"),
                                QStringLiteral("Simulate the model as the Simulate button does, then exit (see --export-csv, "
                                               "--screenshot). Exit code 2: the model is wrong; 3: the simulation failed.")};
    QCommandLineOption exportCsv{QStringLiteral("export-csv"),
                                 QStringLiteral("With --simulate: write all results as CSV, as File > Export does."),
                                 QStringLiteral("OUT.csv")};
    QCommandLineOption exportMat{QStringLiteral("export-mat"),
                                 QStringLiteral("With --simulate: write all results as a .mat file (Dymola's layout), "
                                                "as File > Export Results as MAT does."),
                                 QStringLiteral("OUT.mat")};
    QCommandLineOption exportPlot{
        QStringLiteral("export-plot"),
        QStringLiteral("With --simulate: write the plot tab as PNG, PDF or SVG (by the suffix), 1600x1000 pixels at "
                       "150 DPI under the model's name, as File > Export Plot does."),
        QStringLiteral("OUT.png")};
    QCommandLineOption timeout{QStringLiteral("timeout"),
                               QStringLiteral("With --simulate: give up after this many seconds (default 600)."),
                               QStringLiteral("S"), QStringLiteral("600")};
    QCommandLineOption run{QStringLiteral("run"),
                           QStringLiteral("Simulate the model as soon as the window opens (the window stays).")};
};

// --help and --version print and exit before any window system is touched: QApplication
// aborts without a display, and asking for help must work on a bare terminal.
bool asksOnlyForInformation(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const QLatin1String a(argv[i]);
        if (a == QLatin1String("--help") || a == QLatin1String("-h") || a == QLatin1String("-?") ||
            a == QLatin1String("--help-all") || a == QLatin1String("--version") || a == QLatin1String("-v"))
            return true;
    }
    return false;
}

void nameApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Flange"));
    QCoreApplication::setApplicationName(QStringLiteral("flange"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLANGE_VERSION));
}

} // namespace

int main(int argc, char** argv)
{
    flange::app::tuneAllocator();
    if (asksOnlyForInformation(argc, argv)) {
        QCoreApplication core(argc, argv);
        nameApplication();
        QCommandLineParser parser;
        const CommandLine options(parser);
        parser.process(core); // prints the help or the version and exits with 0
        return 0;
    }
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("Flange"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.flange.Flange"));
    // Desktops without a configured theme (and the offscreen platform) still get icons.
    if (QIcon::themeName().isEmpty() || QIcon::themeName() == QLatin1String("hicolor")) {
        QStringList paths = QIcon::themeSearchPaths();
        paths << QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, QStringLiteral("icons"),
                                           QStandardPaths::LocateDirectory);
        QIcon::setThemeSearchPaths(paths);
        QIcon::setThemeName(QStringLiteral("Adwaita"));
    }

    QCommandLineParser parser;
    const CommandLine options(parser);
    const auto& [screenshot, size, libraryDir, simulate, exportCsv, exportMat, exportPlot, timeout, run] = options.all();
    parser.process(app);

    const QStringList files = parser.positionalArguments();
    if (parser.isSet(simulate) && files.isEmpty()) {
        std::fprintf(stderr, "flange: --simulate needs a model file\n");
        return 2;
    }
    flange::ui::MainWindow window(flange::ui::loadComponentLibrary(parser.values(libraryDir)));
    window.setQuiet(parser.isSet(screenshot) || parser.isSet(simulate));
    window.autosave().setEnabled(!parser.isSet(screenshot) && !parser.isSet(simulate));
    bool opened = true;
    if (!files.isEmpty())
        opened = window.openFile(files.front());
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    QSize windowSize(1440, 900);
    if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
        windowSize = QSize(wh[0].toInt(), wh[1].toInt());

    if (parser.isSet(simulate)) {
        if (!opened) {
            std::fprintf(stderr, "flange: %s\n", qPrintable(window.messages()->messages().value(0)));
            return 2;
        }
        showAndSettle(window, windowSize);
        flange::ui::SimulationWorkspace& sim = *window.simulation();
        sim.simulate();
        if (!sim.controller()->waitForFinished(parser.value(timeout).toInt() * 1000)) {
            sim.stop();
            sim.controller()->waitForFinished(5000);
            std::fprintf(stderr, "flange: the simulation did not finish within %s s\n", qPrintable(parser.value(timeout)));
        }
        const auto result = sim.controller()->current();
        int status = 0;
        if (result->status != flange::ui::RunResult::Status::Finished) {
            std::fprintf(stderr, "flange: %s\n", result->message.c_str());
            status = result->badInput ? 2 : 3;
        }
        if (parser.isSet(exportCsv) && result->rowCount() > 0) {
            QString error;
            if (!sim.exportCsv(parser.value(exportCsv), false, &error)) {
                std::fprintf(stderr, "flange: %s\n", qPrintable(error));
                status = status != 0 ? status : 5; // as flange-sim's: the result could not be written
            }
        }
        if (parser.isSet(exportMat) && result->rowCount() > 0) {
            QString error;
            if (!sim.exportMat(parser.value(exportMat), &error)) {
                std::fprintf(stderr, "flange: %s\n", qPrintable(error));
                status = status != 0 ? status : 5;
            }
        }
        if (parser.isSet(exportPlot) && result->rowCount() > 0) {
            QString error;
            if (!sim.exportPlot(parser.value(exportPlot), &error)) {
                std::fprintf(stderr, "flange: %s\n", qPrintable(error));
                status = status != 0 ? status : 5;
            }
        }
        if (parser.isSet(screenshot)) {
            const int shot = takeScreenshot(window, parser.value(screenshot));
            status = status != 0 ? status : shot;
        }
        return status;
    }
    if (parser.isSet(screenshot)) {
        showAndSettle(window, windowSize);
        const int status = takeScreenshot(window, parser.value(screenshot));
        return status != 0 ? status : (opened ? 0 : 2);
    }
    window.show();
    // After a crash or kill, offer what autosave kept (docs/editor.md).
    QTimer::singleShot(0, &window, &flange::ui::MainWindow::offerRecovery);
    if (parser.isSet(run) && opened && !files.isEmpty())
        QTimer::singleShot(0, window.simulation(), &flange::ui::SimulationWorkspace::simulate);
    return QApplication::exec();
}
