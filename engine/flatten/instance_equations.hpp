#pragma once
// The equations of one leaf instance (its definition's equations, initial equations and
// bindings) lowered into the flat model in the instance's scope. Origins start with the
// instance's full name ("vehicle.mass: m*a = f").
#include "engine/flatten/flat_model.hpp"
#include "engine/flatten/lower.hpp"
#include "engine/library/component_definition.hpp"

#include <functional>
#include <string>
#include <vector>

namespace flange::flatten {

class InstanceEquations {
public:
    // `component`: the instance's index in m.componentNames.
    InstanceEquations(FlatModel& m, int component, Scope scope) : m_(m), ci_(component), scope_(std::move(scope)) {}

    // name = expression (declaration and connector bindings)
    void addEquation(const library::Location& loc, const std::string& origin, const Symbol& target, const expr::Ast& rhs,
                     bool initial);
    void equations(const std::vector<library::EquationDef>& list, bool initial);
    std::string originOf(const std::string& text) const;

private:
    int chooseBranch(const library::EquationDef& eq);
    std::vector<FlatEquation> branchResiduals(const std::vector<library::EquationDef>& list);
    std::vector<FlatEquation> conditionalResiduals(const library::EquationDef& eq);
    void when(const library::EquationDef& eq, bool initial);
    void forEach(const library::EquationDef& eq, const std::function<void(const library::EquationDef&)>& body);

    FlatModel& m_;
    int ci_;
    Scope scope_;
};

} // namespace flange::flatten
