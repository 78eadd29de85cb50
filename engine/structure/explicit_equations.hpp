#pragma once
// Block-lower-triangular sorting after index reduction: an algebraic unknown that its
// matched equation gives explicitly (the equation is affine in it, with a constant
// coefficient) and that is not part of an algebraic loop is computed from the others,
// not integrated. Its expression replaces it in every remaining equation, relation,
// discrete and initial equation, so the solver sees only the states and the unknowns
// of algebraic loops (a drive line of N inertias: 2N states instead of 9N unknowns).
// The tapes compile the shared expression once, so nothing is evaluated twice.
#include "engine/cancel.hpp"
#include "engine/flatten/flat_model.hpp"
#include "engine/structure/dae_structure.hpp"

#include <string>
#include <vector>

namespace flange::structure {

struct ComputedVariable {
    int32_t var = -1;
    expr::NodeId value = expr::kNone; // over the remaining unknowns only
    std::string origin;               // the equation it was solved from
    std::vector<int32_t> reads;       // earlier computed variables the equation read (indices)
};

struct ExplicitEquations {
    std::vector<ComputedVariable> computed;         // in evaluation order
    std::vector<std::vector<int32_t>> equationReads; // per remaining equation of s: computed it read
};

// matchedVar[r]: the algebraic unknown equation r of s is matched to in the solver's
// perfect matching, or -1 (matched to a state's derivative). Removes the computed
// unknowns and their equations from s and substitutes them everywhere in m.
ExplicitEquations solveExplicitEquations(flatten::FlatModel& m, DaeStructure& s, const std::vector<int32_t>& matchedVar,
                                         const CancelFlag& cancelled = {});

} // namespace flange::structure
