#pragma once
// Free inputs for a linearization: a torque (a force) injected at a flange, or a Real
// input's signal. The diagram gets, per input, a Torque (Force) source at the flange (an
// Add block in the input's connection) driven by an integrator of zero:
// its output is a state that stays 0, so the run is the model's own, and the linear
// model's column for that state is the input's column, from the analytic Jacobian like
// every other (B = A's column, D = C's column, without the state's own row).
#include "engine/api/model.hpp"

#include <memory>
#include <string>
#include <vector>

namespace flange::linear {

// The model with a source at each flange ("inertia2.flange_b") or input ("torque.tau"),
// and the names of the states that carry the inputs, in order. Throws BadInput for a
// name that is neither.
std::shared_ptr<const Model> withInputs(const Model& model, const std::vector<std::string>& flanges,
                                        std::vector<std::string>& inputStates);

} // namespace flange::linear
