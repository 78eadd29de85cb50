// Component definitions from elsewhere cannot steer Flange to files outside the folders
// the user chose: icon paths are confined to the icons folder, and `extends` names a
// definition, never a file.
#include "engine/error.hpp"
#include "engine/library/library.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace flange;
namespace fs = std::filesystem;

namespace {

std::string definitionWithIcon(const std::string& icon)
{
    return R"({
  "name": "Evil.Icon",
  "connectors": [{"name": "flange", "type": "Rotational.Flange_a"}],
  "icon": ")" + icon + R"(",
  "equations": ["flange.tau = 0"]
})";
}

std::string refusal(const std::string& text, const std::string& file)
{
    try {
        library::parseDefinition(text, file);
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

} // namespace

TEST_CASE("an icon path that leaves the icons folder is refused, naming file, line and path")
{
    const std::string expected = "' is refused: it must be a relative path inside the icons folder (no '..', not absolute)";
    for (const std::string icon : {"../../etc/passwd", "/etc/passwd", "rotational/../../secret.svg", "..",
                                   "C:/Windows/x.svg", "rotational\\\\..\\\\..\\\\x.svg", "rotational//x.svg",
                                   "./x.svg"}) {
        INFO(icon);
        const std::string message = refusal(definitionWithIcon(icon), "/defs/Evil.json");
        // The JSON text escapes backslashes; the message shows the path as read.
        std::string shown = icon;
        for (size_t p = shown.find("\\\\"); p != std::string::npos; p = shown.find("\\\\", p + 1))
            shown.erase(p, 1);
        CHECK(message == "/defs/Evil.json:4:12: icon '" + shown + expected);
    }
}

TEST_CASE("an icon path inside the icons folder is accepted")
{
    for (const std::string icon : {"rotational/inertia.svg", "x.svg", "my-icons/sub/a..b.svg"}) {
        INFO(icon);
        const library::ComponentDefinition d = library::parseDefinition(definitionWithIcon(icon), "/defs/Ok.json");
        CHECK(d.icon == icon);
    }
}

TEST_CASE("extends names a definition, never a file")
{
    // A definition that "extends" a path: the name is looked up among the loaded
    // definitions only, and the message names the definition's file and the name.
    const fs::path dir = fs::temp_directory_path() / ("flange-untrusted-" + std::to_string(std::rand()));
    fs::create_directories(dir);
    const fs::path file = dir / "Evil.json";
    std::ofstream(file) << R"({"name": "Evil.Extends", "extends": "../../etc/passwd", "equations": []})";
    library::Library lib;
    lib.loadFile(file.string());
    std::string message;
    try {
        lib.resolve();
    } catch (const Error& e) {
        message = e.what();
    }
    fs::remove_all(dir);
    CHECK(message == file.string() + ": extends unknown definition '../../etc/passwd'");
}
