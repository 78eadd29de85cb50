// Files named in data (a table's fileName): relative to the file that names them, read
// only inside its folder or a folder the user allowed (on canonical paths), only regular
// files within the size limit, never blocking, and never quoted in messages. The rule is
// engine/io/data_files.hpp; flatten::dataFilesRead lists the files before translation.
#include "engine/error.hpp"
#include "engine/flatten/data_files_read.hpp"
#include "engine/io/data_files.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace flange;
using namespace flange::test;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text)
{
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

diagram::Diagram tableDiagram(const fs::path& folder, const std::string& fileName)
{
    diagram::Diagram d = diagramFromJson(diagramJson(
        {component("table", "Blocks.Sources.CombiTimeTable",
                   R"({"tableOnFile": true, "fileName": ")" + fileName + R"("})")},
        {}, 1.0, 0.1));
    d.folder = folder.string();
    return d;
}

// The message translating d gives, or "translated".
std::string translation(const diagram::Diagram& d, const library::Library& lib = bundledLibrary())
{
    try {
        compileModel(d, lib);
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        return e.what();
    }
    return "translated";
}

const std::string kTable = "time,y\n0,0\n1,1\n";

} // namespace

TEST_CASE("a table file outside the diagram's folder is refused unless its folder is allowed")
{
    const TempFolder tmp("flange-test-data-outside");
    const fs::path mine = tmp.path() / "mine", elsewhere = tmp.path() / "elsewhere";
    write(mine / "inside.csv", kTable);
    write(mine / "sub" / "deeper.csv", kTable);
    write(elsewhere / "load.csv", kTable);
    CHECK(translation(tableDiagram(mine, "inside.csv")) == "translated");
    CHECK(translation(tableDiagram(mine, "sub/deeper.csv")) == "translated");
    // "..", an absolute path and a link inside the folder that points out all lead outside.
    fs::create_symlink(elsewhere / "load.csv", mine / "link.csv");
    for (const std::string& name : {std::string("../elsewhere/load.csv"), (elsewhere / "load.csv").string(),
                                   std::string("link.csv"), std::string("sub/../../elsewhere/load.csv")}) {
        const std::string msg = translation(tableDiagram(mine, name));
        CHECK_THAT(msg, Catch::Contains("component 'table' (Blocks.Sources.CombiTimeTable)") &&
                            Catch::Contains("outside the folder of the diagram that names it (" + mine.string() + ")") &&
                            Catch::Contains("--allow-files " + fs::canonical(elsewhere).string()));
    }
    diagram::Diagram allowed = tableDiagram(mine, "../elsewhere/load.csv");
    allowed.allowedDataFolders.push_back(elsewhere.string());
    CHECK(translation(allowed) == "translated");
}

TEST_CASE("a data file must be a regular file within the size limit, and a FIFO does not block")
{
    const TempFolder tmp("flange-test-data-kinds");
    const fs::path dir = tmp.path();
    REQUIRE(::mkfifo((dir / "fifo.csv").c_str(), 0600) == 0);
    fs::create_directory(dir / "folder.csv");
    {
        // Sparse: a file past the limit takes no room.
        std::ofstream(dir / "huge.csv") << kTable;
        fs::resize_file(dir / "huge.csv", io::kMaxDataFileBytes + 1);
    }
    CHECK_THAT(translation(tableDiagram(dir, "fifo.csv")), Catch::Contains("fifo.csv: not a regular file"));
    CHECK_THAT(translation(tableDiagram(dir, "folder.csv")), Catch::Contains("folder.csv: not a regular file"));
    CHECK_THAT(translation(tableDiagram(dir, "huge.csv")),
               Catch::Contains("huge.csv: 268435457 bytes, more than the 256 MB a data file may have"));
    CHECK_THROWS_WITH(io::readDataFile("/dev/zero"), Catch::Contains("/dev/zero: not a regular file"));
}

