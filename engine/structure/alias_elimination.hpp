#pragma once
// Alias and trivial-equation elimination. Connections produce most equations, and most
// of them say two variables are equal (or opposite, or offset by a rod length), or that
// a variable is a constant. Those equations are removed and the variables replaced by
// x = sign * representative + offset. Derivative classes are merged along with their
// variables, so two rigidly connected inertias share one phi, w and a and need no index
// reduction (engine.md section 2).
#include "engine/cancel.hpp"
#include "engine/flatten/flat_model.hpp"

namespace flange::structure {

struct AliasStats {
    int removedEquations = 0;
    int aliases = 0;
    int constants = 0;
};

// Rewrites m in place: alias equations removed, every remaining expression in terms of
// representatives, vars[i].aliasOf/isConstant set, derivative links between
// representatives rebuilt. Throws flange::Error (BadInput) on contradictions.
// Polls `cancelled` per equation.
AliasStats eliminateAliases(flatten::FlatModel& m, const CancelFlag& cancelled = {});

} // namespace flange::structure
