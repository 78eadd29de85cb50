// A Flange window to be killed: the crash-recovery test (test_autosave_recovery.cpp)
// starts this as a child process. It opens MODEL.json in the real main window with the
// real component library, edits it through the editor (adds an inertia named by the
// editor, sets the stop time to 7.25 s), and prints "autosaved PATH" when the window's
// autosave has written its recovery file after its normal delay. Then it waits to be
// killed with SIGKILL. The recovery folder follows XDG_DATA_HOME, as in flange itself.
#include "ui/document/autosave.hpp"
#include "ui/document/component_library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/main_window.hpp"

#include <QApplication>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    // The same names as flange, so the same recovery folder.
    QApplication::setOrganizationName(QStringLiteral("Flange"));
    QApplication::setApplicationName(QStringLiteral("flange"));
    if (argc != 2) {
        std::fprintf(stderr, "usage: flange-autosave-child MODEL.json\n");
        return 2;
    }
    flange::ui::MainWindow window(flange::ui::loadComponentLibrary());
    window.setQuiet(true);
    if (!window.openFile(QString::fromLocal8Bit(argv[1])))
        return 2;
    window.show();
    QObject::connect(&window.autosave(), &flange::ui::Autosave::written, [](const QString& path, const QString& error) {
        if (error.isEmpty())
            std::printf("autosaved %s\n", qPrintable(path));
        else
            std::printf("failed %s\n", qPrintable(error));
        std::fflush(stdout);
    });
    flange::ui::DiagramEditor& editor = window.editor();
    QString error;
    if (editor.addComponent(QStringLiteral("Rotational.Components.Inertia"), QPointF(300, 200), &error).isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    flange::diagram::Experiment e = window.document()->diagram().experiment;
    e.stopTime = 7.25;
    editor.setExperiment(e);
    return QApplication::exec();
}
