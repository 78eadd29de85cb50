// Consistent initial values (engine.md 5.1): the equations, the initial equations and the
// fixed start values matched to the unknowns and their derivatives, solved by Newton (or
// block by block) together with the relations and discrete values to a fixed point.
#include "engine/solve/simulation_run.hpp"
#include "engine/solve/block_solve.hpp"
#include "engine/structure/matching.hpp"

#include <algorithm>
#include <cmath>

namespace flange::solve {

namespace {
// Up to this many unknowns the initial values are polished block by block; the pass
// evaluates the whole residual per block, so it is kept off large models.
constexpr int32_t kPolishedUnknowns = 400;
} // namespace

void Run::initialize()
{
    const int ns = static_cast<int>(m_.stateSlots.size());
    const int nz = n_ + ns;
    auto zcol = [&](int32_t slot, bool isYp) { return isYp ? n_ + m_.stateIndexOfSlot[static_cast<size_t>(slot)] : slot; };
    // Rows: F (n), then G (m). Structural incidence in z-space.
    std::vector<std::vector<int32_t>> adj(static_cast<size_t>(n_ + m_.m));
    const auto& pat = m_.jacPattern;
    for (int32_t c = 0; c < pat.cols; ++c)
        for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            int32_t r = pat.rowIdx[static_cast<size_t>(k)];
            if (m_.jacHasY[static_cast<size_t>(k)])
                adj[static_cast<size_t>(r)].push_back(c);
            if (m_.jacHasYp[static_cast<size_t>(k)] && m_.slotIsState[static_cast<size_t>(c)])
                adj[static_cast<size_t>(r)].push_back(zcol(c, true));
        }
    for (size_t k = 0; k < m_.initJacRow.size(); ++k) {
        int32_t slot = m_.initJacSlot[k];
        bool isYp = m_.initJacIsYp[k] != 0;
        if (isYp && !m_.slotIsState[static_cast<size_t>(slot)])
            continue;
        adj[static_cast<size_t>(n_ + m_.initJacRow[k])].push_back(zcol(slot, isYp));
    }
    structure::Matching match(adj);
    // Row i of F is matched to slot i (compile.cpp): to der(x) for a state slot, else to the slot.
    for (int32_t r = 0; r < n_; ++r) {
        int32_t col = m_.slotIsState[static_cast<size_t>(r)] ? zcol(r, true) : r;
        if (std::find(adj[static_cast<size_t>(r)].begin(), adj[static_cast<size_t>(r)].end(), col) !=
            adj[static_cast<size_t>(r)].end())
            match.assign(r, col);
    }
    for (int32_t r = 0; r < n_ + m_.m; ++r)
        if (match.rowMatch(r) < 0)
            match.augment(r, [](int32_t) { return true; });
    for (int32_t r = 0; r < n_; ++r)
        if (match.rowMatch(r) < 0)
            throw badInput("initialization is singular at equation " + m_.eqOrigins[static_cast<size_t>(r)])
                .about(instancesOf(m_.eqOrigins[static_cast<size_t>(r)]));
    std::vector<int32_t> candidates; // state slots fixed at their start value
    std::vector<std::string> assumed;
    int freeColumns = 0;
    for (int32_t c = 0; c < nz; ++c)
        freeColumns += match.colMatch(c) < 0 ? 1 : 0;
    for (int32_t slot : m_.stateSlots) {
        if (freeColumns == 0)
            break;
        int32_t row = static_cast<int32_t>(adj.size());
        adj.push_back({slot});
        if (match.augment(row, [](int32_t) { return true; })) {
            --freeColumns; // an augmenting path matches exactly one more column
            candidates.push_back(slot);
            assumed.push_back(m_.varNames[static_cast<size_t>(m_.slotVar[static_cast<size_t>(slot)])] + " = " +
                              fmt(m_.yStart[static_cast<size_t>(slot)]));
        } else {
            adj.pop_back();
        }
    }
    for (int32_t c = 0; c < nz; ++c)
        if (match.colMatch(c) < 0) {
            int32_t slot = c < n_ ? c : m_.stateSlots[static_cast<size_t>(c - n_)];
            std::string name = m_.varNames[static_cast<size_t>(m_.slotVar[static_cast<size_t>(slot)])];
            throw badInput("initialization is under-determined: nothing fixes " + (c < n_ ? name : "der(" + name + ")"))
                .about({instanceOf(name)});
        }
    if (!assumed.empty()) {
        std::string w = "initial values not fixed by the model; assuming fixed start values for: ";
        for (size_t i = 0; i < assumed.size(); ++i)
            w += (i ? ", " : "") + assumed[i];
        warnings_.push_back(w);
    }
    std::vector<int32_t> keptG, droppedG;
    for (int32_t j = 0; j < m_.m; ++j)
        (match.rowMatch(n_ + j) >= 0 ? keptG : droppedG).push_back(j);

