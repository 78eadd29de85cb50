// Fuzz target: the whole translate step. Diagram bytes + the bundled library ->
// compileModel, then a short simulation bounded in simulated time, rows and wall-clock
// time. Bad input must come back as flange::Error; a failed simulation likewise.
#include "fuzz_library.hpp"
#include "fuzz_limits.hpp"

#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/run.hpp"

#include <cstdint>
#include <exception>
#include <string>

namespace {

// Stops the run after a few hundred rows or milliseconds: the point is to reach the
// solver with odd models, not to finish them.
class BoundedSink : public flange::ResultSink {
public:
    void row(double, const std::vector<double>& values) override
    {
        for (double v : values)
            checksum_ += v == v ? 0 : 1; // touch every value under the sanitizers
        ++rows_;
    }
    bool cancelled() override { return rows_ > 500 || deadline_.expired(); }

private:
    flange::fuzz::Deadline deadline_{300};
    long rows_ = 0;
    long checksum_ = 0;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto& lib = flange::fuzz::bundledLibrary();
    try {
        const auto diagram = flange::diagram::parseDiagram(text, "fuzz.json");
        const flange::fuzz::Deadline translation(2000);
        flange::CompileOptions options;
        options.cancelled = [&] { return translation.expired(); };
        const auto model = flange::compileModel(diagram, lib, options);
        flange::SimulationOptions run;
        const auto& ex = diagram.experiment;
        // A short horizon with few output points, whatever the diagram asks for.
        run.stopTime = ex.startTime + 0.2;
        run.interval = 0.002;
        BoundedSink sink;
        flange::simulate(*model, run, sink);
    } catch (const flange::Error& e) {
        flange::fuzz::noteRefusal("translate", e.what());
    } catch (const std::exception& e) {
        flange::fuzz::strayException("translate", e.what());
    }
    return 0;
}
