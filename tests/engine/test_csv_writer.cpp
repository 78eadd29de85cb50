// The result CSV written by CsvWriter, which reuses the text of repeated values (a column
// holding still, an alias or a negated alias of another column) instead of formatting
// them again: every line must still be exactly the shortest round-trip text of each value,
// whatever the values do from row to row.
#include "engine/io/csv_block_formatter.hpp"
#include "engine/io/csv_writer.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

using namespace flange;

namespace {

// The expected line, formatted value by value with the standard library alone.
std::string plainLine(double time, const std::vector<double>& values)
{
    std::string line;
    auto add = [&](double v) {
        char buf[64];
        line.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    };
    add(time);
    for (double v : values) {
        line += ',';
        add(v);
    }
    return line + '\n';
}

// The expected header: "time" and the names, quoted.
std::string headerLine(const std::vector<std::string>& names)
{
    std::string line = "\"time\"";
    for (const auto& n : names)
        line += ",\"" + n + "\"";
    return line + '\n';
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace

TEST_CASE("csv writer: every value is its own shortest text, however rows repeat, alias and negate")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    std::mt19937_64 random(42);
    std::uniform_real_distribution<double> uniform(-1e3, 1e3);
    std::uniform_int_distribution<int> coin(0, 9);

    // Columns: 0 random, 1 = col 0, 2 = -col 0, 3 held for 100 rows at a time, 4 = -col 3,
    // 5 flips its own sign every row, 6 = col 0 only for the first 300 rows (an alias
    // that breaks), 7 specials (NaN of both signs, infinities, signed zeros, extremes),
    // 8 = -col 7, 9 zero then equal to col 0 from row 700.
    const std::vector<double> specials = {nan, -nan, inf, -inf, 0.0, -0.0, 1e22, -1e-7,
                                          -2.2250738585072014e-308, 4.9e-324, 1.7976931348623157e308, 0.1};
    const std::vector<std::string> names = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
    test::TempFolder dir;
    const std::string path = (dir.path() / "out.csv").string();
    std::string expected = headerLine(names);
    {
        io::CsvWriter writer(path);
        writer.begin(names);
        double held = 0, flipping = 3.25;
        for (int r = 0; r < 1000; ++r) {
            const double a = coin(random) < 3 ? 0.0 : uniform(random);
            if (r % 100 == 0)
                held = uniform(random);
            flipping = -flipping;
            const double special = specials[static_cast<size_t>(r) % specials.size()];
            std::vector<double> row = {a, a, -a, held, -held, flipping, r < 300 ? a : uniform(random),
                                       special, -special, r < 700 ? 0.0 : a};
            const double time = r * 1e-3;
            writer.row(time, row);
            expected += plainLine(time, row);
        }
        writer.finish();
    }
    const std::string written = readFile(path);
    REQUIRE(written.size() == expected.size());
    CHECK(written == expected);
}

TEST_CASE("csv writer: a run shorter than one block, and one with no rows, are written whole")
{
    test::TempFolder dir;
    const std::string path = (dir.path() / "out.csv").string();
    {
        io::CsvWriter writer(path);
        writer.begin({"x"});
        writer.row(0, {-0.0});
        writer.row(0.5, {0.0});
        writer.finish();
    }
    CHECK(readFile(path) == "\"time\",\"x\"\n0,-0\n0.5,0\n");
    {
        io::CsvWriter writer(path);
        writer.begin({"x"});
        writer.finish();
    }
    CHECK(readFile(path) == "\"time\",\"x\"\n");
}

TEST_CASE("csv writer: a block holds 256 rows, or fewer when rows are wide, at least one")
{
    // 65,536 values a block at most: 65,536 / 227 = 288 rows, capped at 256; 65,536 / 1,000
    // = 65; a 10,000-inertia chain's 230,000 values: one row a block.
    CHECK(io::csvRowsPerBlock(227) == 256);
    CHECK(io::csvRowsPerBlock(1000) == 65);
    CHECK(io::csvRowsPerBlock(65536) == 1);
    CHECK(io::csvRowsPerBlock(230000) == 1);
    CHECK(io::csvRowsPerBlock(0) == 256);
}

TEST_CASE("csv writer: wide rows, one a block and more blocks than may wait, are written whole and in order")
{
    // 70,000 columns: every row is a block of its own, and 30 rows are more than the four
    // blocks that may wait for the writer, so the simulation side waits for it in turn.
    const size_t columns = 70000;
    std::vector<std::string> names(columns);
    for (size_t i = 0; i < columns; ++i) {
        char name[24];
        std::snprintf(name, sizeof name, "v%zu", i);
        names[i] = name;
    }
    test::TempFolder dir;
    const std::string path = (dir.path() / "wide.csv").string();
    std::string expected = headerLine(names);
    {
        io::CsvWriter writer(path);
        writer.begin(names);
        std::vector<double> row(columns);
        for (int r = 0; r < 30; ++r) {
            for (size_t i = 0; i < columns; ++i)
                row[i] = (i % 3 == 0) ? 0.25 * r : static_cast<double>(i) * (r + 1) * 1e-3; // still, and changing
            writer.row(r * 0.1, row);
            expected += plainLine(r * 0.1, row);
        }
        writer.finish();
    }
    const std::string written = readFile(path);
    REQUIRE(written.size() == expected.size());
    CHECK(written == expected);
}

TEST_CASE("csv writer: a column that took an alias's text keeps its own when the alias changes later in the block")
{
    // Columns time, a, b. In the second block b turns 1 on its first row and takes a's
    // cached "1"; a then changes, to -1 on the last row (so that b's partner is a). The
    // third block holds b at 1: its text must still be "1", not a's "-1".
    io::CsvBlockFormatter f(3);
    const std::vector<std::vector<double>> blocks = {
        {0.0, 1, 7},
        {0.1, 1, 1, 0.2, 2, 1, 0.3, -1, 1},
        {0.4, 5, 1, 0.5, 5, 1},
    };
    for (const auto& block : blocks) {
        std::string expected;
        for (size_t r = 0; r < block.size() / 3; ++r)
            expected += plainLine(block[3 * r], {block[3 * r + 1], block[3 * r + 2]});
        CHECK(std::string(f.format(block)) == expected);
    }
}
