#pragma once
// The limits the engine sets on a model's size, each refused with a message naming the
// culprit (docs/limits.md lists them with their messages). Past them translation would
// take hours or more memory than a machine has, and a file of a few kilobytes can ask
// for that (subsystems used twice inside each other double at every level).
#include <cstddef>

namespace flange {

// Elements of a vector connector or parameter, and iterations of one for-equation or
// reduction range (`for i in 1:n`).
constexpr int kMostElements = 100000;

// Iterations of ranges inside ranges (a sum inside a for-equation), multiplied: what
// translation expands.
constexpr long long kMostNestedIterations = 10000000;

// Subsystems inside subsystems, counted from the diagram's own components.
constexpr int kMostSubsystemNesting = 100;

// Scalar variables of the flattened model, counted while instances are made.
constexpr size_t kMostVariables = 10000000;

} // namespace flange
