// Catch2 runner for the editor tests: one QApplication for the whole run, on the
// offscreen platform unless the caller chose another. Settings (recent files) go to a
// folder of this process's own: ctest runs test cases as parallel processes, which
// would otherwise rewrite one shared file under each other.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

int main(int argc, char** argv)
{
    // CTest sets this too; the default also covers test discovery and manual runs.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("FlangeTests"));
    QApplication::setApplicationName(QStringLiteral("flange_ui_tests"));
    QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    return Catch::Session().run(argc, argv);
}
