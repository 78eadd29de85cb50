#pragma once
// The components whose parameters give a drive line's masses, stiffnesses and dampings:
// inertias and masses (J, m), springs (c), dampers (d) and spring-dampers (c, d), with
// the variables that carry their motion, in the diagram's component order.
#include "engine/api/linearize.hpp"
#include "engine/compiled_model.hpp"

#include <string>
#include <vector>

namespace flange::linear {

struct PartVariables {
    LinearSystem::Part part; // rows left empty
    std::string position, speed; // variable names ("inertia1.phi", "inertia1.w"); empty: none
};

std::vector<PartVariables> driveLineParts(const Model& model);

} // namespace flange::linear
