#pragma once
// What the solver's messages quote besides the equations themselves: the file and line
// each component equation is written at. Kept per component type, not per instance, so
// a drive line of 10^5 instances costs one entry per instance (its type) and not one per
// equation of every instance.
#include "engine/library/library.hpp"

#include <map>
#include <string>
#include <vector>

namespace flange {

// type -> (equation text -> "file:line:column"), for every equation of each listed type,
// in all branches of if/when, initial equations included.
std::map<std::string, std::map<std::string, std::string>> equationSourcesByType(const std::vector<std::string>& types,
                                                                                const library::Library& lib);

} // namespace flange
