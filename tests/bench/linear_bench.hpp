#pragma once
// flange-bench's linear-analysis figures (issue 37): linearize + modes + energy + Bode of
// the 20-inertia chain, and the 10 lowest modes of the 10,000-inertia chain by sparse
// shift-invert, their translations reported apart.
#include "engine/library/library.hpp"

namespace flange::bench {

void linearAnalysis(const library::Library& lib);

} // namespace flange::bench
