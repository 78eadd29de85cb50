#include "engine/flatten/connections.hpp"

#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "engine/library/connection_rules.hpp"

#include <map>

namespace flange::flatten {

using library::ConnectorType;
using library::Domain;

int ConnectionBuilder::find(int i)
{
    while (parent_[static_cast<size_t>(i)] != i) {
        parent_[static_cast<size_t>(i)] = parent_[static_cast<size_t>(parent_[static_cast<size_t>(i)])];
        i = parent_[static_cast<size_t>(i)];
    }
    return i;
}

int ConnectionBuilder::lookup(const std::string& endpoint, const std::string& connection) const
{
    std::string inst, conn;
    if (!diagram::splitEndpoint(endpoint, inst, conn))
        throw badInput("connection " + connection + ": '" + endpoint + "' is not of the form instance.connector");
    auto it = index_.find(endpoint);
    if (it != index_.end()) {
        return it->second;
    }
    if (!d_.component(inst))
        throw badInput("connection " + connection + ": there is no component '" + inst + "'");
    throw badInput("connection " + connection + ": component '" + inst + "' (" + d_.component(inst)->type +
                   ") has no connector '" + conn + "'");
}

void ConnectionBuilder::build()
{
    parent_.resize(connectors_.size());
    for (size_t i = 0; i < connectors_.size(); ++i)
        index_[connectors_[i].instance + "." + connectors_[i].connector] = static_cast<int>(i);
    for (size_t i = 0; i < parent_.size(); ++i)
        parent_[i] = static_cast<int>(i);
    std::vector<bool> connected(connectors_.size(), false);
    for (const diagram::Connection& con : d_.connections) {
        std::string label = con.from + " - " + con.to;
        const std::vector<std::string> ends = {instanceOf(con.from), instanceOf(con.to)};
        int a = -1, b = -1;
        try {
            a = lookup(con.from, label);
            b = lookup(con.to, label);
        } catch (Error& e) {
            e.about(ends);
            throw;
        }
        const ConnectorInstance& ca = connectors_[static_cast<size_t>(a)];
        const ConnectorInstance& cb = connectors_[static_cast<size_t>(b)];
        // As in Modelica, a connection to a disabled conditional connector is removed.
        if (!ca.enabled || !cb.enabled) {
            const ConnectorInstance& off = ca.enabled ? cb : ca;
            m_.warnings.push_back("connection " + label + " ignored: connector " + off.instance + "." + off.connector +
                                  " is disabled (" + off.disabledBecause + " is false)");
            continue;
        }
        if (a == b)
            throw badInput("connection " + label + " connects a connector to itself").about(ends);
        if (std::optional<std::string> why = library::connectionRefusal(ca.type, cb.type))
            throw badInput("connection " + label + ": " + *why).about(ends);
        connected[static_cast<size_t>(a)] = connected[static_cast<size_t>(b)] = true;
        parent_[static_cast<size_t>(find(a))] = find(b);
    }
    // Group members by set, in connector order (deterministic).
    std::map<int, std::vector<int>> sets;
    for (size_t i = 0; i < connectors_.size(); ++i)
        if (connectors_[i].enabled)
            sets[find(static_cast<int>(i))].push_back(static_cast<int>(i));
    expr::Pool& p = m_.pool;
    for (const auto& [root, members] : sets) {
        const ConnectorInstance& first = connectors_[static_cast<size_t>(members.front())];
        std::string names;
        std::vector<std::string> instances;
        for (int i : members) {
            names += (names.empty() ? "" : ", ") + connectors_[static_cast<size_t>(i)].instance + "." +
                     connectors_[static_cast<size_t>(i)].connector;
            instances.push_back(connectors_[static_cast<size_t>(i)].instance);
        }
        if (library::isFlange(first.type)) {
            std::string origin = members.size() == 1 ? "unconnected flange " + names : "connection set {" + names + "}";
            for (size_t k = 1; k < members.size(); ++k) {
                FlatEquation eq;
                eq.residual = p.sub(p.var(connectors_[static_cast<size_t>(members[k])].potential), p.var(first.potential));
                eq.origin = origin;
                m_.equations.push_back(eq);
            }
            expr::NodeId sum = p.zero();
            for (int i : members)
                sum = p.add(sum, p.var(connectors_[static_cast<size_t>(i)].flow));
            FlatEquation eq;
            eq.residual = sum;
            eq.origin = origin;
            m_.equations.push_back(eq);
            continue;
        }
        int output = -1;
        for (int i : members) {
            if (!library::isInput(connectors_[static_cast<size_t>(i)].type)) {
                if (output >= 0)
                    throw badInput("signals " + names + ": two outputs drive the same inputs").about(instances);
                output = i;
            }
        }
        if (output < 0) {
            if (members.size() == 1)
                throw badInput("input '" + names + "' is not connected").about(instances);
            throw badInput("inputs " + names + " are connected together but no output drives them").about(instances);
        }
        const ConnectorInstance& out = connectors_[static_cast<size_t>(output)];
        for (int i : members) {
            if (i == output)
                continue;
            const ConnectorInstance& in = connectors_[static_cast<size_t>(i)];
            std::string origin = "connection " + out.instance + "." + out.connector + " - " + in.instance + "." + in.connector;
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