    // Newton row of each equation: its matched column, for a zero-free diagonal (see compile.cpp).
    std::vector<int32_t> fPos(static_cast<size_t>(n_)), gPos(keptG.size()), cPos(candidates.size());
    for (int32_t r = 0; r < n_; ++r)
        fPos[static_cast<size_t>(r)] = match.rowMatch(r);
    for (size_t j = 0; j < keptG.size(); ++j)
        gPos[j] = match.rowMatch(n_ + keptG[j]);
    for (size_t i = 0; i < candidates.size(); ++i)
        cPos[i] = match.rowMatch(n_ + m_.m + static_cast<int32_t>(i));
    // CSC pattern of the Newton system in z-space.
    struct Cell {
        int32_t row, col;
        InitSource src;
    };
    std::vector<Cell> cells;
    for (int32_t c = 0; c < pat.cols; ++c)
        for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            int32_t r = fPos[static_cast<size_t>(pat.rowIdx[static_cast<size_t>(k)])];
            // only the structurally present parts: a phantom der(x) entry would tie
            // explicit rows into loops and spoil the block order of solveByBlocks
            bool state = m_.slotIsState[static_cast<size_t>(c)] != 0;
            if (!state || m_.jacHasY[static_cast<size_t>(k)])
                cells.push_back({r, c, {InitSource::FY, k}});
            if (state && m_.jacHasYp[static_cast<size_t>(k)])
                cells.push_back({r, zcol(c, true), {InitSource::FYP, k}});
        }
    std::vector<int32_t> gRowOf(static_cast<size_t>(m_.m), -1);
    for (size_t j = 0; j < keptG.size(); ++j)
        gRowOf[static_cast<size_t>(keptG[j])] = gPos[j];
    for (size_t k = 0; k < m_.initJacRow.size(); ++k) {
        int32_t row = gRowOf[static_cast<size_t>(m_.initJacRow[k])];
        int32_t slot = m_.initJacSlot[k];
        bool isYp = m_.initJacIsYp[k] != 0;
        if (row < 0 || (isYp && !m_.slotIsState[static_cast<size_t>(slot)]))
            continue;
        cells.push_back({row, zcol(slot, isYp), {InitSource::G, static_cast<int32_t>(k)}});
    }
    int32_t candRow0 = n_ + static_cast<int32_t>(keptG.size());
    for (size_t i = 0; i < candidates.size(); ++i)
        cells.push_back({cPos[i], candidates[i], {InitSource::Candidate, 0}});
    if (candRow0 + static_cast<int32_t>(candidates.size()) != nz)
        throw badInput("initialization: " + std::to_string(candRow0 + candidates.size()) + " equations for " +
                       std::to_string(nz) + " unknowns");
    std::vector<structure::SparseEntry> entries;
    entries.reserve(cells.size());
    for (const Cell& c : cells)
        entries.push_back({c.row, c.col});
    std::vector<size_t> order;
    solve::NewtonProblem prob;
    prob.pattern = structure::patternFromEntries(nz, nz, entries, &order);
    {
        std::vector<Cell> stored; // in the pattern's order, so cell k gives value k
        stored.reserve(cells.size());
        for (size_t i : order)
            stored.push_back(cells[i]);
        cells = std::move(stored);
    }
    std::vector<double> gvals(static_cast<size_t>(m_.m)), gjac(m_.initJacRow.size());
    auto unpack = [&](const double* z) {
        for (int32_t i = 0; i < n_; ++i)
            y_[static_cast<size_t>(i)] = z[i];
        for (int32_t s = 0; s < ns; ++s)
            yp_[static_cast<size_t>(m_.stateSlots[static_cast<size_t>(s)])] = z[n_ + s];
    };
    std::vector<std::string> rowOrigin(static_cast<size_t>(nz));
    for (int32_t r = 0; r < n_; ++r)
        rowOrigin[static_cast<size_t>(fPos[static_cast<size_t>(r)])] = m_.eqOrigins[static_cast<size_t>(r)];
    for (size_t j = 0; j < keptG.size(); ++j)
        rowOrigin[static_cast<size_t>(gPos[j])] = m_.initOrigins[static_cast<size_t>(keptG[j])];
    for (size_t i = 0; i < candidates.size(); ++i)
        rowOrigin[static_cast<size_t>(cPos[i])] = "assumed start value " + assumed[i];
    std::vector<double> fvals(static_cast<size_t>(n_));
    prob.residual = [&](const double* z, double* f) {
        unpack(z);
        residual(t0_, y_.data(), yp_.data(), fvals.data(), true);
        for (int32_t r = 0; r < n_; ++r)
            f[fPos[static_cast<size_t>(r)]] = fvals[static_cast<size_t>(r)];
        codegen::TapeInputs in = inputs(t0_, true);
        in.out[0] = gvals.data();
        m_.initResidual.run(in, initResRegs_.data());
        for (size_t j = 0; j < keptG.size(); ++j)
            f[gPos[j]] = gvals[static_cast<size_t>(keptG[j])];
        for (size_t i = 0; i < candidates.size(); ++i)
            f[cPos[i]] = z[candidates[i]] - m_.yStart[static_cast<size_t>(candidates[i])];
        return true;
    };
    prob.jacobian = [&, cells](const double* z, double* values) {
        unpack(z);
        jacobian(t0_, y_.data(), yp_.data(), true);
        codegen::TapeInputs in = inputs(t0_, true);
        in.out[0] = gjac.data();
        m_.initJacobian.run(in, initJacRegs_.data());
        for (size_t k = 0; k < cells.size(); ++k) {
            const InitSource& s = cells[k].src;
            switch (s.kind) {
            case InitSource::FY: values[k] = jy_[static_cast<size_t>(s.k)]; break;
            case InitSource::FYP: values[k] = jyp_[static_cast<size_t>(s.k)]; break;
            case InitSource::G: values[k] = gjac[static_cast<size_t>(s.k)]; break;
            case InitSource::Candidate: values[k] = 1.0; break;
            }
        }
    };
    for (int32_t i = 0; i < n_; ++i)
        prob.scale.push_back(m_.nominal[static_cast<size_t>(i)]);
    for (int32_t s = 0; s < ns; ++s)
        prob.scale.push_back(m_.nominal[static_cast<size_t>(m_.stateSlots[static_cast<size_t>(s)])]);
    prob.cancelled = [this] { return sink_.cancelled(); };
    std::vector<double> z(static_cast<size_t>(nz));
    for (int32_t i = 0; i < n_; ++i)
        z[static_cast<size_t>(i)] = y_[static_cast<size_t>(i)];
    // Mixed continuous/discrete fixed point: relations and discrete values frozen per solve.
    for (int iter = 0;; ++iter) {
        throwIfCancelled(t0_, "initialization");
        unpack(z.data());
        updateRelations(t0_, true);
        updateDiscrete(t0_, true);
        pre_ = disc_;
        std::vector<double> guess = z;
        solve::NewtonResult r = solve::solveNewton(prob, z, 1e-10);
        throwIfCancelled(r.cancelled, t0_, "initialization");
        if (r.converged && nz <= kPolishedUnknowns) {
            // The simultaneous solve leaves round-off (1e-17) in unknowns whose block alone
            // gives them exactly (v = 0 at rest); a friction element reading "initial() and
            // v < 0" would start sliding on it. One pass block by block makes them exact.
            throwIfCancelled(solve::solveByBlocks(prob, z, 50, 1e-15).cancelled, t0_, "initialization");
        }
        if (!r.converged) {
            // Poor guesses (an efficiency of 0 before 1/efficiency): solve block by block
            // in dependency order for better ones, then all together again.
            z = guess;
            throwIfCancelled(solve::solveByBlocks(prob, z, 50, 1e-12).cancelled, t0_, "initialization");
            if (solve::residualBelow(prob, z, 1e-10)) {
                // Solved; a Newton over the whole system would fail where the blocks were
                // singular but consistent (see solveByBlocks).
                r.converged = true;
            } else {
                r = solve::solveNewton(prob, z, 1e-10);
                throwIfCancelled(r.cancelled, t0_, "initialization");
            }
        }
        if (!r.converged)
            failInit(prob, z, r, rowOrigin);
        unpack(z.data());
        std::vector<double> relBefore = rel_, discBefore = disc_;
        updateRelations(t0_, true);
        updateDiscrete(t0_, true);
        if (rel_ == relBefore && disc_ == discBefore)
            break;
        if (iter == opt_.maxEventIterations)
            throw simulationFailed("initialization: relations and discrete values did not settle at t = " + fmt(t0_))
                .about(unsettled(relBefore, discBefore))
                .at(t0_);
    }
    pre_ = disc_;
    // Redundant fixed starts must be consistent with the solution.
    if (!droppedG.empty()) {
        codegen::TapeInputs in = inputs(t0_, true);
        in.out[0] = gvals.data();
        m_.initResidual.run(in, initResRegs_.data());
        for (int32_t j : droppedG) {
            double r = gvals[static_cast<size_t>(j)];
            if (std::fabs(r) > 1e-6 * (1 + std::fabs(r)))
                throw badInput("over-determined initial conditions: " + m_.initOrigins[static_cast<size_t>(j)] +
                               " contradicts the other initial conditions and equations (off by " + fmt(r) + ")")
                    .about(instancesOf(m_.initOrigins[static_cast<size_t>(j)]));
            warnings_.push_back("redundant initial condition ignored (it agrees with the others): " +
                                m_.initOrigins[static_cast<size_t>(j)]);
        }
    }
    refreshVarValues();
    for (size_t w = 0; w < m_.whens.size(); ++w)
        whenPrev_[w] = eval(m_.whens[w].condition, t0_, false) != 0;
}

