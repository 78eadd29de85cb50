#pragma once
// The rows a run writes: which value each column takes (an unknown, a state's derivative,
// an explicitly computed unknown, a constant, a discrete value), gathered from the run's
// values of the moment (RunState) into one row for the result sink, within the run's row
// limit. When a row is due (an output point, an event's limits) is the driver's
// (simulation.cpp).
#include "engine/solve/run_state.hpp"

#include <cstdint>
#include <vector>

namespace flange::solve {

class RowOutput {
public:
    // outputs: the model's outputs to write, by index; empty for all of them.
    RowOutput(RunState& state, const std::vector<int>& outputs);
    // The column names and the rows to expect, to the sink before the first row.
    void begin(long gridRows);
    // The row at t from y_, yp_ and the discrete values, with the explicitly computed
    // unknowns evaluated there (a value that is not finite stops the run, naming its
    // equation). Counted in the run's statistics.
    void write(double t);

private:
    RunState& s_;
    std::vector<int> outputs_;
    // Where each column of a row comes from, packed: OutputVar carries names and units,
    // and walking 2.3 million of them per row was a tenth of a 100,000-inertia run. One
    // list per source array: a switch on each column's kind mispredicted at every column.
    struct RowSource {
        double sign = 1, offset = 0;
        int32_t index = 0;  // into the source array
        int32_t column = 0; // in the row
    };
    std::vector<RowSource> fromY_, fromYp_, fromComputed_, constant_, fromDiscrete_;
    std::vector<double> values_;
};

} // namespace flange::solve
