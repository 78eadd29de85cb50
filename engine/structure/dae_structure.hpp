#pragma once
// The structural view of the continuous equations after alias elimination: who is
// incident where, which equations were differentiated into which, and the state
// selection. The passes that fill it (structural check, Pantelides, dummy
// derivatives) each live in their own file; analyze() runs them in order.
#include "engine/cancel.hpp"
#include "engine/flatten/flat_model.hpp"

#include <set>
#include <string>
#include <vector>

namespace flange::structure {

struct DaeStructure {
    std::vector<flatten::FlatEquation> eqs;      // original continuous equations, then differentiated ones
    std::vector<std::vector<int32_t>> incidence; // per equation: variable ids, sorted
    std::vector<int32_t> eqDiff;                 // equation -> its derivative equation, or -1
    std::vector<int32_t> eqParent;               // equation -> the equation it differentiates, or -1
    std::vector<int32_t> unknowns;               // continuous variable ids in the system
    std::vector<char> isDummy;                   // by variable id: a derivative made algebraic
    std::vector<char> isState;                   // by variable id: integrated by the solver
    std::vector<int32_t> eqMatch;                // equation -> the highest-derivative unknown it determines
    int originalEquations = 0;

    void addEquation(flatten::FlatEquation eq, const expr::Pool& pool);
};

std::vector<int32_t> incidentVars(const expr::Pool& pool, expr::NodeId id);

// Structural check (derivative chains merged into one column): throws flange::Error
// (BadInput) naming the over- or under-determined part by component and variable.
void checkStructure(const flatten::FlatModel& m, const DaeStructure& s);

// The one wording of an over-determined model, shared by the structural check and the
// check after index reduction (where a differentiated constraint can clash).
std::string overDeterminedMessage(size_t extra, const std::set<std::string>& components,
                                  const std::set<std::string>& origins);

// More equations than unknowns after index reduction: a constraint that only clashes
// once differentiated (a LossyGear whose flanges are connected to each other fixes
// w_a = ratio*w_b while the connection makes the angles equal). rows[r] lists the
// unknowns of equation r; the equations left unmatched, and those reachable from them,
// are named as the over-determined part (flange::Error, BadInput).
[[noreturn]] void throwOverDetermined(const std::vector<std::vector<int32_t>>& rows,
                                      const std::vector<std::string>& origins);

// Pantelides (1988): differentiates equations until every equation can be matched to a
// highest-derivative unknown. Creates der() variables and differentiated equations.
// Polls `cancelled` per original equation.
void pantelides(flatten::FlatModel& m, DaeStructure& s, const CancelFlag& cancelled = {});

// Mattsson & Soederlind (1993) dummy derivatives with MSL stateSelect priorities; sets
// isDummy and isState. Appends warnings about stateSelect requests it could not honour.
void selectDummyDerivatives(flatten::FlatModel& m, DaeStructure& s);

// Runs the three passes on the model's continuous equations.
DaeStructure analyze(flatten::FlatModel& m, const CancelFlag& cancelled = {});

} // namespace flange::structure
