#pragma once
// Strongly connected components of a dependency graph (Tarjan 1972, iterative so that
// chains of 10^5 elements cannot overflow the stack). Both block-lower-triangular sorts
// use it: the explicit solving of equations at translation and the block-by-block
// Newton fallback at run time.
#include <cstdint>
#include <vector>

namespace flange::structure {

// deps[i]: the nodes that node i depends on. Components come dependencies first: every
// node a component depends on is in it or in an earlier component.
std::vector<std::vector<int32_t>> strongComponents(const std::vector<std::vector<int32_t>>& deps);

} // namespace flange::structure
