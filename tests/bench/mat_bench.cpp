#include "mat_bench.hpp"

#include "engine/io/mat_writer.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace flange::bench {

void matWriting(long rows, int width)
{
    using clock = std::chrono::steady_clock;
    const fs::path dir = fs::temp_directory_path() / ("flange-mat-bench." + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::vector<double> values(static_cast<size_t>(width));
    std::vector<std::string> names;
    std::vector<io::MatVariable> layout;
    for (int c = 0; c < width; ++c) {
        names.push_back(std::to_string(c));
        names.back().insert(0, 1, 'v'); // not "v" + ...: GCC 12 warns of a false -Wrestrict there
        layout.push_back({names.back(), "", c, false, false, 0.0});
    }
    // Both write the same bytes and sync them before they count as written: the MAT file
    // through its writer, row by row as a run gives them; the plain one in the same 1 MB
    // blocks of rows (time and values) with fwrite.
    auto t0 = clock::now();
    {
        io::MatWriter writer((dir / "bench.mat").string(), layout);
        writer.begin(names);
        for (long r = 0; r < rows; ++r) {
            for (int c = 0; c < width; ++c)
                values[static_cast<size_t>(c)] = r + 0.001 * c;
            writer.row(1e-3 * r, values);
        }
        writer.finish();
    }
    auto t1 = clock::now();
    {
        std::FILE* f = std::fopen((dir / "plain.bin").c_str(), "w");
        std::vector<double> block;
        const size_t perBlock = (size_t{1} << 17) / static_cast<size_t>(width + 1);
        for (long r = 0; r < rows; ++r) {
            block.push_back(1e-3 * r);
            for (int c = 0; c < width; ++c)
                block.push_back(r + 0.001 * c);
            if (block.size() >= perBlock * static_cast<size_t>(width + 1) || r + 1 == rows) {
                std::fwrite(block.data(), sizeof(double), block.size(), f);
                block.clear();
            }
        }
        std::fflush(f);
        ::fsync(::fileno(f));
        std::fclose(f);
    }
    auto t2 = clock::now();
    const double mat = std::chrono::duration<double>(t1 - t0).count();
    const double plain = std::chrono::duration<double>(t2 - t1).count();
    const double mb = static_cast<double>(fs::file_size(dir / "bench.mat")) / 1e6;
    std::printf("\n.mat result: %ld rows x %d variables (%.0f MB): MAT writer %.2f s, plain fwrite of the same "
                "bytes %.2f s, ratio %.2f (goal: at most 1.5)\n",
                rows, width, mb, mat, plain, mat / plain);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

} // namespace flange::bench
