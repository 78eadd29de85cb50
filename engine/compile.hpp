#pragma once
// Translation facade: Diagram + Library -> CompiledModel. Every stage reports bad
// input as flange::Error (BadInput) naming the component, connection or equation, with
// the instances concerned in Error::instances.
#include "engine/compiled_model.hpp"
#include "engine/library/library.hpp"
#include "engine/translation_types.hpp"

#include <memory>
#include <string>

namespace flange {

std::shared_ptr<const CompiledModel> compileModel(const diagram::Diagram& d, const library::Library& lib,
                                                  const CompileOptions& options);
std::shared_ptr<const CompiledModel> compileModel(const diagram::Diagram& d, const library::Library& lib);

} // namespace flange
