// Saving and opening: the editor writes the engine's JSON format, every bundled example
// survives a round trip, and a bad file is refused without touching the open diagram.
#include "engine/diagram/diagram_json.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui_test_support.hpp"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

nlohmann::json readJson(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return nlohmann::json::parse(f.readAll().toStdString());
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

} // namespace

TEST_CASE("every models/ example opens and saves back to the same JSON")
{
    QTemporaryDir tmp;
    REQUIRE(tmp.isValid());
    QDirIterator it(test::sourcePath("models"), {"*.json"}, QDir::Files, QDirIterator::Subdirectories);
    int count = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        INFO(path.toStdString());
        DiagramDocument doc(test::bundledLibrary());
        QString error;
        REQUIRE(doc.open(path, &error));
        const QString out = tmp.filePath(QStringLiteral("out%1.json").arg(count++));
        REQUIRE(doc.saveAs(out, &error));
        CHECK(readJson(out) == readJson(path));
    }
    CHECK(count > 10);
}

TEST_CASE("a diagram built in the editor saves, reopens identically and is clean after saving")
{
    QTemporaryDir tmp;
    DiagramDocument doc(test::bundledLibrary());
    DiagramEditor editor(doc);
    editor.addComponent("Rotational.Components.Inertia", {-30, 0});
    editor.addComponent("Rotational.Components.SpringDamper", {0, 0});
    REQUIRE(editor.connect("inertia1.flange_b", "springDamper1.flange_a", {{-15, 0}}).allowed());
    REQUIRE(editor.setSettings("springDamper1", {{"c", 1e4}, {"d", "c/100"}}, {}));
    editor.rotate({"springDamper1"});
    REQUIRE(doc.isModified());
    const QString path = tmp.filePath("built.json");
    QString error;
    REQUIRE(doc.saveAs(path, &error));
    CHECK_FALSE(doc.isModified());
    CHECK(doc.filePath() == path);
    CHECK(doc.diagram().name == "built");

    DiagramDocument reopened(test::bundledLibrary());
    REQUIRE(reopened.open(path, &error));
    CHECK(diagram::serializeDiagram(reopened.diagram()) == diagram::serializeDiagram(doc.diagram()));
    CHECK(reopened.diagram().components[1].placement.rotation == 270);
    CHECK(*reopened.diagram().components[1].parameter("d") == "c/100");
}

TEST_CASE("saving over a file that cannot be written fails and keeps the document modified")
{
    DiagramDocument doc(test::bundledLibrary());
    DiagramEditor editor(doc);
    editor.addComponent("Rotational.Components.Inertia", {0, 0});
    QString error;
    CHECK_FALSE(doc.saveAs("/nonexistent-folder/x.json", &error));
    CHECK_FALSE(error.isEmpty());
    CHECK(doc.isModified());
}

TEST_CASE("opening a malformed file leaves the diagram untouched and shows the error")
{
    QTemporaryDir tmp;
    const QString bad = tmp.filePath("bad.json");
    writeFile(bad, "{\n  \"format\": \"flange-diagram\",\n  \"version\": 1,\n  \"components\": [\n}\n");
    const QString wrong = tmp.filePath("wrong.json");
    writeFile(wrong, R"({"format": "flange-diagram", "version": 1, "components": [{"name": "a b", "type": "X"}]})");

    MainWindow window(ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}});
    const QString good = test::sourcePath("models/msl/Translational/ElastoGap.json");
    REQUIRE(window.openFile(good));
    const std::string before = diagram::serializeDiagram(window.document()->diagram());

    for (const QString& file : {bad, wrong}) {
        INFO(file.toStdString());
        auto shown = std::make_shared<QString>();
        QTimer::singleShot(0, [shown] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                *shown = box->text();
                box->done(QMessageBox::Ok);
            }
        });
        CHECK_FALSE(window.openFile(file));
        CHECK(diagram::serializeDiagram(window.document()->diagram()) == before);
        CHECK(window.document()->filePath() == good);
        CHECK_FALSE(shown->isEmpty());
        CHECK(window.messages()->messages().back() == *shown);
    }
    CHECK_THAT(window.messages()->messages().join("\n").toStdString(), Catch::Contains("bad.json:5:1: malformed JSON"));
    CHECK_THAT(window.messages()->messages().join("\n").toStdString(), Catch::Contains("not a valid identifier"));
    CHECK(window.messages()->errorCount() == 2);
}
