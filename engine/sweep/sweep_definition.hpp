#pragma once
// A sweep as data: what `flange-sim sweep` reads from its options or from a file given
// with --sweep (docs/sweeps.md), and what the window will save with a diagram. The file:
//   {"format": "flange-sweep", "version": 1,
//    "set": {"clutch1.mue_pos": "0.5"},
//    "vary": [{"name": "clutch1.fn_max", "spec": "10:100:5"}],
//    "paired": false, "samples": 200, "seed": 1,
//    "metrics": [{"name": "lock", "expression": "event(\"clutch1\", \"locked\")"}],
//    "signals": ["J1.w"]}
// Every key but "format" may be left out.
#include "engine/sweep/run_metrics.hpp"
#include "engine/sweep/sweep_plan.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace flange::sweep {

struct SweepDefinition {
    std::vector<std::string> set;   // "NAME=VALUE", the same in every run
    std::vector<Variation> vary;    // in order: the last varies fastest
    PlanSettings plan;
    std::vector<MetricDefinition> metrics;
    std::vector<std::string> chosenSignals;
};

// Throws flange::Error (BadInput) naming the file, and the JSON path of what is wrong.
SweepDefinition sweepFromJson(const nlohmann::ordered_json& j, const std::string& file);
SweepDefinition readSweepFile(const std::string& path);
nlohmann::ordered_json sweepToJson(const SweepDefinition& s);

} // namespace flange::sweep
