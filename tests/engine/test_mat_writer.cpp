// The .mat result (engine/io/mat_writer.*): the bytes of Dymola's MAT v4 trajectory layout,
// written out by hand here (header: type, rows, columns, imaginary flag, name length;
// then the name and the column-major data), aliases sharing a column with a sign, a
// constant and a parameter in data_1, data_2's column count and data_1's stop time
// patched at the end. tests/e2e/mat_results.sh reads flange-sim's files with SciPy.
#include "engine/error.hpp"
#include "engine/io/mat_writer.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cstring>
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

// Reads the file's matrices in order and checks each against what the format says.
struct Reader {
    std::string bytes;
    size_t at = 0;
    template <typename T>
    T next()
    {
        REQUIRE(at + sizeof(T) <= bytes.size());
        T v;
        std::memcpy(&v, bytes.data() + at, sizeof v);
        at += sizeof v;
        return v;
    }
    void header(const std::string& name, int32_t type, uint32_t rows, uint32_t columns)
    {
        INFO(name);
        CHECK(next<int32_t>() == type);
        CHECK(next<uint32_t>() == rows);
        CHECK(next<uint32_t>() == columns);
        CHECK(next<uint32_t>() == 0);
        REQUIRE(next<uint32_t>() == name.size() + 1);
        CHECK(bytes.substr(at, name.size() + 1) == name + std::string(1, '\0'));
        at += name.size() + 1;
    }
    std::string text(size_t n)
    {
        REQUIRE(at + n <= bytes.size());
        std::string s = bytes.substr(at, n);
        at += n;
        return s;
    }
    template <typename T>
    std::vector<T> values(size_t n)
    {
        std::vector<T> out;
        for (size_t i = 0; i < n; ++i)
            out.push_back(next<T>());
        return out;
    }
};

} // namespace

TEST_CASE("mat writer: the Dymola trajectory layout byte for byte, aliases with sign, data_1 and data_2")
{
    test::TempFolder dir;
    const fs::path path = dir.path() / "out.mat";
    {
        // a, its negation b, a constant c, a parameter p.
        io::MatWriter writer(path.string(), {{"a", "A [m]", 0, false, false, 0.0},
                                             {"b", "", 0, true, false, 0.0},
                                             {"c", "", 1, false, true, 0.0},
                                             {"p", "P", -1, false, true, 7.0}});
        writer.begin({"a", "c"});
        writer.row(0.0, {1.0, 5.0});
        writer.row(0.5, {2.0, 5.0});
        CHECK_FALSE(fs::exists(path)); // in place only when finished
        writer.finish();
    }
    Reader r{readFile(path)};
    r.header("Aclass", 51, 4, 11);
    // Four strings as rows of a 4 x 11 matrix, column-major: their characters interleave.
    CHECK(r.text(44) == "A1 bt. ir1 na  Tj  re  ac  nt  so   r   y   ");
    r.header("name", 51, 4, 5); // transposed: 4 characters per name, one name per column
    CHECK(r.text(20) == "timea   b   c   p   ");
    r.header("description", 51, 8, 5);
    CHECK(r.text(40) == "Time [s]A [m]                   P       ");
    r.header("dataInfo", 20, 4, 5);
    CHECK(r.values<int32_t>(20) == std::vector<int32_t>{0, 1, 0, -1,    // time
                                                        2, 2, 0, -1,    // a: data_2 row 2
                                                        2, -2, 0, -1,   // b = -a
                                                        1, 2, 0, 0,     // c: data_1 row 2
                                                        1, 3, 0, 0});   // p
    r.header("data_1", 0, 3, 2); // time, c, p at the start, then at the end
    CHECK(r.values<double>(6) == std::vector<double>{0.0, 5.0, 7.0, 0.5, 5.0, 7.0});
    r.header("data_2", 0, 2, 2); // time and a, one column per row
    CHECK(r.values<double>(4) == std::vector<double>{0.0, 1.0, 0.5, 2.0});
    CHECK(r.at == r.bytes.size());
}

TEST_CASE("mat writer: a run without rows still gives a readable file, standard output is refused")
{
    test::TempFolder dir;
    const fs::path path = dir.path() / "empty.mat";
    io::MatWriter writer(path.string(), {{"a", "", 0, false, false, 0.0}});
    writer.begin({"a"});
    writer.finish();
    Reader r{readFile(path)};
    r.header("Aclass", 51, 4, 11);
    r.text(44);
    r.header("name", 51, 4, 2);
    r.text(8);
    r.header("description", 51, 8, 2);
    r.text(16);
    r.header("dataInfo", 20, 4, 2);
    r.values<int32_t>(8);
    r.header("data_1", 0, 1, 2);
    r.values<double>(2);
    r.header("data_2", 0, 2, 0);
    CHECK(r.at == r.bytes.size());

    CHECK_THROWS_WITH(io::MatWriter("-", {}), Catch::Contains("standard output") && Catch::Contains("-o"));
}

TEST_CASE("mat writer: the previous file stays when the run does not finish")
{
    test::TempFolder dir;
    const fs::path path = dir.path() / "out.mat";
    std::ofstream(path) << "previous";
    {
        io::MatWriter writer(path.string(), {{"a", "", 0, false, false, 0.0}});
        writer.begin({"a"});
        for (int i = 0; i < 200000; ++i) // more than one buffer's worth written
            writer.row(i, {1.0 * i});
        CHECK(writer.leftBehind() == path.string() + " is left as it was");
    }
    CHECK(readFile(path) == "previous");
}
