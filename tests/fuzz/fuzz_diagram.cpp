// Fuzz target: the diagram reader (engine/diagram/diagram_json). Malformed input must be
// refused with flange::Error; an accepted diagram must survive a save/load round trip
// unchanged (what the editor writes, it can read back).
#include "fuzz_limits.hpp"

#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    flange::diagram::Diagram diagram;
    try {
        diagram = flange::diagram::parseDiagram(text, "fuzz.json");
    } catch (const flange::Error& e) {
        flange::fuzz::noteRefusal("diagram", e.what());
        return 0; // refused with a message: the expected answer to most inputs
    } catch (const std::exception& e) {
        flange::fuzz::strayException("diagram", e.what());
    }
    // From here on any exception is a finding: the diagram was accepted once.
    try {
        const std::string saved = flange::diagram::serializeDiagram(diagram);
        const std::string resaved =
            flange::diagram::serializeDiagram(flange::diagram::parseDiagram(saved, "fuzz-saved.json"));
        if (saved != resaved) {
            std::fprintf(stderr, "fuzz diagram: a saved diagram reads back differently\n--- saved\n%s\n--- resaved\n%s\n",
                         saved.c_str(), resaved.c_str());
            std::abort();
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz diagram: a saved diagram cannot be read back: %s\n", e.what());
        std::abort();
    }
    return 0;
}
