// The structure of the initial system, built once per model at translation: which
// equation, initial equation and fixed start value is matched to which unknown or state
// derivative, the redundant fixed starts, the states assumed fixed where nothing fixes
// them, and the sparse pattern of the Newton system. The run then only evaluates.
#include "engine/solve/initial_system.hpp"

#include "engine/compiled_model.hpp"
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "engine/structure/matching.hpp"

#include <algorithm>

namespace flange::solve {

namespace {

// Dulmage-Mendelsohn's over-determined part, per unmatched initial condition: the rows
// an alternating path reaches from it (its columns, the rows matched to them, theirs,
// ...). Among them, the initial conditions that determine what it fixes. The walks
// share one budget of visits: the lists inform a message, and a pathological model must
// not make translation quadratic.
std::vector<std::vector<std::string>> overDeterminedWith(const CompiledModel& m, const structure::Matching& match,
                                                         const std::vector<std::vector<int32_t>>& adj,
                                                         const std::vector<int32_t>& droppedG,
                                                         const std::vector<std::string>& assumed)
{
    std::vector<std::vector<std::string>> out;
    const int32_t n = m.n, firstCandidate = m.n + m.m;
    std::vector<uint32_t> rowSeen(adj.size(), 0), colSeen(static_cast<size_t>(n + m.stateSlots.size()), 0);
    long budget = 1000000;
    const size_t kMostNamed = 8; // a message names a few; "others" says there are more
    uint32_t walk = 0;
    for (int32_t j : droppedG) {
        ++walk;
        std::vector<std::string> with;
        bool more = false;
        std::vector<int32_t> queue{n + j};
        rowSeen[static_cast<size_t>(n + j)] = walk;
        for (size_t q = 0; q < queue.size() && budget > 0; ++q)
            for (int32_t c : adj[static_cast<size_t>(queue[q])]) {
                --budget;
                if (colSeen[static_cast<size_t>(c)] == walk)
                    continue;
                colSeen[static_cast<size_t>(c)] = walk;
                const int32_t r = match.colMatch(c);
                if (r < 0 || rowSeen[static_cast<size_t>(r)] == walk)
                    continue;
                rowSeen[static_cast<size_t>(r)] = walk;
                queue.push_back(r);
                if (r >= n && with.size() == kMostNamed)
                    more = true;
                else if (r >= firstCandidate)
                    with.push_back("assumed start value " + assumed[static_cast<size_t>(r - firstCandidate)]);
                else if (r >= n)
                    with.push_back(m.initOrigins[static_cast<size_t>(r - n)]);
            }
        if (more)
            with.push_back("others");
        out.push_back(std::move(with));
    }
    return out;
}

} // namespace

InitialSystem buildInitialSystem(const CompiledModel& m)
{
    InitialSystem out;
    using Cell = InitialSystem::Cell;
    const int32_t n = m.n;
    const int ns = static_cast<int>(m.stateSlots.size());
    const int nz = n + ns;
    out.unknowns = nz;
    auto zcol = [&](int32_t slot, bool isYp) { return isYp ? n + m.stateIndexOfSlot[static_cast<size_t>(slot)] : slot; };
    // Rows: F (n), then G (m). Structural incidence in z-space.
    std::vector<std::vector<int32_t>> adj(static_cast<size_t>(n + m.m));
    const auto& pat = m.jacPattern;
    for (int32_t c = 0; c < pat.cols; ++c)
        for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            int32_t r = pat.rowIdx[static_cast<size_t>(k)];
            if (m.jacHasY[static_cast<size_t>(k)])
                adj[static_cast<size_t>(r)].push_back(c);
            if (m.jacHasYp[static_cast<size_t>(k)] && m.slotIsState[static_cast<size_t>(c)])
                adj[static_cast<size_t>(r)].push_back(zcol(c, true));
        }
    for (size_t k = 0; k < m.initJacRow.size(); ++k) {
        int32_t slot = m.initJacSlot[k];
        bool isYp = m.initJacIsYp[k] != 0;
        if (isYp && !m.slotIsState[static_cast<size_t>(slot)])
            continue;
        adj[static_cast<size_t>(n + m.initJacRow[k])].push_back(zcol(slot, isYp));
    }
    structure::Matching match(adj);
    // Row i of F is matched to slot i (compile.cpp): to der(x) for a state slot, else to the slot.
    for (int32_t r = 0; r < n; ++r) {
        int32_t col = m.slotIsState[static_cast<size_t>(r)] ? zcol(r, true) : r;
        if (std::find(adj[static_cast<size_t>(r)].begin(), adj[static_cast<size_t>(r)].end(), col) !=
            adj[static_cast<size_t>(r)].end())
            match.assign(r, col);
    }
    for (int32_t r = 0; r < n + m.m; ++r)
        if (match.rowMatch(r) < 0)
            match.augment(r, [](int32_t) { return true; });
    for (int32_t r = 0; r < n; ++r)
        if (match.rowMatch(r) < 0)
            throw badInput("initialization is singular at equation " + m.eqOrigins[static_cast<size_t>(r)])
                .about(instancesOf(m.eqOrigins[static_cast<size_t>(r)]));
    std::vector<int32_t>& candidates = out.candidates;
    std::vector<std::string>& assumed = out.assumed;
    int freeColumns = 0;
    for (int32_t c = 0; c < nz; ++c)
        freeColumns += match.colMatch(c) < 0 ? 1 : 0;
    for (int32_t slot : m.stateSlots) {
        if (freeColumns == 0)
            break;
        int32_t row = static_cast<int32_t>(adj.size());
        adj.push_back({slot});
        if (match.augment(row, [](int32_t) { return true; })) {
            --freeColumns; // an augmenting path matches exactly one more column
            candidates.push_back(slot);
            assumed.push_back(m.varName(m.slotVar[static_cast<size_t>(slot)]) + " = " +
                              readableNumber(m.yStart[static_cast<size_t>(slot)]));
        } else {
            adj.pop_back();
        }
    }
    for (int32_t c = 0; c < nz; ++c)
        if (match.colMatch(c) < 0) {
            int32_t slot = c < n ? c : m.stateSlots[static_cast<size_t>(c - n)];
            std::string name = m.varName(m.slotVar[static_cast<size_t>(slot)]);
            throw badInput("initialization is under-determined: nothing fixes " + (c < n ? name : "der(" + name + ")"))
                .about({instanceOf(name)});
        }
    std::vector<int32_t>& keptG = out.keptG;
    std::vector<int32_t>& droppedG = out.droppedG;
    for (int32_t j = 0; j < m.m; ++j)
        (match.rowMatch(n + j) >= 0 ? keptG : droppedG).push_back(j);
    out.droppedWith = overDeterminedWith(m, match, adj, droppedG, assumed);

