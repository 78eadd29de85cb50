#pragma once
// A rotating drive line's steady state: every state's derivative zero but for the states
// nothing reads (absolute angles and positions), which turn at the speed the others give.
#include "engine/compiled_model.hpp"
#include "engine/linear/operating_point.hpp"

#include <vector>

namespace flange::linear {

// From the consistent point `p`, by Newton's method on the residual with the unknowns
// y (yp = 0) for the held states and the algebraic ones, and yp for the free states
// (`free`, by state index). The discrete values and relations stay those of `p`.
// Throws BadInput "no steady state" when the equations cannot hold with those
// derivatives (a net torque accelerates the line), naming the equation furthest off.
OperatingPoint steadyState(const CompiledModel& m, OperatingPoint p, const std::vector<char>& free);

} // namespace flange::linear
