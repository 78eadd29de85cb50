#pragma once
// The top-level component instance an equation origin or a variable name is about:
// "inertia1: J*a = flange_a.tau + flange_b.tau" and "inertia1.w" both name "inertia1".
// One place for this convention, so error sites attach instances without parsing.
#include <string>
#include <string_view>
#include <vector>

namespace flange {

// The first identifier directly followed by '.' or ':', skipping wrappers such as
// "der(", "fixed start " or "initial equation ". An origin's prefix names the instance by
// its full path ("vehicle.mass: ..." -> "vehicle.mass"); a variable name by its first part
// ("vehicle.mass.v" -> "vehicle"). Empty when there is none (a model parameter, a
// generated variable).
std::string instanceOf(std::string_view originOrName);

// Every instance an origin names: all connector ends of a connection origin
// ("connection set {a.flange_b, v.mass.flange_a}" -> a, v.mass), otherwise instanceOf's one.
std::vector<std::string> instancesOf(std::string_view origin);

} // namespace flange
