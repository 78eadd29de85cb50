// Exports and saves write beside the file and rename over it (QSaveFile), except where the
// path names something a rename must not replace (issue 33, family 4): a FIFO, or a
// device such as /dev/null, which QSaveFile turned into a regular file (as root, in /dev
// too). Those are written in place.
#include "ui/document/atomic_write.hpp"
#include "ui/results/csv_export.hpp"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

using namespace flange;
using namespace flange::ui;

namespace {

// A FIFO in `dir` with its reading end open (non-blocking, so that the writer's open does
// not wait and a small text fits in the pipe).
struct Fifo {
    QString path;
    int reader = -1;
    explicit Fifo(const QTemporaryDir& dir) : path(dir.filePath(QStringLiteral("pipe.csv")))
    {
        REQUIRE(::mkfifo(path.toLocal8Bit().constData(), 0600) == 0);
        reader = ::open(path.toLocal8Bit().constData(), O_RDONLY | O_NONBLOCK);
        REQUIRE(reader >= 0);
    }
    ~Fifo() { ::close(reader); }
    std::string read() const
    {
        std::string out;
        char buffer[4096];
        for (ssize_t n; (n = ::read(reader, buffer, sizeof buffer)) > 0;)
            out.append(buffer, static_cast<size_t>(n));
        return out;
    }
    bool stillFifo() const
    {
        struct stat st{};
        return ::stat(path.toLocal8Bit().constData(), &st) == 0 && S_ISFIFO(st.st_mode);
    }
};

} // namespace

TEST_CASE("a CSV export to a FIFO writes into it and leaves it a FIFO", "[results]")
{
    QTemporaryDir dir;
    Fifo fifo(dir);
    RunResult r;
    r.begin({{"a", "m", false, false}});
    r.appendRows({0, 0.5}, {1.5, -2});
    QString error;
    CHECK(exportCsv(r, {}, fifo.path, &error));
    CHECK(error.isEmpty());
    CHECK(fifo.stillFifo());
    CHECK(fifo.read() == "\"time\",\"a\"\n0,1.5\n0.5,-2\n");
}

TEST_CASE("a file written atomically to a FIFO goes into it, a regular file is replaced whole", "[results]")
{
    QTemporaryDir dir;
    Fifo fifo(dir);
    QString why;
    CHECK(writeFileAtomically(fifo.path, "text\n", &why));
    CHECK(fifo.stillFifo());
    CHECK(fifo.read() == "text\n");

    const QString plain = dir.filePath(QStringLiteral("plain.txt"));
    REQUIRE(writeFileAtomically(plain, "a much longer first text\n", &why));
    REQUIRE(writeFileAtomically(plain, "second\n", &why));
    QFile f(plain);
    REQUIRE(f.open(QIODevice::ReadOnly));
    CHECK(f.readAll() == QByteArray("second\n"));
}
