// Result files are replaced only by complete results (issue 33, family 4): the CSV writer
// writes beside the file it names and renames on finish(); a write that fails stops the
// run at once with "PATH: reason" (flange-sim's exit 5). tests/e2e/output_file.sh checks
// the same through flange-sim.
#include "engine/error.hpp"
#include "engine/io/csv_writer.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace flange;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeFile(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

size_t entries(const fs::path& folder) { return static_cast<size_t>(std::distance(fs::directory_iterator(folder), {})); }

} // namespace

TEST_CASE("output file: the previous result stays until finish, and whole if the run never finishes")
{
    test::TempFolder dir;
    const fs::path path = dir.path() / "out.csv";
    writeFile(path, "previous\n");
    {
        io::CsvWriter writer(path.string());
        writer.begin({"x"});
        for (int r = 0; r < 1000; ++r) // several blocks: the writer threads have written some
            writer.row(r, {0.5 * r});
        CHECK(readFile(path) == "previous\n");
        CHECK(writer.leftBehind() == path.string() + " is left as it was");
    } // destroyed unfinished, as a run that failed
    CHECK(readFile(path) == "previous\n");
    CHECK(entries(dir.path()) == 1); // no temporary file left

    const fs::path fresh = dir.path() / "new.csv";
    {
        io::CsvWriter writer(fresh.string());
        writer.begin({"x"});
        CHECK(writer.leftBehind() == fresh.string() + " was not created");
    }
    CHECK_FALSE(fs::exists(fresh));
    CHECK(entries(dir.path()) == 1);
}

TEST_CASE("output file: finish replaces the file whole and keeps its permissions")
{
    test::TempFolder dir;
    const fs::path path = dir.path() / "out.csv";
    writeFile(path, "a much longer previous result than the new one\n");
    REQUIRE(::chmod(path.c_str(), 0640) == 0);
    {
        io::CsvWriter writer(path.string());
        writer.begin({"x"});
        writer.row(0, {1.5});
        writer.finish();
        CHECK(writer.leftBehind().empty());
    }
    CHECK(readFile(path) == "\"time\",\"x\"\n0,1.5\n");
    struct stat st{};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0640);
    CHECK(entries(dir.path()) == 1);
}

TEST_CASE("output file: a write that fails stops the rows at once, naming the file and the reason")
{
    io::CsvWriter writer("/dev/full");
    writer.begin({"x", "y"});
    CHECK(writer.leftBehind().empty()); // a device is written in place: nothing to say of it
    // The writer threads meet the full disk with the first block they write; the rows
    // after it are refused: no more rows than the blocks in flight then (two being
    // written, four waiting, one filling, one more) hold.
    long rows = 0;
    std::string message;
    try {
        for (; rows < 100000; ++rows)
            writer.row(rows * 1e-3, {1.0 / 3, 2.0 / 3});
    } catch (const io::OutputError& e) {
        message = e.what();
    }
    CHECK(message == "/dev/full: No space left on device");
    CHECK(rows <= static_cast<long>(8 * io::kCsvRowsPerBlock));
}

TEST_CASE("output file: a folder that cannot hold the file is refused before the run, naming it")
{
    test::TempFolder dir;
    const fs::path missing = dir.path() / "none" / "out.csv";
    try {
        io::CsvWriter writer(missing.string());
        FAIL("no error");
    } catch (const io::OutputError& e) {
        CHECK(std::string(e.what()) ==
              missing.string() + ": cannot create a file in its folder (No such file or directory)");
    }
    try {
        io::CsvWriter writer(dir.path().string());
        FAIL("no error");
    } catch (const io::OutputError& e) {
        CHECK(std::string(e.what()) == dir.path().string() + ": is a folder, not a file");
    }
}
