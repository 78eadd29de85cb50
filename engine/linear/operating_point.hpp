#pragma once
// The values a linearization is taken at: the unknowns, their derivatives, the discrete
// values and the relations of a run at its initial state or at a time, read from the
// run's row (the run API keeps its solver's vectors to itself).
#include "engine/api/model.hpp"
#include "engine/codegen/tape.hpp"

#include <memory>
#include <optional>
#include <vector>

namespace flange::linear {

struct OperatingPoint {
    std::shared_ptr<const Model> model;
    double time = 0;
    std::vector<double> y, yp, disc, rel;
};

// Runs `model` to `at` (empty: initializes only). Slots no column holds keep their start
// values; the relations are those the values give. Throws as Run does.
OperatingPoint operatingPoint(const std::shared_ptr<const Model>& model, std::optional<double> at);

// A tape's inputs at the point: its unknowns, derivatives, discrete values (also as their
// pre values: no event is in progress) and relations; outputs left for the caller.
inline codegen::TapeInputs tapeInputs(const OperatingPoint& p)
{
    codegen::TapeInputs in;
    in.y = p.y.data();
    in.yp = p.yp.data();
    in.disc = p.disc.data();
    in.pre = p.disc.data();
    in.rel = p.rel.data();
    in.time = p.time;
    return in;
}

} // namespace flange::linear
