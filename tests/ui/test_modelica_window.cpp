// The window reads and writes Modelica (ui/modelica_files.*): File ▸ Open of a .mo file
// gives a new, unsaved diagram; a file of several models asks which; File ▸ Export
// Diagram as Modelica… writes text that reads back to the same diagram.
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"
#include "ui/modelica_files.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

const char* kTwoModels = R"(package P
  model A
    Modelica.Mechanics.Rotational.Components.Inertia J(J=3);
  end A;
  model B
    Modelica.Mechanics.Translational.Components.Mass mass(m=2);
  end B;
end P;
)";

QString writeFile(const QTemporaryDir& dir, const QString& name, const char* text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(text);
    return path;
}

} // namespace

TEST_CASE("File > Open of a Modelica file reads its model as a new, unsaved diagram")
{
    MainWindow window(ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}});
    window.setQuiet(true);
    REQUIRE(window.openFile(QStringLiteral(FLANGE_SOURCE_DIR "/tests/data/modelica/Oscillator.mo")));
    const diagram::Diagram& d = window.document()->rootDiagram();
    CHECK(d.name == "Oscillator");
    CHECK(d.components.size() == 3);
    CHECK(d.connections.size() == 2);
    CHECK(window.document()->filePath().isEmpty());
    CHECK(window.messages()->messages().filter("Read Oscillator from Oscillator.mo: 3 components, 2 connections").size() == 1);
    CHECK(window.findChild<QAction*>(QStringLiteral("exportModelica")) != nullptr);
}

TEST_CASE("a Modelica file of several models asks which to open, and a cancelled choice opens nothing")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString path = writeFile(dir, "P.mo", kTwoModels);
    QStringList offered;
    QString error;
    const auto b = readModelicaModel(path, *test::bundledLibrary(),
                                     [&](const QStringList& models) {
                                         offered = models;
                                         return QStringLiteral("P.B");
                                     },
                                     &error);
    CHECK(offered == QStringList{"P.A", "P.B"});
    REQUIRE(b);
    CHECK(b->components.at(0).type == "Translational.Components.Mass");
    const auto none = readModelicaModel(path, *test::bundledLibrary(), [](const QStringList&) { return QString(); }, &error);
    CHECK_FALSE(none);
    CHECK(error.isEmpty());
    // In the quiet window nobody can choose: refused with a message, the diagram unchanged.
    MainWindow window(ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}});
    window.setQuiet(true);
    CHECK_FALSE(window.openFile(path));
    CHECK(window.document()->rootDiagram().components.empty());
}

TEST_CASE("a diagram exported as Modelica reads back to the same diagram, and a refusal names its line")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QString error;
    const auto d = readModelicaModel(QStringLiteral(FLANGE_SOURCE_DIR "/tests/data/modelica/Oscillator.mo"),
                                     *test::bundledLibrary(), {}, &error);
    REQUIRE(d);
    const QString out = dir.filePath("Out.mo");
    REQUIRE(writeModelicaModel(*d, *test::bundledLibrary(), out, &error));
    const auto back = readModelicaModel(out, *test::bundledLibrary(), {}, &error);
    REQUIRE(back);
    CHECK(diagram::toJson(*back) == diagram::toJson(*d));
    const QString bad = writeFile(dir, "Bad.mo", "model Bad\n  Modelica.Mechanics.Rotational.Components.Inertia J;\n"
                                                 "equation\n  J.w = 1;\nend Bad;\n");
    CHECK_FALSE(readModelicaModel(bad, *test::bundledLibrary(), {}, &error));
    CHECK(error.endsWith("Bad.mo:4: an equation other than connect(...) (`J.w = 1`) is not in the subset Flange reads"));
}
