#include "engine/flatten/flat_model.hpp"

namespace flange::flatten {

int32_t FlatModel::addVar(FlatVar v)
{
    int32_t id = static_cast<int32_t>(vars.size());
    vars.push_back(std::move(v));
    return id;
}

int32_t FlatModel::derivativeOf(int32_t v)
{
    if (vars[static_cast<size_t>(v)].derivative >= 0)
        return vars[static_cast<size_t>(v)].derivative;
    FlatVar d;
    d.name = "der(" + vars[static_cast<size_t>(v)].name + ")";
    d.component = vars[static_cast<size_t>(v)].component;
    d.derivativeOf = v;
    d.generated = true;
    d.start = 0;
    d.nominal = vars[static_cast<size_t>(v)].nominal;
    int32_t id = addVar(std::move(d));
    vars[static_cast<size_t>(v)].derivative = id;
    return id;
}

int32_t FlatModel::addRelation(expr::Op op, expr::NodeId lhs, expr::NodeId rhs, const std::string& origin, int component)
{
    auto key = std::make_tuple(static_cast<int>(op), lhs, rhs);
    auto it = relationIndex_.find(key);
    if (it != relationIndex_.end())
        return it->second;
    Relation r;
    r.op = op;
    r.lhs = lhs;
    r.rhs = rhs;
    r.origin = origin;
    r.component = component;
    relations.push_back(r);
    int32_t id = static_cast<int32_t>(relations.size() - 1);
    relationIndex_[key] = id;
    return id;
}

int32_t FlatModel::findVar(const std::string& name) const
{
    // Only a subsystem's own variables look names up, so the index is built on the first
    // look-up and brought up to date by later ones, not on every addVar: a long drive line
    // adds hundreds of thousands of variables and looks up none. Later variables of the
    // same name win, as they did when addVar indexed them.
    for (; indexed_ < vars.size(); ++indexed_)
        varIndex_[vars[indexed_].name] = static_cast<int32_t>(indexed_);
    auto it = varIndex_.find(name);
    return it == varIndex_.end() ? -1 : it->second;
}

} // namespace flange::flatten
