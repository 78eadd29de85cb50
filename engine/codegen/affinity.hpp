#pragma once
// Whether residual rows are affine in the unknowns of a solve with coefficients that only
// change at events. The consistent solve at every output point then needs one Newton step
// on a factorization made after the last event (solve/newton.hpp, NewtonProblem::affine).
// Decided on the expressions, not on the Jacobian: floor(x), sign(x) or a noEvent
// comparison on an unknown has a zero derivative but jumps, so a constant Jacobian alone
// would not make one step exact.
#include "engine/expr/pool.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace flange::codegen {

struct VarSource; // tape_compiler.hpp, kept out of this header: its emit() clashes with Qt's macro

struct Affinity {
    bool affine = false;
    // The discrete values (variable ids), pre() values and relations the rows read: the
    // coefficients can only change when one of these does.
    std::vector<int32_t> disc, pre, rel;
};

// rows: residual expressions over the solver's slots, source: where each variable is (as
// for the tapes). The unknowns are those of the solve with the states held: the states'
// derivatives and the algebraic slots; the states and time vary between solves.
Affinity consistentAffinity(const expr::Pool& pool, const std::vector<expr::NodeId>& rows,
                            const std::function<VarSource(int32_t var)>& source, const std::vector<char>& slotIsState);

} // namespace flange::codegen
