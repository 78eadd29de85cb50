#pragma once
// How many rows of one run the window keeps. The window holds every row of the run it
// shows, of the run before it (the ghost curves) and, while a run starts, of the one it
// replaces, all in memory: a stop time typed without a matching interval (10^4 s at
// 0.5 ms is 20 million rows) would otherwise fill the machine's memory before the user
// stops it. The engine enforces the row count (SimulationOptions::maxRows) and says how
// the window's limit comes about.
#include "engine/api/run.hpp"

#include <cstddef>

namespace flange::ui {

// An eighth of the machine's memory, at least 256 MiB and at most 4 GiB.
std::size_t defaultRowMemory();

// The options of a run whose rows hold `columns` values each (time included) within
// `bytes`: a row limit no larger than the one asked for, and the advice its messages end with.
SimulationOptions withinRowMemory(SimulationOptions options, std::size_t bytes, std::size_t columns);

} // namespace flange::ui
