// Fuzz target: a table read from a file (CombiTimeTable's fileName, issue 33). The input's
// first byte chooses the format (CSV or the MSL text format), the smoothness and the
// extrapolation; the rest is the file, which a one-table diagram reads, translates and
// simulates for a few rows. The file is written to a folder unique
// to the process, beside the diagram that names it.
#include "fuzz_library.hpp"
#include "fuzz_limits.hpp"

#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/run.hpp"

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

// Made at the first input, removed when the process ends.
struct Folder {
    std::string path;
    Folder()
    {
        char name[] = "/tmp/flange-fuzz-table-XXXXXX";
        if (const char* made = ::mkdtemp(name))
            path = made;
    }
    ~Folder()
    {
        std::error_code ec;
        if (!path.empty())
            std::filesystem::remove_all(path, ec);
    }
};

const std::string& folder()
{
    static const Folder dir;
    return dir.path;
}

class BoundedSink : public flange::ResultSink {
public:
    void row(double, const std::vector<double>&) override { ++rows_; }
    bool cancelled() override { return rows_ > 500 || deadline_.expired(); }

private:
    flange::fuzz::Deadline deadline_{300};
    long rows_ = 0;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    static const char* const smoothness[] = {"LinearSegments", "ContinuousDerivative", "ConstantSegments",
                                             "MonotoneContinuousDerivative1"};
    static const char* const extrapolation[] = {"HoldLastPoint", "LastTwoPoints", "Periodic", "NoExtrapolation"};
    const unsigned choice = data[0];
    const bool csv = (choice & 1) == 0;
    const std::string file = csv ? "table.csv" : "table.txt";
    {
        std::ofstream out(folder() + "/" + file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
    }
    const std::string diagram =
        R"({"format": "flange-diagram", "version": 1, "name": "table", "experiment": {"stopTime": 1},
            "components": [{"name": "table", "type": "Blocks.Sources.CombiTimeTable", "parameters": {
              "tableOnFile": true, "fileName": ")" +
        file + R"(", "tableName": "tab1", "smoothness": "Smoothness.)" + smoothness[(choice >> 1) & 3] +
        R"(", "extrapolation": "Extrapolation.)" + extrapolation[(choice >> 3) & 3] + R"("}}],
            "connections": []})";
    const auto& lib = flange::fuzz::bundledLibrary();
    try {
        auto d = flange::diagram::parseDiagram(diagram, folder() + "/fuzz.json");
        d.folder = folder(); // where its relative fileName is read from, as loadDiagram sets it
        const flange::fuzz::Deadline translation(2000);
        flange::CompileOptions options;
        options.cancelled = [&] { return translation.expired(); };
        const auto model = flange::compileModel(d, lib, options);
        // The reading and the lookups are the point: a few rows (CI's smoke runs 10^4 inputs
        // under the sanitizers).
        flange::SimulationOptions run;
        run.stopTime = 0.1;
        run.interval = 0.01;
        BoundedSink sink;
        flange::simulate(*model, run, sink);
    } catch (const flange::Error& e) {
        flange::fuzz::noteRefusal("table", e.what());
    } catch (const std::exception& e) {
        flange::fuzz::strayException("table", e.what());
    }
    return 0;
}
