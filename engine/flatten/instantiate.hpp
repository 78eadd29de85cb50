#pragma once
// Diagram + library -> FlatModel: evaluates parameters, creates every instance's
// variables, lowers its equations and adds the connection equations.
#include "engine/cancel.hpp"
#include "engine/diagram/diagram.hpp"
#include "engine/flatten/flat_model.hpp"
#include "engine/input_limits.hpp"
#include "engine/library/library.hpp"

namespace flange::flatten {

// Throws flange::Error (BadInput) naming the component, parameter or connection at fault
// (and listing its instances in Error::instances); Cancelled between components. A model
// of more than mostVariables scalar variables is refused (tests lower the limit).
FlatModel instantiate(const diagram::Diagram& d, const library::Library& lib, const CancelFlag& cancelled = {},
                      size_t mostVariables = kMostVariables);

} // namespace flange::flatten