TEST_CASE("messages about a data file say where it is wrong, never what it holds")
{
    const TempFolder tmp("flange-test-data-quote");
    write(tmp.path() / "secret.csv", "time,y\nroot:x:0:0:secret-token,1\n");
    const std::string msg = translation(tableDiagram(tmp.path(), "secret.csv"));
    CHECK_THAT(msg, Catch::Contains("secret.csv:2: value 1 is not a number"));
    CHECK_THAT(msg, !Catch::Contains("secret-token") && !Catch::Contains("root"));
}

namespace {

// A library folder with a subsystem whose table reads profile.csv beside its definition.
void writeProfileLibrary(const fs::path& lib, const std::string& fileName)
{
    write(lib / "Profile.json", R"({"format": "flange-diagram", "version": 1, "name": "Test.Profile",
  "components": [{"name": "table", "type": "Blocks.Sources.CombiTimeTable",
                  "parameters": {"tableOnFile": true, "fileName": ")" + fileName + R"("}}],
  "connectors": [{"name": "y", "type": "RealOutput"}],
  "connections": [{"from": "table.y[1]", "to": "y"}]})");
}

library::Library libraryWith(const fs::path& folder)
{
    library::Library lib;
    lib.loadFolder(std::string(FLANGE_SOURCE_DIR) + "/resources/components");
    lib.loadFolder(folder.string());
    lib.resolve();
    return lib;
}

} // namespace

TEST_CASE("a relative fileName in a library subsystem is relative to the subsystem's definition file")
{
    const TempFolder tmp("flange-test-data-subsystem");
    const fs::path lib = tmp.path() / "lib", models = tmp.path() / "models";
    writeProfileLibrary(lib, "profile.csv");
    write(lib / "profile.csv", "time,y\n0,7\n1,7\n");
    write(models / "profile.csv", "time,y\n0,-1\n1,-1\n"); // the diagram's own: not this one
    const library::Library library = libraryWith(lib);
    diagram::Diagram d = diagramFromJson(diagramJson({component("p", "Test.Profile")}, {}, 1.0, 0.1));
    d.folder = models.string();
    auto model = compileModel(d, library);
    MemorySink sink;
    simulate(*model, {}, sink);
    CHECK(sink.at("p.table.y[1]", 0.5) == 7.0);
}

TEST_CASE("the files a diagram reads are listed before translation, with those outside its folder")
{
    const TempFolder tmp("flange-test-data-list");
    const fs::path lib = tmp.path() / "lib", models = tmp.path() / "models", elsewhere = tmp.path() / "elsewhere";
    writeProfileLibrary(lib, "../elsewhere/sub.csv");
    const library::Library library = libraryWith(lib);
    diagram::Diagram d = diagramFromJson(diagramJson(
        {component("inside", "Blocks.Sources.CombiTimeTable", R"({"tableOnFile": true, "fileName": "in.csv"})"),
         component("off", "Blocks.Sources.CombiTimeTable", R"({"tableOnFile": false, "fileName": "/etc/passwd"})"),
         component("far", "Blocks.Sources.CombiTimeTable", R"({"tableOnFile": true, "fileName": "../elsewhere/far.csv"})"),
         component("p1", "Test.Profile"), component("p2", "Test.Profile")},
        {}, 1.0, 0.1));
    d.folder = models.string();
    const auto files = flatten::dataFilesRead(d, library);
    REQUIRE(files.size() == 3); // the one behind tableOnFile = false is not read; p2 reads p1's file
    CHECK(files[0].path == (models / "in.csv").string());
    CHECK(files[0].component == "inside");
    CHECK(files[0].allowed);
    CHECK(files[1].path == (elsewhere / "far.csv").string());
    CHECK(files[1].component == "far");
    CHECK_FALSE(files[1].allowed);
    CHECK(files[2].path == (elsewhere / "sub.csv").string());
    CHECK(files[2].component == "p1.table");
    CHECK_FALSE(files[2].allowed);
    CHECK(files[2].folder == fs::weakly_canonical(elsewhere).string());
    d.allowedDataFolders.push_back(elsewhere.string());
    for (const auto& f : flatten::dataFilesRead(d, library))
        CHECK(f.allowed);
}