[[noreturn]] void Run::failInit(const solve::NewtonProblem& prob, std::vector<double>& z, const solve::NewtonResult& r,
                               const std::vector<std::string>& rowOrigin)
{
    std::vector<double> f(z.size());
    prob.residual(z.data(), f.data());
    computeValues(t0_, y_.data(), yp_.data(), true);
    std::vector<std::pair<double, std::string>> worst;
    for (size_t i = 0; i < f.size(); ++i) {
        const bool finite = std::isfinite(f[i]);
        worst.push_back({std::fabs(f[i]), finite ? rowOrigin[i] : nonFiniteOrigin(rowOrigin[i])});
    }
    // A NaN (0/0 in an equation) is the likeliest culprit: it sorts first, where a plain
    // comparison would leave it anywhere.
    auto badness = [](double v) { return std::isnan(v) ? HUGE_VAL : v; };
    std::stable_sort(worst.begin(), worst.end(),
                     [&](const auto& a, const auto& b) { return badness(a.first) > badness(b.first); });
    std::string msg;
    // A non-finite residual is the model's fault (its equations), not the solver's.
    const bool notFinite = !worst.empty() && !std::isfinite(worst[0].first);
    if (notFinite)
        msg = "initialization failed: equation " + withSource(worst[0].second) +
              " gives a value that is not a finite number (NaN or infinity: a division 0/0, the root or "
              "logarithm of a negative number?); largest residuals:";
    else
        msg = "initialization failed (the solver reports " + r.message + "); largest residuals:";
    std::vector<std::string> culprits;
    for (size_t i = 0; i < std::min<size_t>(5, worst.size()); ++i) {
        msg += "\n  " + fmt(worst[i].first) + "  " + worst[i].second;
        if (!(worst[i].first == 0) || i == 0)
            for (auto& name : instancesOf(worst[i].second))
                culprits.push_back(std::move(name));
    }
    throw Error(notFinite ? ErrorKind::BadInput : ErrorKind::SimulationFailed, msg).about(culprits).at(t0_);
}

} // namespace flange::solve
