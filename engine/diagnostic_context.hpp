#pragma once
// What the solver's messages quote besides the equations themselves: the file and line
// each component equation is written at, and the value of every Real parameter.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"

#include <map>
#include <string>

namespace flange {

// origin ("comp: text", as the flattener names an equation) -> "file:line:column" of its
// definition, for every equation of every instance, in all branches of if/when.
std::map<std::string, std::string> equationSources(const diagram::Diagram& d, const library::Library& lib);

// "spring1.c" -> 1e23 for every Real parameter of every instance: a message about the
// stiffest equations names their parameters with the values that make them stiff.
std::map<std::string, double> realParameterValues(const diagram::Diagram& d, const library::Library& lib);

} // namespace flange
