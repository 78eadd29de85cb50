// Structural check with Dulmage-Mendelsohn style messages (Pothen & Fan 1990): before
// Pantelides, each derivative chain (phi, w, a) is one column; a perfect matching of
// equations to chains is what makes index reduction terminate.
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "engine/structure/dae_structure.hpp"
#include "engine/structure/matching.hpp"

#include <algorithm>
#include <set>

namespace flange::structure {

namespace {

// The over-determined part of a system: the unmatched rows and every row reachable from
// them by alternating paths (a column they read, the row matched to it, and so on).
std::set<int32_t> reachableRows(const std::vector<std::vector<int32_t>>& adj, const Matching& match,
                                const std::vector<int32_t>& unmatched)
{
    std::set<int32_t> rows(unmatched.begin(), unmatched.end());
    std::vector<int32_t> queue(unmatched.begin(), unmatched.end());
    while (!queue.empty()) {
        int32_t e = queue.back();
        queue.pop_back();
        for (int32_t c : adj[static_cast<size_t>(e)]) {
            int32_t r = match.colMatch(c);
            if (r >= 0 && rows.insert(r).second)
                queue.push_back(r);
        }
    }
    return rows;
}

} // namespace


namespace {

std::string joinNames(const std::set<std::string>& names, size_t limit)
{
    std::string out;
    size_t n = 0;
    for (const auto& x : names) {
        if (x.empty())
            continue;
        if (n++ == limit) {
            out += ", ...";
            break;
        }
        out += (out.empty() ? "" : ", ") + x;
    }
    return out;
}

} // namespace

std::string overDeterminedMessage(size_t extra, const std::set<std::string>& components,
                                  const std::set<std::string>& origins)
{
    return "The model is over-determined: " + std::to_string(extra) + " equation" + (extra == 1 ? "" : "s") +
           " too many among components " + joinNames(components, 12) + ". Equations involved: " +
           joinNames(origins, 8) + ". Two sources may drive the same motion, or a rigid loop closes on itself.";
}

void checkStructure(const flatten::FlatModel& m, const DaeStructure& s)
{
    // chain id = the lowest variable of each derivative chain
    std::vector<int32_t> chainOf(m.vars.size(), -1);
    std::vector<int32_t> chains;
    for (int32_t v : s.unknowns) {
        int32_t r = v;
        while (m.vars[static_cast<size_t>(r)].derivativeOf >= 0)
            r = m.vars[static_cast<size_t>(r)].derivativeOf;
        chainOf[static_cast<size_t>(v)] = r;
    }
    // By variable id, as chainOf: flat arrays, since this runs on every model, 10^5 equations
    // for long drive lines.
    std::vector<int32_t> colIndex(m.vars.size(), -1);
    for (int32_t v : s.unknowns) {
        const auto chain = static_cast<size_t>(chainOf[static_cast<size_t>(v)]);
        if (colIndex[chain] < 0) {
            colIndex[chain] = static_cast<int32_t>(chains.size());
            chains.push_back(static_cast<int32_t>(chain));
        }
    }
    std::vector<std::vector<int32_t>> adj(s.eqs.size());
    for (size_t e = 0; e < s.eqs.size(); ++e) {
        std::vector<int32_t>& cols = adj[e];
        for (int32_t v : s.incidence[e])
            if (const int32_t chain = chainOf[static_cast<size_t>(v)]; chain >= 0) // an unknown's, as always
                cols.push_back(colIndex[static_cast<size_t>(chain)]);
        std::sort(cols.begin(), cols.end());
        cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    }
    Matching match(adj);
    for (size_t e = 0; e < adj.size(); ++e)
        match.augment(static_cast<int32_t>(e), [](int32_t) { return true; });
    std::vector<int32_t> freeRows, freeCols;
    for (size_t e = 0; e < adj.size(); ++e)
        if (match.rowMatch(static_cast<int32_t>(e)) < 0)
            freeRows.push_back(static_cast<int32_t>(e));
    for (size_t c = 0; c < chains.size(); ++c)
        if (match.colMatch(static_cast<int32_t>(c)) < 0)
            freeCols.push_back(static_cast<int32_t>(c));
    if (freeRows.empty() && freeCols.empty())
        return;

    auto componentOf = [&](int idx) { return idx >= 0 ? m.componentNames[static_cast<size_t>(idx)] : std::string(); };
    std::string msg;
    std::vector<std::string> culprits; // the components the message names, for Error::instances
    auto keep = [&culprits](const std::set<std::string>& comps) {
        culprits.insert(culprits.end(), comps.begin(), comps.end());
    };
    std::set<std::string> overComps, overOrigins;
    if (!freeRows.empty()) {
        // Over-determined part: equations reachable from unmatched equations by alternating paths.
        std::vector<std::vector<int32_t>> colRows(chains.size());
        const std::set<int32_t> rows = reachableRows(adj, match, freeRows);
        std::set<std::string> comps, origins;
        for (int32_t e : rows) {
            comps.insert(componentOf(s.eqs[static_cast<size_t>(e)].component));
            origins.insert(s.eqs[static_cast<size_t>(e)].origin);
            for (int32_t v : s.incidence[static_cast<size_t>(e)])
                comps.insert(componentOf(m.vars[static_cast<size_t>(v)].component));
        }
        overComps = comps;
        overOrigins = origins;
        keep(comps);
    }
    if (!freeCols.empty()) {
        // Under-determined part: unknowns reachable from unmatched unknowns.
        std::vector<std::vector<int32_t>> colRows(chains.size());
        for (size_t e = 0; e < adj.size(); ++e)
            for (int32_t c : adj[e])
                colRows[static_cast<size_t>(c)].push_back(static_cast<int32_t>(e));
        std::set<int32_t> cols(freeCols.begin(), freeCols.end());
        std::vector<int32_t> queue(freeCols.begin(), freeCols.end());
        while (!queue.empty()) {
            int32_t c = queue.back();
            queue.pop_back();
            for (int32_t e : colRows[static_cast<size_t>(c)]) {
                int32_t c2 = match.rowMatch(e);
                if (c2 >= 0 && cols.insert(c2).second)
                    queue.push_back(c2);
            }
        }
        std::set<std::string> names, comps;
        for (int32_t c : freeCols)
            names.insert(m.vars[static_cast<size_t>(chains[static_cast<size_t>(c)])].name);
        for (int32_t c : cols)
            comps.insert(componentOf(m.vars[static_cast<size_t>(chains[static_cast<size_t>(c)])].component));
        if (freeRows.empty())
            msg = "The model is under-determined: nothing determines " + joinNames(names, 8) + " (" +
                  std::to_string(freeCols.size()) + " equation" + (freeCols.size() == 1 ? "" : "s") +
                  " missing, among components " + joinNames(comps, 12) +
                  "). Is a flange or input left unconnected, or a source missing?";
        else // one cause seen from both sides: a motion prescribed twice leaves a torque free
            msg = "The model's equations do not fit its unknowns: " + std::to_string(freeRows.size()) + " equation" +
                  (freeRows.size() == 1 ? "" : "s") + " too many among components " + joinNames(overComps, 12) +
                  " (equations involved: " + joinNames(overOrigins, 8) + "), so nothing determines " +
                  joinNames(names, 8) + " (among components " + joinNames(comps, 12) +
                  "). A source may drive a motion that is already prescribed (a fixed flange, another source or "
                  "a rigid loop), or a flange may be connected to the wrong place.";
        keep(comps);
    }
    if (freeCols.empty())
        msg = overDeterminedMessage(freeRows.size(), overComps, overOrigins);
    throw badInput(msg).about(culprits);
}

[[noreturn]] void throwOverDetermined(const std::vector<std::vector<int32_t>>& adj, const std::vector<std::string>& eqOrigins)
{
    Matching match(adj);
    std::vector<int32_t> queue;
    for (size_t r = 0; r < adj.size(); ++r)
        if (!match.augment(static_cast<int32_t>(r), [](int32_t) { return true; }))
            queue.push_back(static_cast<int32_t>(r));
    size_t extra = queue.size();
    const std::set<int32_t> involved = reachableRows(adj, match, queue);
    std::set<std::string> comps, origins;
    std::vector<std::string> culprits;
    for (int32_t r : involved) {
        const std::string& origin = eqOrigins[static_cast<size_t>(r)];
        origins.insert(origin);
        for (auto& name : instancesOf(origin)) {
            comps.insert(name);
            culprits.push_back(name);
        }
    }
    throw badInput(overDeterminedMessage(std::max<size_t>(extra, 1), comps, origins)).about(culprits);
}

} // namespace flange::structure
