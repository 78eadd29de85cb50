#pragma once
// Direct evaluation of a Pool expression: used at translation time (numeric checks of
// state selection, start values) and in tests. The solver evaluates compiled tapes instead.
#include "engine/expr/pool.hpp"

#include <vector>

namespace flange::expr {

struct EvalContext {
    const double* vars = nullptr; // continuous variable values by variable id
    const double* disc = nullptr; // discrete values by variable id
    const double* pre = nullptr;  // pre() values by variable id
    const double* rel = nullptr;  // relation values
    double time = 0;
    bool initial = false;
    char* reached = nullptr; // not null: relations the evaluation reads (and/or/if short-circuit) are set to 1
    const double* parameters = nullptr; // a run's values of the parameters kept as leaves, by id; null: as translated
};

double evaluate(const Pool& pool, NodeId id, const EvalContext& ctx);

} // namespace flange::expr
