#pragma once
// The rows a run writes: which value each column takes (an unknown, a state's derivative,
// an explicitly computed unknown, a constant, a discrete value), gathered at each output
// point and event limit into one row for the result sink. What the row's values are
// computed from, and when a row is due, is the run's (simulation.cpp).
#include "engine/run.hpp"

#include <cstdint>
#include <vector>

namespace flange::solve {

class RowOutput {
public:
    // outputs: the model's outputs to write, by index; empty for all of them.
    RowOutput(const CompiledModel& m, const std::vector<int>& outputs, ResultSink& sink);
    // The column names and the rows to expect, to the sink before the first row.
    void begin(long gridRows);
    // Whether a row reads the explicitly computed unknowns (computeValues before write).
    bool readsComputed() const { return !fromComputed_.empty(); }
    void write(double t, const std::vector<double>& y, const std::vector<double>& yp,
               const std::vector<double>& computed, const std::vector<double>& disc);

private:
    const CompiledModel& m_;
    ResultSink& sink_;
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
