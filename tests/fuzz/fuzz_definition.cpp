// Fuzz target: one component definition from bytes (engine/library loader). Malformed
// input must be refused with flange::Error. An accepted definition is added to the
// bundled library, resolved (extends) and translated as a one-instance diagram, so that
// what the reader lets through is also exercised by the flattener.
#include "fuzz_library.hpp"
#include "fuzz_limits.hpp"

#include "engine/compile.hpp"
#include "engine/error.hpp"

#include <unistd.h>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

// One file per process: libFuzzer's forks and parallel ctest runs never share it.
std::string scratchFile()
{
    static const std::string path = (std::filesystem::temp_directory_path() /
                                     ("flange-fuzz-definition-" + std::to_string(::getpid()) + ".json"))
                                        .string();
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto& bundled = flange::fuzz::bundledLibrary();
    try {
        const auto def = flange::library::parseDefinition(text, "fuzz.json");
        {
            std::ofstream out(scratchFile(), std::ios::binary | std::ios::trunc);
            out << text;
        }
        flange::library::Library lib = bundled;
        lib.loadFile(scratchFile());
        lib.resolve();
        flange::diagram::Diagram d;
        d.name = "FuzzDefinition";
        flange::diagram::Component c;
        c.name = "c1";
        c.type = def.name;
        d.components.push_back(c);
        flange::compileModel(d, lib);
    } catch (const flange::Error& e) {
        flange::fuzz::noteRefusal("definition", e.what());
    } catch (const std::exception& e) {
        flange::fuzz::strayException("definition", e.what());
    }
    std::filesystem::remove(scratchFile());
    return 0;
}
