// Entries of a component folder that cannot be read (issue 33, family 7): a symbolic link
// in a loop or to nothing, a FIFO named .json, a folder without permission are the
// user's folder, reported as bad input naming the entry, never an internal error. Links
// to folders are not followed, so a loop through them is harmless.
#include "engine/error.hpp"
#include "engine/library/library.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace flange;
namespace fs = std::filesystem;

namespace {

const char* kDefinition = R"({"name": "Test.Gain", "connectors": [{"name": "y", "type": "RealOutput"}],
                              "equations": ["y = 2"]})";

// A folder with one good definition (so the folder itself is fine).
struct Folder {
    test::TempFolder folder{"flange-test-folders"};
    Folder() { std::ofstream(folder.path() / "Gain.json") << kDefinition; }
    fs::path path(const std::string& name) const { return folder.path() / name; }
};

// How indexing and loading the folder end: "" when they succeed.
std::string loaded(const Folder& f, ErrorKind& kind)
{
    std::string message;
    for (bool whole : {false, true}) {
        try {
            library::Library lib;
            if (whole)
                lib.loadFolder(f.folder.path().string());
            else
                lib.indexFolder(f.folder.path().string());
        } catch (const Error& e) {
            kind = e.kind();
            if (!message.empty() && message != e.what())
                return "loadFolder and indexFolder differ: " + message + " / " + e.what();
            message = e.what();
        }
    }
    return message;
}

} // namespace

TEST_CASE("library folders: a symbolic link in a loop is named as bad input")
{
    Folder f;
    fs::create_symlink("loop.json", f.path("loop.json"));
    ErrorKind kind = ErrorKind::Internal;
    CHECK(loaded(f, kind) == f.path("loop.json").string() + ": cannot read this entry of the component folder " +
                                 f.folder.path().string() + " (Too many levels of symbolic links)");
    CHECK(kind == ErrorKind::BadInput);
}

TEST_CASE("library folders: a link to nothing and a FIFO named .json are named as bad input")
{
    {
        Folder f;
        fs::create_symlink("gone.json", f.path("dangling.json"));
        ErrorKind kind = ErrorKind::Internal;
        CHECK(loaded(f, kind) == f.path("dangling.json").string() + ": cannot read this entry of the component folder " +
                                     f.folder.path().string() + " (No such file or directory)");
        CHECK(kind == ErrorKind::BadInput);
    }
    {
        Folder f;
        REQUIRE(::mkfifo(f.path("pipe.json").c_str(), 0644) == 0);
        ErrorKind kind = ErrorKind::Internal;
        CHECK(loaded(f, kind) == f.path("pipe.json").string() + ": cannot read this entry of the component folder " +
                                     f.folder.path().string() + " (not a regular file)");
        CHECK(kind == ErrorKind::BadInput);
    }
}

TEST_CASE("library folders: links to folders are not followed, so a loop through them loads the rest")
{
    Folder f;
    fs::create_directory(f.path("sub"));
    fs::create_directory_symlink("..", f.path("sub/up"));
    fs::create_symlink("nowhere", f.path("notes.txt")); // not a definition: not looked at
    library::Library lib;
    lib.loadFolder(f.folder.path().string());
    lib.resolve();
    CHECK(lib.find("Test.Gain") != nullptr);
}

TEST_CASE("library folders: a subfolder that cannot be listed is named as bad input")
{
    Folder f;
    fs::create_directory(f.path("locked"));
    std::ofstream(f.path("locked/Other.json")) << kDefinition;
    REQUIRE(::chmod(f.path("locked").c_str(), 0) == 0);
    ErrorKind kind = ErrorKind::Internal;
    const std::string message = loaded(f, kind);
    ::chmod(f.path("locked").c_str(), 0755); // so that the folder can be removed
    if (::geteuid() == 0) {
        // Root lists any folder: the definition inside is read like the others.
        CHECK(message.empty());
    } else {
        CHECK(message == f.path("locked").string() + ": cannot read this entry of the component folder " +
                             f.folder.path().string() + " (Permission denied)");
        CHECK(kind == ErrorKind::BadInput);
    }
}
