#pragma once
// Public engine header (engine/api/): The editor's questions about values: parsing an expression, evaluating a parameter in its instance, units.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/expr/parser.hpp"
#include "engine/flatten/parameter_values.hpp"
#include "engine/units/units.hpp"
