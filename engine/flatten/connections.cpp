#include "engine/flatten/connections.hpp"

#include "engine/error.hpp"
#include "engine/expr/balanced_fold.hpp"
#include "engine/library/connection_rules.hpp"

#include <algorithm>
#include <vector>

namespace flange::flatten {

using library::ConnectorType;

namespace {

// Inside its subsystem, an outer input is a source and an outer output a sink.
ConnectorType seenFromInside(ConnectorType t)
{
    switch (t) {
    case ConnectorType::RealInput: return ConnectorType::RealOutput;
    case ConnectorType::RealOutput: return ConnectorType::RealInput;
    case ConnectorType::BooleanInput: return ConnectorType::BooleanOutput;
    case ConnectorType::BooleanOutput: return ConnectorType::BooleanInput;
    default: return t;
    }
}

} // namespace

std::string ConnectionBuilder::setOrigin(const std::vector<int>& members, int also) const
{
    std::string names;
    const size_t named = std::min(members.size(), kNamedMembers);
    for (size_t k = 0; k < named; ++k)
        names += (k == 0 ? "" : ", ") + connectors_[static_cast<size_t>(members[k])].name();
    size_t more = members.size() - named;
    if (also >= 0 && std::find(members.begin(), members.begin() + static_cast<std::ptrdiff_t>(named), also) ==
                         members.begin() + static_cast<std::ptrdiff_t>(named)) {
        names += ", " + connectors_[static_cast<size_t>(also)].name();
        --more;
    }
    if (more > 0)
        names += " and " + std::to_string(more) + " more";
    return "connection set {" + names + "}";
}

int ConnectionBuilder::find(int i)
{
    while (parent_[static_cast<size_t>(i)] != i) {
        parent_[static_cast<size_t>(i)] = parent_[static_cast<size_t>(parent_[static_cast<size_t>(i)])];
        i = parent_[static_cast<size_t>(i)];
    }
    return i;
}

void ConnectionBuilder::build()
{
    parent_.resize(connectors_.size());
    for (size_t i = 0; i < parent_.size(); ++i)
        parent_[i] = static_cast<int>(i);
    for (const ResolvedConnection& con : connections_) {
        const std::string& label = con.label;
        const ConnectorInstance& ca = connectors_[static_cast<size_t>(con.a)];
        const ConnectorInstance& cb = connectors_[static_cast<size_t>(con.b)];
        // As in Modelica, a connection to a disabled conditional connector is removed.
        if (!ca.enabled || !cb.enabled) {
            const ConnectorInstance& off = ca.enabled ? cb : ca;
            if (!con.quiet)
                m_.warnings.push_back("connection " + label + " ignored: connector " + off.name() + " is disabled (" +
                                  off.disabledBecause + " is false)");
            continue;
        }
        if (con.a == con.b)
            throw badInput("connection " + label + " connects a connector to itself").about(con.ends);
        ConnectorType ta = con.aInside ? seenFromInside(ca.type) : ca.type;
        ConnectorType tb = con.bInside ? seenFromInside(cb.type) : cb.type;
        if (std::optional<std::string> why = library::connectionRefusal(ta, tb))
            throw badInput("connection " + label + ": " + *why).about(con.ends);
        parent_[static_cast<size_t>(find(con.a))] = find(con.b);
    }
    // Group the members with variables by set, in connector order; sets in the order of
    // their first member, so that the equations do not depend on the order of connections
    // (nor on whether the model was drawn with subsystems).
    std::vector<std::vector<int>> byRoot(connectors_.size());
    std::vector<int> roots; // in the order of their sets' first members
    for (size_t i = 0; i < connectors_.size(); ++i)
        if (connectors_[i].enabled && !connectors_[i].outer) {
            std::vector<int>& set = byRoot[static_cast<size_t>(find(static_cast<int>(i)))];
            if (set.empty())
                roots.push_back(find(static_cast<int>(i)));
            set.push_back(static_cast<int>(i));
        }
    expr::Pool& p = m_.pool;
    for (int root : roots) {
        const std::vector<int>& members = byRoot[static_cast<size_t>(root)];
        const ConnectorInstance& first = connectors_[static_cast<size_t>(members.front())];
        std::string names; // for messages about signals, and one-member sets
        if (!library::isFlange(first.type) || members.size() == 1)
            for (int i : members)
                names += (names.empty() ? "" : ", ") + connectors_[static_cast<size_t>(i)].name();
        auto instances = [&] { // for messages
            std::vector<std::string> list;
            for (int i : members)
                list.push_back(connectors_[static_cast<size_t>(i)].instance);
            return list;
        };
        if (library::isFlange(first.type)) {
            const std::string origin = members.size() == 1 ? "unconnected flange " + names : setOrigin(members, -1);
            for (size_t k = 1; k < members.size(); ++k) {
                FlatEquation eq;
                eq.residual = p.sub(p.var(connectors_[static_cast<size_t>(members[k])].potential), p.var(first.potential));
                eq.origin = members.size() <= kNamedMembers ? origin : setOrigin(members, members[k]);
                m_.equations.push_back(eq);
            }
            std::vector<expr::NodeId> flows;
            flows.reserve(members.size());
            for (int i : members)
                flows.push_back(p.var(connectors_[static_cast<size_t>(i)].flow));
            FlatEquation eq;
            eq.residual =
                expr::balancedFold(std::move(flows), p.zero(), [&p](expr::NodeId a, expr::NodeId b) { return p.add(a, b); });
            eq.origin = origin;
            m_.equations.push_back(eq);
            continue;
        }
        int output = -1;
        for (int i : members) {
            if (!library::isInput(connectors_[static_cast<size_t>(i)].type)) {
                if (output >= 0)
                    throw badInput("signals " + names + ": two outputs drive the same inputs").about(instances());
                output = i;
            }
        }
        if (output < 0) {
            if (members.size() == 1)
                throw badInput("input '" + names + "' is not connected").about(instances());
            throw badInput("inputs " + names + " are connected together but no output drives them").about(instances());
        }
        const ConnectorInstance& out = connectors_[static_cast<size_t>(output)];
        for (int i : members) {
            if (i == output)
                continue;
            const ConnectorInstance& in = connectors_[static_cast<size_t>(i)];
            std::string origin = "connection " + out.name() + " - " + in.name();
            if (m_.vars[static_cast<size_t>(in.signal)].discrete) {
                m_.discreteEquations.push_back({in.signal, p.disc(out.signal), origin});
            } else {
                FlatEquation eq;
                eq.residual = p.sub(p.var(in.signal), p.var(out.signal));
                eq.origin = origin;
                m_.equations.push_back(eq);
            }
        }
    }
}

} // namespace flange::flatten
