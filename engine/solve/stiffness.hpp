#pragma once
// Which equations make a system too stiff to integrate: those whose Jacobian row spans
// the widest range of coefficients (a spring's c = 1e23 next to a torque's 1), read from
// one evaluation of dF/dy at the time the solver got stuck.
#include "engine/compiled_model.hpp"

#include <map>
#include <string>
#include <vector>

namespace flange::solve {

struct StiffEquation {
    std::string origin;   // "s1: tau = c*(phi_rel - phi_rel0)"
    std::string variable; // the unknown with the largest coefficient
    double coefficient = 0;
    std::string parameters; // the parameters the equations name, with values: "s1.c = 1e+23"
    // Computed equations substituted into this one that name parameters, nearest first:
    // the spring's "s1: tau = c*(phi_rel - phi_rel0)" inside the inertia's torque balance.
    std::vector<std::string> through;
};

// Every Real parameter's value by its full name, as the run has them.
using ParameterValues = std::map<std::string, double>;

// jy: dF/dy values in the order of model.jacPattern. At most `count` equations, stiffest first.
std::vector<StiffEquation> stiffestEquations(const CompiledModel& model, const ParameterValues& values,
                                            const std::vector<double>& jy, size_t count);

} // namespace flange::solve
