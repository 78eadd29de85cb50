// Catch2 runner for the editor tests: one QApplication for the whole run, on the
// offscreen platform unless the caller chose another, with QSettings in test mode.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QStandardPaths>

int main(int argc, char** argv)
{
    // CTest sets this too; the default also covers test discovery and manual runs.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("FlangeTests"));
    QApplication::setApplicationName(QStringLiteral("flange_ui_tests"));
    return Catch::Session().run(argc, argv);
}
