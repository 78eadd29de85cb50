#pragma once
// Public engine header (engine/api/): Sweeps as Slurm array jobs: the folder's files, the array-job script, the tasks' runs.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/sweep/slurm_sweep.hpp"
