// The flange executable answers --help and --version on a bare terminal: no display, no
// QT_QPA_PLATFORM, as when someone first tries it over ssh.
#include <QProcess>
#include <QProcessEnvironment>

#include <catch2/catch.hpp>

namespace {

struct Run {
    int exitCode = -1;
    bool crashed = true;
    QString out;
};

Run runWithoutDisplay(const QStringList& arguments)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FLANGE_APP_PATH), arguments);
    Run r;
    if (!p.waitForFinished(30000))
        return r;
    r.crashed = p.exitStatus() != QProcess::NormalExit;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    return r;
}

} // namespace

TEST_CASE("flange --help prints the usage and exits 0 without a display")
{
    const Run r = runWithoutDisplay({QStringLiteral("--help")});
    CHECK_FALSE(r.crashed);
    CHECK(r.exitCode == 0);
    CHECK(r.out.contains(QStringLiteral("Usage:")));
    CHECK(r.out.contains(QStringLiteral("--simulate")));
}

TEST_CASE("flange --version prints the version and exits 0 without a display")
{
    const Run r = runWithoutDisplay({QStringLiteral("--version")});
    CHECK_FALSE(r.crashed);
    CHECK(r.exitCode == 0);
    CHECK(r.out.startsWith(QStringLiteral("flange ")));
}
