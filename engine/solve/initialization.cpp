// Consistent initial values (engine.md 5.1): the equations, the initial equations and the
// fixed start values matched to the unknowns and their derivatives, solved by Newton (or
// block by block) together with the relations and discrete values to a fixed point.
#include "engine/solve/initialization.hpp"
#include "engine/solve/block_solve.hpp"
#include "engine/solve/pivoted_qr.hpp"

#include <algorithm>
#include <cmath>

namespace flange::solve {

namespace {
// Up to this many unknowns the initial values are polished block by block; the pass
// evaluates the whole residual per block, so it is kept off large models.
constexpr int32_t kPolishedUnknowns = 400;

// The rows of a singular Newton matrix that depend on one another (its left null space):
// fixed start values among them fix together what the equations already fix. Dense, so
// only for systems the singular fallback would also factor.
std::vector<size_t> dependentRows(const NewtonProblem& prob, const std::vector<double>& z)
{
    const auto& pat = prob.pattern;
    const size_t n = static_cast<size_t>(pat.cols);
    if (n == 0 || n > static_cast<size_t>(kPolishedUnknowns))
        return {};
    std::vector<double> values(pat.rowIdx.size());
    prob.jacobian(z.data(), values.data());
    PivotedQr qr;
    qr.n = n;
    qr.a.assign(n * n, 0.0);
    for (size_t c = 0; c < n; ++c)
        for (int32_t k = pat.colPtr[c]; k < pat.colPtr[c + 1]; ++k) // transposed: a row is a column
            qr.a[static_cast<size_t>(pat.rowIdx[static_cast<size_t>(k)]) * n + c] += values[static_cast<size_t>(k)];
    qr.factor();
    std::vector<size_t> rows;
    for (const auto& v : qr.nullSpace()) {
        double largest = 0;
        for (double x : v)
            largest = std::max(largest, std::fabs(x));
        for (size_t i = 0; i < n; ++i)
            if (std::fabs(v[i]) > 1e-6 * largest && std::find(rows.begin(), rows.end(), i) == rows.end())
                rows.push_back(i);
    }
    return rows;
}
} // namespace

void Initialization::initialize()
{
    const InitialSystem& sys = m_.initial; // built at translation (initial_system.hpp)
    const int ns = static_cast<int>(m_.stateSlots.size());
    const int nz = sys.unknowns;
    const auto& candidates = sys.candidates;
    const auto& keptG = sys.keptG;
    const auto& droppedG = sys.droppedG;
    const auto& fPos = sys.fPos;
    const auto& gPos = sys.gPos;
    const auto& cPos = sys.cPos;
    const auto& cells = sys.cells;
    const auto& rowOrigin = sys.rowOrigin;
    if (!sys.assumed.empty()) {
        std::string w = "initial values not fixed by the model; assuming fixed start values for: ";
        for (size_t i = 0; i < sys.assumed.size(); ++i)
            w += (i ? ", " : "") + sys.assumed[i];
        warnings_.push_back(w);
    }
    solve::NewtonProblem prob;
    prob.pattern = sys.pattern;
    std::vector<double> gvals(static_cast<size_t>(m_.m)), gjac(m_.initJacRow.size());
    auto unpack = [&](const double* z) {
        for (int32_t i = 0; i < n_; ++i)
            y_[static_cast<size_t>(i)] = z[i];
        for (int32_t s = 0; s < ns; ++s)
            yp_[static_cast<size_t>(m_.stateSlots[static_cast<size_t>(s)])] = z[n_ + s];
    };
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
    prob.jacobian = [&](const double* z, double* values) {
        unpack(z);
        jacobian(t0_, y_.data(), yp_.data(), true);
        codegen::TapeInputs in = inputs(t0_, true);
        in.out[0] = gjac.data();
        m_.initJacobian.run(in, initJacRegs_.data());
        for (size_t k = 0; k < cells.size(); ++k) {
            const InitialSystem::Cell& c = cells[k];
            switch (c.source) {
            case InitialSystem::Cell::FY: values[k] = jy_[static_cast<size_t>(c.k)]; break;
            case InitialSystem::Cell::FYP: values[k] = jyp_[static_cast<size_t>(c.k)]; break;
            case InitialSystem::Cell::G: values[k] = gjac[static_cast<size_t>(c.k)]; break;
            case InitialSystem::Cell::Candidate: values[k] = 1.0; break;
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
        for (size_t d = 0; d < droppedG.size(); ++d) {
            const int32_t j = droppedG[d];
            double r = gvals[static_cast<size_t>(j)];
            if (std::fabs(r) > 1e-6 * (1 + std::fabs(r))) {
                // Named with the conditions the structure found it redundant with, as
                // Dymola lists the starts that cannot all hold.
                const std::string& origin = m_.initOrigins[static_cast<size_t>(j)];
                std::vector<std::string> instances = instancesOf(origin);
                std::string with;
                for (const std::string& other : sys.droppedWith[d]) {
                    with += ", " + other;
                    for (auto& name : instancesOf(other))
                        if (std::find(instances.begin(), instances.end(), name) == instances.end())
                            instances.push_back(std::move(name));
                }
                throw badInput("over-determined initial conditions: " + origin +
                               (with.empty() ? " contradicts the other initial conditions and equations"
                                             : with + " cannot all hold together with the equations") +
                               " (off by " + fmt(r) + "); release " + (with.empty() ? "it" : "one of them") +
                               " (fixed = false)")
                    .about(instances);
            }
            warnings_.push_back("redundant initial condition ignored (it agrees with the others): " +
                                m_.initOrigins[static_cast<size_t>(j)]);
        }
    }
    refreshVarValues();
    for (size_t w = 0; w < m_.whens.size(); ++w)
        whenPrev_[w] = eval(m_.whens[w].condition, t0_, false) != 0;
}

[[noreturn]] void Initialization::failInit(const solve::NewtonProblem& prob, std::vector<double>& z, const solve::NewtonResult& r,
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
    else {
        // Too many fixed start values (Dymola names them): those in the rows that depend on
        // one another, where the solve found the matrix singular.
        std::vector<std::string> fixedStarts, others, instances;
        for (size_t i : dependentRows(prob, z)) {
            const std::string& origin = rowOrigin[i];
            const bool start = origin.rfind("fixed start ", 0) == 0 || origin.rfind("assumed start value ", 0) == 0;
            (start ? fixedStarts : others).push_back(origin);
            for (auto& name : instancesOf(origin))
                if (std::find(instances.begin(), instances.end(), name) == instances.end())
                    instances.push_back(std::move(name));
        }
        std::string equations;
        for (size_t i = 0; i < others.size() && i < 5; ++i)
            equations += "\n  " + others[i];
        // A parameter of zero (an inertia's J) is the likelier cause; else the starts.
        if (const std::string zeros = others.empty() ? "" : zeroFactors(instances); !zeros.empty())
            throw badInput("initialization failed: " + zeros +
                           " leaves the initial equations singular; the equations that depend on one another:" +
                           equations)
                .about(instances)
                .at(t0_);
        if (!fixedStarts.empty() && !others.empty()) {
            std::string list;
            for (size_t i = 0; i < fixedStarts.size(); ++i)
                list += (i ? ", " : "") + fixedStarts[i];
            throw badInput("initialization failed: too many start values are fixed: " + list +
                           " cannot all hold together with the equations below; release one of them (fixed = "
                           "false):" + equations)
                .about(instances)
                .at(t0_);
        }
        msg = "initialization failed: " + r.message + "; largest residuals:";
    }
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
