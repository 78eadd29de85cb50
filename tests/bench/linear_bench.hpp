#pragma once
// flange-bench's linear-analysis figures (issue 37): linearize + modes + energy of the
// 20-inertia chain, its translation reported apart.
#include "engine/library/library.hpp"

namespace flange::bench {

void linearAnalysis(const library::Library& lib);

} // namespace flange::bench
