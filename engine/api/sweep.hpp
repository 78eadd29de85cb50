#pragma once
// Public engine header (engine/api/): Parameter overrides by name (--set) and sweeps: plans, metrics, runs on worker threads, their folder.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/sweep/parameter_overrides.hpp"
#include "engine/sweep/run_executor.hpp"
#include "engine/sweep/run_metrics.hpp"
#include "engine/sweep/sweep_definition.hpp"
#include "engine/sweep/sweep_folder.hpp"
#include "engine/sweep/sweep_plan.hpp"
#include "engine/sweep/sweep_runner.hpp"
