#pragma once
// Simulation facade: CompiledModel + options + sink -> rows. All mutable state lives in
// the run; the sink receives rows as they are produced (the GUI plots them live) and
// can cancel: it is polled between solver steps, per Newton and event iteration and
// during initialization.
#include "engine/compiled_model.hpp"
#include "engine/simulation_types.hpp"

#include <cstdint>
#include <vector>

namespace flange {

// For each column of the rows simulate() reports (outputs as below), the first column that
// holds the same value on every row, or the column itself when none does: the aliases of
// one unknown (flange_b.phi = phi), constants of one value, one discrete value read twice.
// A sink that keeps the rows may keep each value once (the window's row store does).
std::vector<int32_t> columnsWithSameValues(const CompiledModel& model, const std::vector<int>& outputs = {});

// The same, and also a column that always holds the negation of an earlier one (the two
// sides of a connection's torque: flange_a.tau = -flange_b.tau), which a Dymola result
// file stores once with a negative index; `constant`: a column that never changes.
struct SharedColumn {
    int32_t first = 0;
    bool negated = false;
    bool constant = false;
};
std::vector<SharedColumn> columnsSharedWithSign(const CompiledModel& model, const std::vector<int>& outputs = {});

// outputs: indices into model.outputs to report (empty = all). Throws flange::Error:
// SimulationFailed with time and reason, Cancelled when the sink asks to stop; both carry
// Error::time and, where known, the instances at fault.
// parameters: the values of the model's parameters kept as leaves (expr::Pool::param), by
// id; empty: their values at translation.
SimulationStats simulate(const CompiledModel& model, const SimulationOptions& options, ResultSink& sink,
                         const std::vector<int>& outputs = {}, const std::vector<double>& parameters = {});

} // namespace flange
