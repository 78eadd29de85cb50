#include "engine/structure/discrete_order.hpp"

#include "engine/error.hpp"
#include "engine/instance_name.hpp"

#include <map>
#include <utility>
#include <vector>

namespace flange::structure {

using expr::NodeId;

std::vector<size_t> discreteEquationOrder(const flatten::FlatModel& f)
{
    const auto& eqs = f.discreteEquations;
    std::map<int32_t, size_t> definedBy;
    for (size_t i = 0; i < eqs.size(); ++i) {
        if (definedBy.count(eqs[i].var))
            throw badInput("discrete variable " + f.vars[static_cast<size_t>(eqs[i].var)].name +
                           " is defined twice: " + eqs[definedBy[eqs[i].var]].origin + " and " + eqs[i].origin)
                .about(instancesOf(eqs[definedBy[eqs[i].var]].origin))
                .about(instancesOf(eqs[i].origin));
        definedBy[eqs[i].var] = i;
    }
    for (const auto& w : f.whens)
        for (const auto& a : w.assignments)
            if (definedBy.count(a.var))
                throw badInput("discrete variable " + f.vars[static_cast<size_t>(a.var)].name +
                               " is defined by an equation and by " + w.origin)
                    .about(instancesOf(eqs[definedBy[a.var]].origin))
                    .about(instancesOf(w.origin));
    std::vector<std::vector<size_t>> deps(eqs.size());
    for (size_t i = 0; i < eqs.size(); ++i)
        f.pool.visit(eqs[i].value, [&](NodeId, const expr::Node& n) {
            if (n.op == expr::Op::Disc && definedBy.count(n.index))
                deps[i].push_back(definedBy[n.index]);
        });
    std::vector<int> state(eqs.size(), 0);
    std::vector<size_t> order;
    // Depth first with a stack of our own (equation, next dependency): a chain of discrete
    // equations is as long as the model, longer than a recursion could follow.
    std::vector<std::pair<size_t, size_t>> stack;
    for (size_t start = 0; start < eqs.size(); ++start) {
        if (state[start] == 2)
            continue;
        state[start] = 1;
        stack.assign(1, {start, 0});
        while (!stack.empty()) {
            auto& [i, next] = stack.back();
            if (next == deps[i].size()) {
                state[i] = 2;
                order.push_back(i);
                stack.pop_back();
                continue;
            }
            const size_t j = deps[i][next++];
            if (state[j] == 1)
                throw badInput("discrete equations depend on each other in a cycle, through " + eqs[j].origin)
                    .about(instancesOf(eqs[j].origin));
            if (state[j] == 0) {
                state[j] = 1;
                stack.push_back({j, 0});
            }
        }
    }
    return order;
}

} // namespace flange::structure
