#pragma once
// Public engine header (engine/api/): the vocabulary of a run: its options and limits, the
// sink that receives its rows, its events and statistics. The run itself is flange::Run
// (engine/api/simulation.hpp).
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/simulation_types.hpp"
