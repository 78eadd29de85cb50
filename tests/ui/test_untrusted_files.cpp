// Files from elsewhere cannot make the editor read outside the folders the user chose:
// a definition whose icon points out of the icons folder is left out with a message
// naming its file and the path, and a diagram names component types, never files.
#include "ui/document/component_library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/canvas/icon_cache.hpp"
#include "ui/main_window.hpp"
#include "ui/messages_panel.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

void writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(text);
}

const QByteArray kSvg = R"(<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>)";

QByteArray definition(const char* name, const char* icon)
{
    return QByteArray(R"({"name": ")") + name + R"(", "connectors": [{"name": "flange", "type": "Rotational.Flange_a"}],
  "icon": ")" + icon + R"(", "equations": ["flange.tau = 0"]})";
}

} // namespace

TEST_CASE("a user definition whose icon leaves the icons folder is left out, naming file and path", "[untrusted]")
{
    QTemporaryDir dir;
    // user/defs holds the definitions, user/icons their icons; user/secret.svg is outside.
    writeFile(dir.filePath("user/secret.svg"), kSvg);
    writeFile(dir.filePath("user/icons/good.svg"), kSvg);
    writeFile(dir.filePath("user/defs/Evil.json"), definition("User.Evil", "../secret.svg"));
    writeFile(dir.filePath("user/defs/Absolute.json"),
              definition("User.Absolute", dir.filePath("user/secret.svg").toUtf8().constData()));
    writeFile(dir.filePath("user/defs/Good.json"), definition("User.Good", "good.svg"));

    const ComponentLibrary lib = loadComponentLibrary({dir.filePath("user/defs")});
    CHECK(lib.library->find("User.Evil") == nullptr);
    CHECK(lib.library->find("User.Absolute") == nullptr);
    REQUIRE(lib.library->find("User.Good") != nullptr);
    const QString evil = dir.filePath("user/defs/Evil.json");
    const QString absolute = dir.filePath("user/defs/Absolute.json");
    auto reported = [&](const QString& file, const QString& icon) {
        for (const QString& e : lib.errors)
            if (e.startsWith(file + ":") && e.contains("icon '" + icon + "' is refused"))
                return true;
        return false;
    };
    CHECK(reported(evil, "../secret.svg"));
    CHECK(reported(absolute, dir.filePath("user/secret.svg")));

    // The accepted icon is found in the icons folder beside the definitions.
    IconCache icons(iconFolders(lib.folders));
    CHECK(icons.renderer(QString::fromStdString(lib.library->find("User.Good")->icon)) != nullptr);

    // The window lists the refusals in its messages panel.
    MainWindow window(lib);
    window.setQuiet(true);
    int named = 0;
    for (const QString& m : window.messages()->messages())
        named += m.startsWith(evil + ":") || m.startsWith(absolute + ":");
    CHECK(named == 2);
}

TEST_CASE("a component type that looks like a path is only a name the library does not know", "[untrusted]")
{
    QTemporaryDir dir;
    const QString model = dir.filePath("m.json");
    writeFile(model, R"({"format": "flange-diagram", "version": 1, "name": "m",
      "components": [{"name": "x", "type": "../../etc/passwd", "placement": {"x": 0, "y": 0}}]})");
    MainWindow window(loadComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(model));
    CHECK(window.document()->definition(window.document()->diagram().components.front()) == nullptr);
    CHECK(window.messages()->messages().back() ==
          "x: the type ../../etc/passwd is not in the component library; it is drawn as a plain box");
}