    // Newton row of each equation: its matched column, for a zero-free diagonal (see compile.cpp).
    std::vector<int32_t>& fPos = out.fPos;
    std::vector<int32_t>& gPos = out.gPos;
    std::vector<int32_t>& cPos = out.cPos;
    fPos.resize(static_cast<size_t>(n));
    gPos.resize(keptG.size());
    cPos.resize(candidates.size());
    for (int32_t r = 0; r < n; ++r)
        fPos[static_cast<size_t>(r)] = match.rowMatch(r);
    for (size_t j = 0; j < keptG.size(); ++j)
        gPos[j] = match.rowMatch(n + keptG[j]);
    for (size_t i = 0; i < candidates.size(); ++i)
        cPos[i] = match.rowMatch(n + m.m + static_cast<int32_t>(i));
    // CSC pattern of the Newton system in z-space.
    std::vector<Cell>& cells = out.cells;
    for (int32_t c = 0; c < pat.cols; ++c)
        for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            int32_t r = fPos[static_cast<size_t>(pat.rowIdx[static_cast<size_t>(k)])];
            // only the structurally present parts: a phantom der(x) entry would tie
            // explicit rows into loops and spoil the block order of solveByBlocks
            bool state = m.slotIsState[static_cast<size_t>(c)] != 0;
            if (!state || m.jacHasY[static_cast<size_t>(k)])
                cells.push_back({r, c, Cell::FY, k});
            if (state && m.jacHasYp[static_cast<size_t>(k)])
                cells.push_back({r, zcol(c, true), Cell::FYP, k});
        }
    std::vector<int32_t> gRowOf(static_cast<size_t>(m.m), -1);
    for (size_t j = 0; j < keptG.size(); ++j)
        gRowOf[static_cast<size_t>(keptG[j])] = gPos[j];
    for (size_t k = 0; k < m.initJacRow.size(); ++k) {
        int32_t row = gRowOf[static_cast<size_t>(m.initJacRow[k])];
        int32_t slot = m.initJacSlot[k];
        bool isYp = m.initJacIsYp[k] != 0;
        if (row < 0 || (isYp && !m.slotIsState[static_cast<size_t>(slot)]))
            continue;
        cells.push_back({row, zcol(slot, isYp), Cell::G, static_cast<int32_t>(k)});
    }
    int32_t candRow0 = n + static_cast<int32_t>(keptG.size());
    for (size_t i = 0; i < candidates.size(); ++i)
        cells.push_back({cPos[i], candidates[i], Cell::Candidate, 0});
    if (candRow0 + static_cast<int32_t>(candidates.size()) != nz)
        throw badInput("initialization: " + std::to_string(candRow0 + candidates.size()) + " equations for " +
                       std::to_string(nz) + " unknowns");
    std::vector<structure::SparseEntry> entries;
    entries.reserve(cells.size());
    for (const Cell& c : cells)
        entries.push_back({c.row, c.col});
    std::vector<size_t> order;
    out.pattern = structure::patternFromEntries(nz, nz, entries, &order);
    {
        std::vector<Cell> stored; // in the pattern's order, so cell k gives value k
        stored.reserve(cells.size());
        for (size_t i : order)
            stored.push_back(cells[i]);
        cells = std::move(stored);
    }
    std::vector<std::string>& rowOrigin = out.rowOrigin;
    rowOrigin.resize(static_cast<size_t>(nz));
    for (int32_t r = 0; r < n; ++r)
        rowOrigin[static_cast<size_t>(fPos[static_cast<size_t>(r)])] = m.eqOrigins[static_cast<size_t>(r)];
    for (size_t j = 0; j < keptG.size(); ++j)
        rowOrigin[static_cast<size_t>(gPos[j])] = m.initOrigins[static_cast<size_t>(keptG[j])];
    for (size_t i = 0; i < candidates.size(); ++i)
        rowOrigin[static_cast<size_t>(cPos[i])] = "assumed start value " + assumed[i];
    return out;
}

} // namespace flange::solve
