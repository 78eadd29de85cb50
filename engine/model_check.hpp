#pragma once
// Check (Diagram > Check, `flange-sim check`): what translation chose, read from the
// compiled model's tables without running it.
#include "engine/translation_types.hpp"

namespace flange {

struct CompiledModel;

CheckReport checkModel(const CompiledModel& m);

} // namespace flange
