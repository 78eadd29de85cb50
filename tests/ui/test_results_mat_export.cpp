// .mat export from the editor (File ▸ Export Results as MAT): the same file flange-sim's
// writer makes from the same run, aliases and parameters included; a failed export
// leaves the previous file.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "engine/api/model.hpp"
#include "engine/api/results.hpp"
#include "engine/api/simulation.hpp"
#include "ui/results/mat_export.hpp"
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

// Feeds one run to the editor's result and to flange-sim's writer at once.
struct TeeSink : ResultSink {
    RunResult& result;
    io::MatWriter& writer;
    TeeSink(RunResult& r, io::MatWriter& w) : result(r), writer(w) {}
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
};

} // namespace

TEST_CASE("MAT export of a real run equals flange-sim's file, and a failed one keeps the old file", "[results]")
{
    auto lib = std::make_shared<library::Library>();
    lib->loadFolder(test::sourcePath("resources/components").toStdString());
    lib->resolve();
    const auto model = Model::compile(
        diagram::loadDiagram(test::sourcePath("models/msl/Rotational/CoupledClutches.json").toStdString()), lib);

    QTemporaryDir dir;
    const QString engineMat = dir.filePath("engine.mat"), editorMat = dir.filePath("editor.mat");
    RunResult result;
    result.model = model;
    {
        io::MatWriter writer(engineMat.toStdString(), io::matVariables(*model));
        TeeSink tee(result, writer);
        Run run(model);
        run.streamTo(tee);
        run.runToEnd();
        writer.finish();
    }
    REQUIRE(result.rowCount() > 10);
    REQUIRE(exportMat(result, editorMat, nullptr));
    const QByteArray expected = readAll(engineMat);
    CHECK(expected.mid(20, 7) == QByteArray("Aclass", 7));
    CHECK(expected.contains("J1.J")); // a parameter
    CHECK(readAll(editorMat) == expected);

    QString error;
    const QString missing = dir.filePath("none/out.mat");
    CHECK_FALSE(exportMat(result, missing, &error));
    CHECK(error.contains(missing));
}
