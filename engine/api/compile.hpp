#pragma once
// Public engine header (engine/api/): Translating a diagram: compileModel() and the CompiledModel it returns.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/compile.hpp"
