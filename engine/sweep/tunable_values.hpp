#pragma once
// Whether an edited diagram runs on a model compiled from another with other values of its
// tunable parameters only, and which (docs/architecture.md, "Parameters"): a run then sets
// those values in its tapes instead of translating the edited diagram.
#include "engine/compiled_model.hpp"
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/sweep/parameter_overrides.hpp"

#include <optional>
#include <string>
#include <vector>

namespace flange::sweep {

// The names of the model's tunable parameters: kept as leaves (expr::Pool::param) and not
// read by translation to decide anything.
std::vector<std::string> tunableParameters(const CompiledModel& model);

// The values, by parameter id, of the model's parameters kept as leaves in `edited` (given,
// or their defaults where neither diagram gives one), when
// `edited` differs from `translated` (the model's diagram) in tunable parameters only and
// each new value is a finite number other than 0 within its declared range; nullopt
// otherwise (the edited diagram is to be translated, which also gives its messages).
// `edited` is as given on return: translation's values are put in it to compare the two,
// and taken out again.
std::optional<std::vector<double>> tunedValues(const CompiledModel& model, const diagram::Diagram& translated,
                                               const library::Library& library, diagram::Diagram& edited);

// The same answer for the translated diagram with `edits` applied in order, found from the
// edited instances alone (no copy of the diagram, no comparison of it: a drive line of
// 10,000 sections edited in one place) when each edit sets a number to a tunable parameter
// of an instance. nullopt when it cannot tell so (an edit of a model parameter, a start
// value, an expression, a structural parameter or a value translation must see): then the
// edited diagram decides, by the function above.
std::optional<std::vector<double>> tunedInstanceValues(const CompiledModel& model, const diagram::Diagram& translated,
                                                       const library::Library& library,
                                                       const std::vector<Override>& edits);

} // namespace flange::sweep
