// Fuzz target: Modelica text read as a diagram (engine/modelica: tokenizer, parser, lookup,
// function evaluation, reader). Any input may be refused with flange::Error; nothing else
// may happen. Every model of an accepted file is read against the bundled library.
#include "fuzz_library.hpp"
#include "fuzz_limits.hpp"

#include "engine/error.hpp"
#include "engine/modelica/modelica_reader.hpp"

#include <cstdint>
#include <exception>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        flange::modelica::ModelicaSource source = flange::modelica::ModelicaSource::fromText(text, "fuzz.mo");
        for (const std::string& model : source.models()) {
            try {
                const flange::diagram::Diagram d =
                    flange::modelica::readModelica(source, model, flange::fuzz::bundledLibrary());
                (void)d.components.size();
            } catch (const flange::Error& e) {
                flange::fuzz::noteRefusal("modelica", e.what());
            }
        }
    } catch (const flange::Error& e) {
        flange::fuzz::noteRefusal("modelica", e.what());
    } catch (const std::exception& e) {
        flange::fuzz::strayException("modelica", e.what());
    }
    return 0;
}
