#pragma once
// Public engine header (engine/api/): Simulating a compiled model: simulate(), its options, the result sink and statistics.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/run.hpp"
