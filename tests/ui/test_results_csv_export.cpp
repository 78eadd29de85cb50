// CSV export from the editor: the exact text flange-sim -o writes, byte for byte.
#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/io/csv_writer.hpp"
#include "engine/library/library.hpp"
#include "engine/run.hpp"
#include "ui/results/csv_export.hpp"
#include "ui_test_support.hpp"

#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

RunResult handMade()
{
    RunResult r;
    r.begin({{"a", "m", false, false}, {"b.c", "", false, true}});
    r.appendRows({0, 0.1, 1.0 / 3}, {0.1, 1e-300, //
                                     -0.0, 1.0 / 3, //
                                     1e21, 2.5});
    return r;
}

// Feeds one run to the editor's result and to flange-sim's writer at once.
struct TeeSink : ResultSink {
    RunResult& result;
    io::CsvWriter& writer;
    TeeSink(RunResult& r, io::CsvWriter& w) : result(r), writer(w) {}
    void begin(const std::vector<std::string>& names) override
    {
        std::vector<ResultVariable> variables;
        for (const auto& n : names)
            variables.push_back({n, "", false, false});
        result.begin(std::move(variables));
        writer.begin(names);
    }
    void row(double time, const std::vector<double>& values) override
    {
        result.appendRows({time}, values);
        writer.row(time, values);
    }
    void event(const EventRecord& e) override { result.appendEvent(e); }
};

} // namespace

TEST_CASE("CSV export writes the header and shortest round-trip numbers", "[results]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    QString error;
    REQUIRE(exportCsv(handMade(), {}, path, &error));
    CHECK(error.isEmpty());
    CHECK(readAll(path).toStdString() == "\"time\",\"a\",\"b.c\"\n"
                                         "0,0.1,1e-300\n"
                                         "0.1,-0,0.3333333333333333\n"
                                         "0.3333333333333333,1e+21,2.5\n");
}

TEST_CASE("CSV export writes the chosen variables in the chosen order", "[results]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    REQUIRE(exportCsv(handMade(), {"b.c", "a"}, path, nullptr));
    CHECK(readAll(path).toStdString() == "\"time\",\"b.c\",\"a\"\n"
                                         "0,1e-300,0.1\n"
                                         "0.1,0.3333333333333333,-0\n"
                                         "0.3333333333333333,2.5,1e+21\n");
}

TEST_CASE("CSV export with units writes name [unit] headers, time in seconds, none for the dimensionless", "[results]")
{
    // Issue 34, defect 8: off by default (above), so compare tools keep matching names.
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    REQUIRE(exportCsv(handMade(), {"b.c", "a"}, path, nullptr, true));
    const std::string text = readAll(path).toStdString();
    CHECK(text.substr(0, text.find('\n')) == "\"time [s]\",\"b.c\",\"a [m]\"");
}

TEST_CASE("CSV export refuses unknown variables and leaves an existing file alone", "[results]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("out.csv");
    {
        QFile f(path);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("old");
    }
    QString error;
    CHECK_FALSE(exportCsv(handMade(), {"a", "nope"}, path, &error));
    CHECK(error.contains("nope"));
    CHECK(readAll(path) == "old");
    CHECK_FALSE(exportCsv(handMade(), {}, dir.filePath("missing/dir/out.csv"), &error));
    CHECK_FALSE(error.isEmpty());
}

TEST_CASE("CSV export of a real run is byte-identical to flange-sim's writer", "[results]")
{
    library::Library lib;
    lib.loadFolder(test::sourcePath("resources/components").toStdString());
    lib.resolve();
    const auto model = compileModel(
        diagram::loadDiagram(test::sourcePath("models/msl/Translational/Accelerate.json").toStdString()), lib);

    QTemporaryDir dir;
    const QString engineCsv = dir.filePath("engine.csv"), editorCsv = dir.filePath("editor.csv");
    RunResult result;
    io::CsvWriter writer(engineCsv.toStdString());
    TeeSink tee(result, writer);
    simulate(*model, {}, tee);
    writer.finish();
    REQUIRE(result.rowCount() > 10);

    REQUIRE(exportCsv(result, {}, editorCsv, nullptr));
    const QByteArray expected = readAll(engineCsv);
    CHECK(expected.startsWith("\"time\","));
    CHECK(readAll(editorCsv) == expected);
}
