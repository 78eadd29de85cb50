#pragma once
// The order the discrete equations are evaluated in at an event: each after those whose
// values it reads (pre() values are not dependencies).
#include "engine/flatten/flat_model.hpp"

#include <vector>

namespace flange::structure {

// Indices into f.discreteEquations. Throws flange::Error (BadInput) naming the components
// for a variable defined twice (by two equations, or an equation and a when) and for a cycle.
std::vector<size_t> discreteEquationOrder(const flatten::FlatModel& f);

} // namespace flange::structure
