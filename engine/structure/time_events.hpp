#pragma once
// Which relations are time events: their distance lhs - rhs is a*time + b, with a and b
// constant or read from discrete values (a pulse's end at T_start + T_width), so the
// run can step exactly onto them instead of searching for a crossing.
#include "engine/flatten/flat_model.hpp"

namespace flange::structure {

// True for a time event. discrete: a and b come from discrete values or parameters kept as
// leaves and are evaluated by the run, at its start and after every event; otherwise a and
// b are set here.
bool affineInTime(const flatten::FlatModel& f, expr::NodeId distance, double& a, double& b, bool& discrete);

} // namespace flange::structure
