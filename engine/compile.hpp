#pragma once
// Translation facade: Diagram + Library -> CompiledModel. Every stage reports bad
// input as flange::Error (BadInput) naming the component, connection or equation, with
// the instances concerned in Error::instances.
#include "engine/compiled_model.hpp"
#include "engine/library/library.hpp"

#include <functional>
#include <memory>
#include <string>

namespace flange {

// Hooks for a caller translating on a worker thread. Both may be empty.
struct CompileOptions {
    // Polled between phases and inside the loops that grow with the model; true stops
    // the translation with flange::Error (Cancelled).
    std::function<bool()> cancelled;
    // After each phase: its name and the fraction (0..1) of the whole translation done,
    // non-decreasing, ending with 1.
    std::function<void(const std::string& phase, double fraction)> progress;
};

std::shared_ptr<const CompiledModel> compileModel(const diagram::Diagram& d, const library::Library& lib,
                                                  const CompileOptions& options);
std::shared_ptr<const CompiledModel> compileModel(const diagram::Diagram& d, const library::Library& lib);

} // namespace flange
