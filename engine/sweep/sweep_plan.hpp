#pragma once
// Which runs a sweep makes: each --vary NAME=SPEC is a list "v1,v2,v3", a range
// "start:stop:n" or "start:stop:n:log" (both ends included), or a draw "uniform(lo,hi)" /
// "normal(mean,sd)". Lists and ranges are axes; the draws of all parameters together are
// one axis of `samples` runs (run i draws each drawn parameter once, in --vary order).
// The axes make a full grid, the last varying fastest, or with `paired` go side by side
// (equal lengths required). Runs are numbered from 0 in this order.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace flange::sweep {

struct Variation {
    enum class Kind { List, Range, LogRange, Uniform, Normal };
    std::string name; // the parameter: "clutch1.fn_max", "inertia1.w.start"
    std::string spec; // as written
    Kind kind = Kind::List;
    // List: the values as written; Range/LogRange: start, stop; Uniform: lo, hi; Normal: mean, sd.
    std::vector<std::string> items;
    long count = 0; // Range/LogRange: n
    bool isDraw() const { return kind == Kind::Uniform || kind == Kind::Normal; }
};

// "NAME=SPEC" (option names the source in messages: "--vary"). Throws flange::Error
// (BadInput) naming the parameter and the part of SPEC that is wrong.
Variation parseVariation(const std::string& nameEqualsSpec, const std::string& option = "--vary");
Variation parseVariation(const std::string& name, const std::string& spec, const std::string& option);

struct PlanSettings {
    bool paired = false;
    std::optional<long> samples; // required by draws, refused without them
    uint64_t seed = 0;
};

struct SweepPlan {
    std::vector<std::string> parameters;     // the varied names, in --vary order
    std::vector<std::vector<double>> values; // [run][parameter], in the parameters' units
    size_t runs() const { return values.size(); }
};

// Most runs one sweep may plan (the plan is kept in memory, some 50 bytes a run): a typing
// slip in a grid (0:1:10000 twice) is refused instead of filling memory and disk.
inline constexpr size_t kMaxPlannedRuns = 1'000'000;

// `value(i, text)` is the number `text` stands for as a value of variations[i] (with its
// unit converted); it throws flange::Error for a bad one. Throws flange::Error (BadInput)
// for a plan that cannot be made (a parameter varied twice, --paired lists of unequal
// lengths, draws without --samples, too many runs).
SweepPlan makePlan(const std::vector<Variation>& variations, const PlanSettings& settings,
                   const std::function<double(size_t, const std::string&)>& value);

} // namespace flange::sweep
