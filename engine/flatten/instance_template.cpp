#include "engine/flatten/instance_template.hpp"

namespace flange::flatten {

using expr::Node;
using expr::NodeId;
using expr::Op;

namespace {

// name = head + path + tail, where head is any number of "der(": the instance's variables
// and the derivatives its equations made of them. False when the name is not of that form.
bool splitName(const std::string& name, const std::string& path, std::string& head, std::string& tail)
{
    size_t at = 0;
    while (name.compare(at, 4, "der(") == 0)
        at += 4;
    if (name.compare(at, path.size(), path) != 0 || name.size() <= at + path.size() || name[at + path.size()] != '.')
        return false;
    head = name.substr(0, at);
    tail = name.substr(at + path.size());
    return true;
}

// Whether the expression reads only the variables [first, end), time and leaves: nothing
// a stamp would have to renumber besides its variables and its own leaves. (A leaf not
// the instance's own is the diagram's, "T2", which alike instances share.)
bool readsOnlyOwnVariables(const expr::Pool& pool, NodeId root, int32_t first, int32_t end)
{
    bool own = true;
    pool.visit(root, [&](NodeId, const Node& n) {
        if (n.op == Op::Var)
            own = own && n.index >= first && n.index < end;
        else if (n.op == Op::Disc || n.op == Op::Pre || n.op == Op::Rel)
            own = false;
    });
    return own;
}

// The tail of a leaf's name after the instance's path (".c"), or nullopt.
std::optional<std::string> tailAfter(const std::string& name, const std::string& path)
{
    if (name.size() <= path.size() + 1 || name.compare(0, path.size(), path) != 0 || name[path.size()] != '.')
        return std::nullopt;
    return name.substr(path.size());
}

} // namespace

std::optional<InstanceTemplate> InstanceTemplate::capture(const FlatModel& m, const FlatModel::Extent& before,
                                                          size_t firstParameter, const std::string& path, int ci,
                                                          std::vector<ConnectorInstance> connectors,
                                                          std::vector<std::pair<std::string, double>> realParameters)
{
    // Only variables and continuous equations may have been added.
    FlatModel::Extent only = m.extent();
    only.vars = before.vars;
    only.equations = before.equations;
    only.initialEquations = before.initialEquations;
    if (!(only == before))
        return std::nullopt;
    InstanceTemplate t;
    t.firstVar_ = static_cast<int32_t>(before.vars);
    t.varEnd_ = static_cast<int32_t>(m.vars.size());
    auto inRange = [&t](int32_t v) { return v == -1 || (v >= t.firstVar_ && v < t.varEnd_); };
    for (int32_t v = t.firstVar_; v < t.varEnd_; ++v) {
        FlatVar fv = m.vars[static_cast<size_t>(v)];
        std::string head, tail;
        if (fv.component != ci || !inRange(fv.derivative) || !inRange(fv.derivativeOf) || fv.eliminated() ||
            !splitName(fv.name, path, head, tail))
            return std::nullopt;
        fv.name = std::move(tail);
        t.vars_.push_back(std::move(fv));
        t.nameHeads_.push_back(std::move(head));
    }
    t.firstParameter_ = static_cast<int32_t>(firstParameter);
    t.parameterEnd_ = static_cast<int32_t>(m.pool.parameterCount());
    for (int32_t id = t.firstParameter_; id < t.parameterEnd_; ++id) {
        std::optional<std::string> tail = tailAfter(m.pool.parameterName(id), path);
        if (!tail)
            return std::nullopt;
        t.parameters_.push_back({std::move(*tail), m.pool.parameterValue(id), m.pool.isStructural(id)});
    }
    const std::string originHead = path + ": ";
    auto take = [&](const std::vector<FlatEquation>& list, size_t from, bool initial) {
        for (size_t k = from; k < list.size(); ++k) {
            const FlatEquation& e = list[k];
            if (e.component != ci || e.origin.compare(0, originHead.size(), originHead) != 0 ||
                !readsOnlyOwnVariables(m.pool, e.residual, t.firstVar_, t.varEnd_))
                return false;
            t.equations_.push_back({e.residual, e.origin.substr(path.size()), initial});
        }
        return true;
    };
    if (!take(m.equations, before.equations, false) || !take(m.initialEquations, before.initialEquations, true))
        return std::nullopt;
    for (const ConnectorInstance& c : connectors)
        if (c.instance != path || !inRange(c.potential) || !inRange(c.flow) || !inRange(c.signal))
            return std::nullopt;
    t.connectors_ = std::move(connectors);
    t.realParameters_ = std::move(realParameters);
    return t;
}

std::vector<ConnectorInstance> InstanceTemplate::stamp(FlatModel& m, const std::string& path, int ci,
                                                       expr::NodeMap<NodeId>& memo) const
{
    const int32_t shift = static_cast<int32_t>(m.vars.size()) - firstVar_;
    auto moved = [shift](int32_t v) { return v < 0 ? v : v + shift; };
    for (size_t k = 0; k < vars_.size(); ++k) {
        FlatVar fv = vars_[k];
        fv.name = nameHeads_[k] + path + vars_[k].name;
        fv.component = ci;
        fv.derivative = moved(fv.derivative);
        fv.derivativeOf = moved(fv.derivativeOf);
        m.addVar(std::move(fv));
    }
    for (const auto& [name, value] : realParameters_)
        m.realParameters.emplace(path + "." + name, value);
    expr::Pool& pool = m.pool;
    const auto parameterShift = static_cast<int32_t>(pool.parameterCount()) - firstParameter_;
    for (const Parameter& p : parameters_) {
        const int32_t id = pool.addParameter(path + p.nameTail, p.value);
        if (p.structural)
            pool.markStructural(pool.param(id));
    }
    const int32_t first = firstVar_, end = varEnd_, firstParameter = firstParameter_, parameterEnd = parameterEnd_;
    auto renumber = [&](const Node& n) {
        if (n.op == Op::Var && n.index >= first && n.index < end)
            return pool.var(n.index + shift);
        if (n.op == Op::Param && n.index >= firstParameter && n.index < parameterEnd)
            return pool.param(n.index + parameterShift);
        return expr::kNone;
    };
    memo.clear();
    for (const Equation& e : equations_) {
        FlatEquation fe;
        fe.residual = pool.rewrite(e.residual, renumber, memo);
        fe.origin = path + e.originTail;
        fe.component = ci;
        (e.initial ? m.initialEquations : m.equations).push_back(std::move(fe));
    }
    std::vector<ConnectorInstance> connectors = connectors_;
    for (ConnectorInstance& c : connectors) {
        c.instance = path;
        c.potential = moved(c.potential);
        c.flow = moved(c.flow);
        c.signal = moved(c.signal);
    }
    return connectors;
}

const InstanceTemplates::Entry* InstanceTemplates::entry(const library::ComponentDefinition* def,
                                                        const diagram::Component& comp, int level) const
{
    if (level != level_)
        return nullptr;
    auto it = byDefinition_.find(def);
    if (it == byDefinition_.end())
        return nullptr;
    for (const Entry& e : it->second)
        if (e.source->parameters == comp.parameters && e.source->variables == comp.variables)
            return &e;
    return nullptr;
}

const InstanceTemplate* InstanceTemplates::find(const library::ComponentDefinition* def, const diagram::Component& comp,
                                                int level) const
{
    const Entry* e = entry(def, comp, level);
    return e && e->t ? &*e->t : nullptr;
}

bool InstanceTemplates::wanted(const library::ComponentDefinition* def, const diagram::Component& comp, int level)
{
    if (level != level_) { // another diagram: its values mean other things
        byDefinition_.clear();
        level_ = level;
    }
    auto it = byDefinition_.find(def);
    return !entry(def, comp, level) && (it == byDefinition_.end() || it->second.size() < kPerDefinition);
}

void InstanceTemplates::add(const library::ComponentDefinition* def, const diagram::Component& comp, int level,
                            std::optional<InstanceTemplate> t)
{
    if (level != level_)
        return;
    byDefinition_[def].push_back({&comp, std::move(t)});
}

} // namespace flange::flatten
