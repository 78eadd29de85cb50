// The run loop: consistent initialization, IDA in DAE mode with the analytic sparse
// Jacobian, relations frozen between events and located by root finding (with
// hysteresis, engine.md 5.2), time events hit exactly through IDA's stop time, and an
// event iteration that re-solves the algebraic unknowns with the states fixed.
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/run.hpp"
#include "engine/solve/block_solve.hpp"
#include "engine/solve/ida_messages.hpp"
#include "engine/solve/run_settings.hpp"
#include "engine/solve/stiffness.hpp"
#include "engine/solve/newton.hpp"
#include "engine/structure/matching.hpp"

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>

namespace flange {
namespace {

std::string fmt(double v) { return readableNumber(v); }

class Run {
public:
    Run(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink, const std::vector<int>& outputs)
        : m_(m), opt_(o), sink_(sink)
    {
        n_ = m.n;
        y_ = m.yStart;
        yp_.assign(static_cast<size_t>(n_), 0.0);
        disc_ = m.discreteStart;
        pre_ = m.discreteStart;
        rel_.assign(m.relations.size(), 0.0);
        dist_.assign(m.relations.size(), 0.0);
        jy_.assign(m.jacPattern.nnz(), 0.0);
        jyp_.assign(m.jacPattern.nnz(), 0.0);
        // Register files of this run: the tapes themselves are shared between threads.
        resRegs_ = m.residual.workspace();
        jacRegs_ = m.jacobian.workspace();
        crossRegs_ = m.crossing.workspace();
        initResRegs_ = m.initResidual.workspace();
        initJacRegs_ = m.initJacobian.workspace();
        if (outputs.empty())
            for (size_t i = 0; i < m.outputs.size(); ++i)
                outputs_.push_back(static_cast<int>(i));
        else
            outputs_ = outputs;
        rowValues_.resize(outputs_.size());
        const solve::RunSettings settings = solve::checkRunSettings(m, o);
        t0_ = settings.t0;
        tEnd_ = settings.tEnd;
        dt_ = settings.dt;
        rtol_ = settings.rtol;
        for (size_t k = 0; k < m.relations.size(); ++k)
            if (!m.relations[k].timeEvent) {
                stateRelations_.push_back(static_cast<int>(k));
                rootsReadSolved_ = rootsReadSolved_ || m.relations[k].readsSolved;
            }
        whenPrev_.assign(m.whens.size(), 0);
    }

    ~Run()
    {
        if (ida_)
            IDAFree(&ida_);
        if (ls_)
            SUNLinSolFree(ls_);
        if (A_)
            SUNMatDestroy(A_);
        for (N_Vector v : {yv_, ypv_, idv_, atolv_, dkyY_, dkyYp_})
            if (v)
                N_VDestroy(v);
        if (ctx_)
            SUNContext_Free(&ctx_);
    }

    SimulationStats run()
    {
        std::vector<std::string> names;
        for (int i : outputs_)
            names.push_back(m_.outputs[static_cast<size_t>(i)].name);
        sink_.begin(names);
        auto c0 = std::chrono::steady_clock::now();
        initialize();
        // The transient starts with an event iteration in which initial() is false (Modelica
        // spec 8.6): initialization-only characteristics and start flags switch off here.
        EventRecord initial;
        initial.time = t0_;
        iterateEvent(t0_, initial, "end of initialization");
        auto c1 = std::chrono::steady_clock::now();
        stats_.initSeconds = std::chrono::duration<double>(c1 - c0).count();
        emitRow(t0_);
        integrate();
        stats_.integrateSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - c1).count();
        stats_.warnings = warnings_;
        return stats_;
    }

private:
    // ---------- tape evaluation
    codegen::TapeInputs inputs(double t, bool initial) const
    {
        codegen::TapeInputs in;
        in.y = y_.data();
        in.yp = yp_.data();
        in.disc = disc_.data();
        in.pre = pre_.data();
        in.rel = rel_.data();
        in.time = t;
        in.initial = initial ? 1.0 : 0.0;
        return in;
    }

    void residual(double t, const double* y, const double* yp, double* out, bool initial)
    {
        codegen::TapeInputs in = inputs(t, initial);
        in.y = y;
        in.yp = yp;
        in.out[0] = out;
        m_.residual.run(in, resRegs_.data());
    }

    void jacobian(double t, const double* y, const double* yp, bool initial)
    {
        codegen::TapeInputs in = inputs(t, initial);
        in.y = y;
        in.yp = yp;
        in.out[0] = jy_.data();
        in.out[1] = jyp_.data();
        m_.jacobian.run(in, jacRegs_.data());
    }

    void distances(double t, const double* y, const double* yp)
    {
        if (dist_.empty())
            return;
        codegen::TapeInputs in = inputs(t, false);
        in.y = y;
        in.yp = yp;
        in.out[0] = dist_.data();
        m_.crossing.run(in, crossRegs_.data());
    }

    // Crossing functions between steps. IDA's interpolant is accurate for the states only
    // (algebraic errors are not controlled), so relations on algebraic unknowns (a friction
    // torque, a driving sine) are evaluated on the unknowns solved from the interpolated
    // states, as a tool that integrates the states alone would: otherwise a stick-to-slip
    // switch is found late by as much as the step is long.
    void rootDistances(double t, const double* y, const double* yp)
    {
        if (!exactRoots()) {
            distances(t, y, yp);
            return;
        }
        std::copy(y, y + n_, y_.begin());
        std::copy(yp, yp + n_, yp_.begin());
        try {
            solveConsistent(t, false, samplingTolerance());
            distances(t, y_.data(), yp_.data());
        } catch (const Error& e) {
            if (e.kind() == ErrorKind::Cancelled)
                throw;
            distances(t, y, yp);
        }
    }

    double hysteresis(int k) const { return 1e-4 * rtol_ * m_.relations[static_cast<size_t>(k)].nominal; }

    // Relation k's crossing function from the last distances(): it changes sign when the
    // relation leaves its current value by more than the hysteresis.
    double crossingValue(int k) const
    {
        return dist_[static_cast<size_t>(k)] + (rel_[static_cast<size_t>(k)] != 0 ? hysteresis(k) : -hysteresis(k));
    }

    // Relation values at time t: exact at initialization, with hysteresis at events;
    // time relations take their value just after t.
    bool updateRelations(double t, bool exact, bool holdSolved = false)
    {
        distances(t, y_.data(), yp_.data());
        bool changed = false;
        for (size_t k = 0; k < m_.relations.size(); ++k) {
            const RelationInfo& r = m_.relations[k];
            if (holdSolved && r.readsSolved)
                continue;
            double d = dist_[k];
            bool inclusive = r.op == expr::Op::Ge || r.op == expr::Op::Le;
            bool v;
            if (r.timeEvent && !exact) {
                double tol = 1e-12 * (1 + std::fabs(r.a * t) + std::fabs(r.b));
                v = std::fabs(d) <= tol ? r.a > 0 : d > 0;
            } else if (exact) {
                v = inclusive ? d >= 0 : d > 0;
            } else if (inclusive && std::fabs(d) <= 1e-3 * hysteresis(static_cast<int>(k))) {
                // On the boundary up to round-off (fn <= 0 once a ramp has ended at fn = 0):
                // an inclusive relation holds there. A strict one keeps its value (hysteresis),
                // so a friction element held at sa = tau0_max by its neighbour stays sliding.
                v = true;
            } else {
                v = d + (rel_[k] != 0 ? hysteresis(static_cast<int>(k)) : -hysteresis(static_cast<int>(k))) > 0;
            }
            double nv = v ? 1.0 : 0.0;
            if (nv != rel_[k]) {
                changed = true;
                rel_[k] = nv;
            }
        }
        return changed;
    }

    double eval(expr::NodeId id, double t, bool initial) const
    {
        // Discrete equations read continuous values through the same slots as the tapes; the
        // tree evaluator needs them by variable id, so it goes through a small adapter.
        expr::EvalContext ctx;
        ctx.vars = varValues_.data();
        ctx.disc = disc_.data();
        ctx.pre = pre_.data();
        ctx.rel = rel_.data();
        ctx.time = t;
        ctx.initial = initial;
        return expr::evaluate(m_.pool, id, ctx);
    }

    void refreshVarValues()
    {
        varValues_.assign(m_.varNames.size(), 0.0);
        for (int32_t i = 0; i < n_; ++i)
            varValues_[static_cast<size_t>(m_.slotVar[static_cast<size_t>(i)])] = y_[static_cast<size_t>(i)];
    }

    // Evaluates the discrete equations in order; returns the names of what changed.
    std::vector<std::string> updateDiscrete(double t, bool initial, bool holdSolved = false)
    {
        std::vector<std::string> changes;
        if (m_.discrete.empty() && (!initial || m_.initialDiscrete.empty()))
            return changes;
        refreshVarValues();
        auto assign = [&](const flatten::DiscreteAssignment& a) {
            double v = eval(a.value, t, initial);
            double& slot = disc_[static_cast<size_t>(a.var)];
            if (v != slot) {
                changes.push_back(m_.varNames[static_cast<size_t>(a.var)] + " " + fmt(slot) + " -> " + fmt(v));
                slot = v;
            }
        };
        for (size_t i = 0; i < m_.discrete.size(); ++i)
            if (!holdSolved || !m_.discreteReadsSolved[i])
                assign(m_.discrete[i]);
        if (initial && !m_.initialDiscrete.empty()) {
            // initial algorithms may read discrete values computed by equations, and feed others
            for (const auto& a : m_.initialDiscrete)
                assign(a);
            for (const auto& a : m_.discrete)
                assign(a);
        }
        return changes;
    }

    // ---------- cancellation and culprits
    // The sink is polled between solver steps, per Newton iteration and per event and
    // initialization iteration; a solver stopped by it reports `stopped`.
    void throwIfCancelled(double t, const char* during) { throwIfCancelled(sink_.cancelled(), t, during); }
    void throwIfCancelled(bool stopped, double t, const char* during)
    {
        if (stopped)
            throw cancellation(std::string(during) + " cancelled at t = " + fmt(t)).at(t);
    }

    // Instances of an event that does not settle: its cause and whatever it keeps changing.
    static std::vector<std::string> eventCulprits(const std::string& cause, const EventRecord& rec)
    {
        std::vector<std::string> out = instancesOf(cause);
        for (const auto& change : rec.changes)
            out.push_back(instanceOf(change));
        return out;
    }

    // Instances of the relations and discrete variables that changed since the snapshot.
    std::vector<std::string> unsettled(const std::vector<double>& relBefore, const std::vector<double>& discBefore) const
    {
        std::vector<std::string> out;
        for (size_t k = 0; k < rel_.size(); ++k)
            if (rel_[k] != relBefore[k])
                out.push_back(instanceOf(m_.relations[k].origin));
        for (size_t v = 0; v < disc_.size(); ++v)
            if (disc_[v] != discBefore[v])
                out.push_back(instanceOf(m_.varNames[v]));
        return out;
    }

    // ---------- initialization
    struct InitSource {
        enum Kind { FY, FYP, G, Candidate } kind;
        int32_t k;
    };

    void initialize()
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
        std::sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) {
            return a.col != b.col ? a.col < b.col : a.row < b.row;
        });
        solve::NewtonProblem prob;
        prob.pattern.rows = prob.pattern.cols = nz;
        prob.pattern.colPtr.assign(static_cast<size_t>(nz) + 1, 0);
        for (const Cell& c : cells) {
            prob.pattern.rowIdx.push_back(c.row);
            prob.pattern.colPtr[static_cast<size_t>(c.col) + 1]++;
        }
        for (size_t c = 0; c < static_cast<size_t>(nz); ++c)
            prob.pattern.colPtr[c + 1] += prob.pattern.colPtr[c];
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

    // An equation's origin with the definition file and line it comes from, when known:
    // "d: y = 0/0 (lib/Div.json:7:5)". Origins of derived rows ("initial equation d: ...")
    // carry the component equation's origin inside them.
    std::string withSource(const std::string& origin) const
    {
        const std::string* best = nullptr;
        for (const auto& [eq, where] : m_.equationSources)
            if (origin.find(eq) != std::string::npos && (!best || eq.size() > best->size()))
                best = &eq;
        return best ? origin + " (" + m_.equationSources.at(*best) + ")" : origin;
    }

    [[noreturn]] void failInit(const solve::NewtonProblem& prob, std::vector<double>& z, const solve::NewtonResult& r,
                               const std::vector<std::string>& rowOrigin)
    {
        std::vector<double> f(z.size());
        prob.residual(z.data(), f.data());
        std::vector<std::pair<double, std::string>> worst;
        for (size_t i = 0; i < f.size(); ++i) {
            worst.push_back({std::fabs(f[i]), rowOrigin[i]});
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

    // Algebraic unknowns and state derivatives with states held fixed: after an event, and
    // at output points when exact algebraic outputs are asked for (SimulationOptions).
    // tolerance: on the residuals; the points between steps need only the accuracy of the
    // interpolated states they start from (see samplingTolerance).
    void solveConsistent(double t, bool freshJacobian = true, double tolerance = 1e-10)
    {
        if (n_ == 0)
            return; // nothing to solve: the model holds constants and discrete values only
        if (!consistent_) {
            const auto& pat = m_.jacPattern;
            solve::NewtonProblem prob;
            prob.pattern = pat;
            prob.residual = [this](const double* z, double* f) {
                unpackConsistent(z);
                residual(consistentTime_, y_.data(), yp_.data(), f, false);
                return true;
            };
            prob.jacobian = [this](const double* z, double* values) {
                unpackConsistent(z);
                jacobian(consistentTime_, y_.data(), yp_.data(), false);
                const auto& p = m_.jacPattern;
                for (int32_t c = 0; c < p.cols; ++c)
                    for (int32_t k = p.colPtr[static_cast<size_t>(c)]; k < p.colPtr[static_cast<size_t>(c) + 1]; ++k)
                        values[k] = m_.slotIsState[static_cast<size_t>(c)] ? jyp_[static_cast<size_t>(k)]
                                                                           : jy_[static_cast<size_t>(k)];
            };
            prob.scale = m_.nominal;
            prob.cancelled = [this] { return sink_.cancelled(); };
            consistentProblem_ = prob;
            consistent_ = std::make_unique<solve::NewtonSolver>(std::move(prob));
            consistentZ_.resize(static_cast<size_t>(n_));
        }
        consistentTime_ = t;
        for (int32_t i = 0; i < n_; ++i)
            consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
        solve::NewtonResult r = consistent_->solve(consistentZ_, tolerance, freshJacobian);
        throwIfCancelled(r.cancelled, t, "simulation");
        if (!r.converged) {
            // Singular but consistent (two friction elements stuck in series): block by block.
            for (int32_t i = 0; i < n_; ++i)
                consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
            throwIfCancelled(solve::solveByBlocks(consistentProblem_, consistentZ_, 50, 1e-12).cancelled, t, "simulation");
            r.converged = solve::residualBelow(consistentProblem_, consistentZ_, 1e-10);
        }
        if (!r.converged)
            throw simulationFailed("at t = " + fmt(t) + ": the equations could not be solved with the states held (" +
                                   r.message + ")")
                .at(t);
        unpackConsistent(consistentZ_.data());
    }

    void unpackConsistent(const double* z)
    {
        for (int32_t i = 0; i < n_; ++i)
            (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] = z[i];
    }

    // ---------- IDA
    static int idaResidual(double t, N_Vector yy, N_Vector yp, N_Vector rr, void* user)
    {
        auto* self = static_cast<Run*>(user);
        double* r = N_VGetArrayPointer(rr);
        self->residual(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp), r, false);
        for (int32_t i = 0; i < self->n_; ++i)
            if (!std::isfinite(r[i])) {
                // Recoverable for IDA (it tries a smaller step), but remembered: if the steps
                // then shrink to nothing, this equation is why, not stiffness.
                self->nonFiniteRow_ = i;
                self->nonFiniteTime_ = t;
                return 1;
            }
        return 0;
    }

    static int idaJacobian(double t, double cj, N_Vector yy, N_Vector yp, N_Vector, SUNMatrix J, void* user, N_Vector,
                           N_Vector, N_Vector)
    {
        auto* self = static_cast<Run*>(user);
        self->jacobian(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp), false);
        const auto& pat = self->m_.jacPattern;
        if (self->dense_) {
            SUNMatZero(J);
            for (int32_t c = 0; c < pat.cols; ++c) {
                double* col = SUNDenseMatrix_Column(J, c);
                for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k)
                    col[pat.rowIdx[static_cast<size_t>(k)]] = self->jy_[static_cast<size_t>(k)] + cj * self->jyp_[static_cast<size_t>(k)];
            }
        } else {
            sunindextype* ptr = SUNSparseMatrix_IndexPointers(J);
            sunindextype* idx = SUNSparseMatrix_IndexValues(J);
            double* data = SUNSparseMatrix_Data(J);
            for (size_t c = 0; c <= static_cast<size_t>(pat.cols); ++c)
                ptr[c] = pat.colPtr[c];
            for (size_t k = 0; k < pat.nnz(); ++k) {
                idx[k] = pat.rowIdx[k];
                data[k] = self->jy_[k] + cj * self->jyp_[k];
            }
        }
        return 0;
    }

    static int idaRoots(double t, N_Vector yy, N_Vector yp, double* g, void* user)
    {
        auto* self = static_cast<Run*>(user);
        self->rootDistances(t, N_VGetArrayPointer(yy), N_VGetArrayPointer(yp));
        for (size_t j = 0; j < self->stateRelations_.size(); ++j)
            g[j] = self->crossingValue(self->stateRelations_[j]);
        return 0;
    }

    void setupIda()
    {
        SUNContext_Create(nullptr, &ctx_);
        yv_ = N_VNew_Serial(n_, ctx_);
        ypv_ = N_VNew_Serial(n_, ctx_);
        dkyY_ = N_VNew_Serial(n_, ctx_);
        dkyYp_ = N_VNew_Serial(n_, ctx_);
        idv_ = N_VNew_Serial(n_, ctx_);
        atolv_ = N_VNew_Serial(n_, ctx_);
        for (int32_t i = 0; i < n_; ++i) {
            NV_Ith_S(idv_, i) = m_.slotIsState[static_cast<size_t>(i)] ? 1.0 : 0.0;
            // MSL user's guide (StateSelection): abstol_i = 0.01 * reltol * nominal_i
            NV_Ith_S(atolv_, i) = 0.01 * rtol_ * m_.nominal[static_cast<size_t>(i)];
        }
        copyIn();
        ida_ = IDACreate(ctx_);
        check(IDAInit(ida_, idaResidual, t0_, yv_, ypv_), "IDAInit");
        IDASetUserData(ida_, this);
        IDASVtolerances(ida_, rtol_, atolv_);
        IDASetId(ida_, idv_);
        IDASetSuppressAlg(ida_, opt_.suppressAlgebraicErrors || m_.stateSlots.empty() ? SUNTRUE : SUNFALSE);
        IDASetMaxNumSteps(ida_, 1000000);
        // Without states no error test limits the step; outputs are then solved exactly instead.
        IDASetMaxStep(ida_, m_.stateSlots.empty() ? dt_ : tEnd_ - t0_);
        // IDA's first step is 0.001 of the distance to tstop, the stop time in one-step
        // mode; over a long span from rest that step fails its error test ten times and
        // IDA gives up at t0. No first step longer than an output interval.
        IDASetInitStep(ida_, std::min(0.001 * (tEnd_ - t0_), dt_));
        IDASetErrHandlerFn(ida_, [](int, const char*, const char*, char* msg, void* user) {
            static_cast<Run*>(user)->lastIdaMessage_ = msg ? msg : "";
        }, this);
        dense_ = n_ <= 60;
        if (dense_) {
            A_ = SUNDenseMatrix(n_, n_, ctx_);
            ls_ = SUNLinSol_Dense(yv_, A_, ctx_);
        } else {
            A_ = SUNSparseMatrix(n_, n_, static_cast<sunindextype>(m_.jacPattern.nnz()), CSC_MAT, ctx_);
            ls_ = SUNLinSol_KLU(yv_, A_, ctx_);
        }
        IDASetLinearSolver(ida_, ls_, A_);
        IDASetJacFn(ida_, idaJacobian);
        if (!stateRelations_.empty()) {
            IDARootInit(ida_, static_cast<int>(stateRelations_.size()), idaRoots);
            IDASetNoInactiveRootWarn(ida_);
        }
    }

    void check(int flag, const char* what)
    {
        if (flag < 0)
            throw simulationFailed(std::string(what) + " failed: " + lastIdaMessage_);
    }

    void copyIn()
    {
        for (int32_t i = 0; i < n_; ++i) {
            NV_Ith_S(yv_, i) = y_[static_cast<size_t>(i)];
            NV_Ith_S(ypv_, i) = yp_[static_cast<size_t>(i)];
        }
    }

    void copyOut()
    {
        for (int32_t i = 0; i < n_; ++i) {
            y_[static_cast<size_t>(i)] = NV_Ith_S(yv_, i);
            yp_[static_cast<size_t>(i)] = NV_Ith_S(ypv_, i);
        }
    }

    double nextTimeEvent(double t) const
    {
        double next = tEnd_;
        for (const auto& r : m_.relations) {
            if (!r.timeEvent)
                continue;
            double tc = -r.b / r.a;
            if (tc > t + 1e-12 * (1 + std::fabs(t)) && tc < next)
                next = tc;
        }
        return next;
    }

    void emitRow(double t)
    {
        if (opt_.maxRows > 0 && stats_.rows >= opt_.maxRows)
            throw simulationFailed("output stopped at t = " + fmt(t) + " s: more than " + std::to_string(opt_.maxRows) +
                                   " rows (every event adds two); raise the limit with --max-rows")
                .at(t);
        for (size_t i = 0; i < outputs_.size(); ++i) {
            const OutputVar& o = m_.outputs[static_cast<size_t>(outputs_[i])];
            double v = 0;
            switch (o.kind) {
            case OutputVar::Kind::Y: v = y_[static_cast<size_t>(o.index)]; break;
            case OutputVar::Kind::Yp: v = yp_[static_cast<size_t>(o.index)]; break;
            case OutputVar::Kind::Discrete: v = disc_[static_cast<size_t>(o.index)]; break;
            case OutputVar::Kind::Constant: v = 0; break;
            }
            rowValues_[i] = o.kind == OutputVar::Kind::Discrete ? v : o.sign * v + o.offset;
        }
        sink_.row(t, rowValues_);
        ++stats_.rows;
    }

    // Event iteration at time t (engine.md 5.3): relations and discrete values to a fixed
    // point together with the algebraic unknowns (states held), then when-clauses.
    void iterateEvent(double t, EventRecord& rec, const std::string& cause)
    {
        for (int outer = 0;; ++outer) {
            if (outer > 0) {
                // pre() changed: the solved unknowns still belong to the old mode, so the
                // discretes reading them keep their values until one solve has followed.
                updateRelations(t, false, true);
                auto changes = updateDiscrete(t, false, true);
                rec.changes.insert(rec.changes.end(), changes.begin(), changes.end());
                solveConsistent(t);
            }
            for (int inner = 0;; ++inner) {
                throwIfCancelled(t, "event iteration");
                bool relChanged = updateRelations(t, false);
                auto changes = updateDiscrete(t, false);
                rec.changes.insert(rec.changes.end(), changes.begin(), changes.end());
                if (!relChanged && changes.empty() && inner > 0)
                    break;
                solveConsistent(t);
                if (inner == opt_.maxEventIterations)
                    throw simulationFailed("event iteration did not converge at t = " + fmt(t) + " (" + cause + ")")
                        .about(eventCulprits(cause, rec))
                        .at(t);
            }
            bool reinit = fireWhens(t, rec);
            if (reinit)
                solveConsistent(t);
            if (disc_ == pre_ && !reinit)
                break;
            pre_ = disc_;
            if (outer == opt_.maxEventIterations)
                throw simulationFailed("event iteration did not converge at t = " + fmt(t) + "; still changing: " +
                                       (rec.changes.empty() ? cause : rec.changes.back()))
                    .about(eventCulprits(cause, rec))
                    .at(t);
        }
        pre_ = disc_;
    }

    void handleEvent(double t, bool timeEvent, const std::string& cause)
    {
        if (exactRoots())
            solveConsistent(t, false); // the left limit on the same footing as the crossing functions
        emitRow(t); // left limit
        EventRecord rec;
        rec.time = t;
        rec.timeEvent = timeEvent;
        rec.cause = cause;
        rec.component = instanceOf(cause);
        iterateEvent(t, rec, cause);
        sink_.event(rec);
        emitRow(t); // right limit
        if (!ida_)
            return; // no unknowns, no solver to restart
        copyIn();
        collectCounters(); // IDAReInit zeroes IDA's counters
        check(IDAReInit(ida_, t, yv_, ypv_), "IDAReInit");
        if (!dense_)
            SUNLinSol_KLUReInit(ls_, A_, static_cast<sunindextype>(m_.jacPattern.nnz()), SUNKLU_REINIT_PARTIAL);
    }

    bool fireWhens(double t, EventRecord& rec)
    {
        bool reinit = false;
        size_t reinitIndex = 0;
        refreshVarValues();
        for (size_t w = 0; w < m_.whens.size(); ++w) {
            const auto& wc = m_.whens[w];
            bool c = eval(wc.condition, t, false) != 0;
            bool fire = c && !whenPrev_[w];
            whenPrev_[w] = c;
            if (fire) {
                for (const auto& a : wc.assignments) {
                    double v = eval(a.value, t, false);
                    double& slot = disc_[static_cast<size_t>(a.var)];
                    if (v != slot) {
                        rec.changes.push_back(m_.varNames[static_cast<size_t>(a.var)] + " " + fmt(slot) + " -> " + fmt(v));
                        slot = v;
                    }
                }
                for (size_t r = 0; r < wc.reinits.size(); ++r) {
                    int32_t slot = m_.reinitSlots[reinitIndex + r];
                    y_[static_cast<size_t>(slot)] = eval(wc.reinits[r].value, t, false);
                    reinit = true;
                    rec.changes.push_back("reinit(" + m_.varNames[static_cast<size_t>(wc.reinits[r].var)] + ")");
                }
            }
            reinitIndex += wc.reinits.size();
        }
        return reinit;
    }

    // The solution at time tg inside the step just taken: IDA's interpolant, with the
    // algebraic unknowns solved from it where the crossing functions read them.
    void interpolateAt(double tg)
    {
        check(IDAGetDky(ida_, tg, 0, dkyY_), "IDAGetDky");
        check(IDAGetDky(ida_, tg, 1, dkyYp_), "IDAGetDky");
        for (int32_t i = 0; i < n_; ++i) {
            y_[static_cast<size_t>(i)] = NV_Ith_S(dkyY_, i);
            yp_[static_cast<size_t>(i)] = NV_Ith_S(dkyYp_, i);
        }
        if (m_.stateSlots.empty() || opt_.exactAlgebraicOutputs)
            solveConsistent(tg, m_.stateSlots.empty());
        else if (exactRoots())
            solveConsistent(tg, false, samplingTolerance());
    }

    // Algebraic unknowns between steps and at output points: a thousandth of the relative
    // tolerance, far below the error of the interpolated states they are solved from.
    double samplingTolerance() const { return 1e-3 * rtol_; }

    bool exactRoots() const { return rootsReadSolved_ && opt_.suppressAlgebraicErrors && !m_.stateSlots.empty(); }

    // Index (into stateRelations_) of a relation whose value at y_ differs from the frozen one.
    int changedRelation(double t)
    {
        distances(t, y_.data(), yp_.data());
        for (size_t j = 0; j < stateRelations_.size(); ++j) {
            int k = stateRelations_[j];
            if ((crossingValue(k) > 0) != (rel_[static_cast<size_t>(k)] != 0))
                return static_cast<int>(j);
        }
        return -1;
    }

    // Output points double as crossing checks (as a tool evaluating its model at every
    // output point does): IDA compares the crossing functions at step ends only, and a
    // switch that comes and goes inside one long step (a stuck gear, a driving sine) would
    // be missed. Returns the relation found changed at tg, located back to its first time
    // in (tLow, tg] by bisection on the interpolant; y_ then holds the solution there.
    int crossingBefore(double tLow, double& tg)
    {
        if (stateRelations_.empty())
            return -1;
        int j = changedRelation(tg);
        if (j < 0)
            return -1;
        double lo = tLow, hi = tg;
        while (hi - lo > 1e-13 * (1 + std::fabs(hi))) {
            double mid = 0.5 * (lo + hi);
            interpolateAt(mid);
            int jm = changedRelation(mid);
            if (jm >= 0) {
                hi = mid;
                j = jm;
            } else {
                lo = mid;
            }
        }
        interpolateAt(hi);
        tg = hi;
        return j;
    }

    // A crossing whose relations feed only discrete equations whose values do not change
    // (sa < -f0_max while the element slides; a branch an "and" has already decided) is no
    // event: the relations take their new values and IDA continues without a restart.
    bool silentCrossing(double t)
    {
        if (exactRoots())
            solveConsistent(t, false);
        std::vector<double>& relBefore = scratchRel_;
        relBefore = rel_;
        updateRelations(t, false);
        bool silent = true;
        for (size_t k = 0; k < rel_.size() && silent; ++k)
            if (rel_[k] != relBefore[k] && m_.relations[k].inResidual)
                silent = false;
        if (silent) {
            scratchDisc_ = disc_;
            silent = updateDiscrete(t, false).empty();
            disc_ = scratchDisc_;
        }
        if (silent && !m_.whens.empty()) {
            refreshVarValues();
            for (size_t w = 0; w < m_.whens.size() && silent; ++w)
                silent = (eval(m_.whens[w].condition, t, false) != 0) == (whenPrev_[w] != 0);
        }
        if (!silent)
            rel_ = relBefore;
        return silent;
    }

    // Crossings (events and silent ones) per output interval: beyond the limit the model
    // chatters, and the simulation stops instead of crawling on.
    void countCrossing(double t, const std::string& cause, int& eventsInInterval, long& lastIntervalWithEvent)
    {
        long interval = static_cast<long>((t - t0_) / dt_);
        eventsInInterval = interval == lastIntervalWithEvent ? eventsInInterval + 1 : 1;
        lastIntervalWithEvent = interval;
        if (eventsInInterval > opt_.maxConsecutiveEvents)
            throw simulationFailed("chattering at t = " + fmt(t) + ": more than " +
                                   std::to_string(opt_.maxConsecutiveEvents) +
                                   " events in one output interval, caused by " + cause)
                .about(instancesOf(cause))
                .at(t);
    }

    void stateEvent(double t, int relationIndex, int& eventsInInterval, long& lastIntervalWithEvent)
    {
        ++stats_.stateEvents;
        std::string cause = m_.relations[static_cast<size_t>(stateRelations_[static_cast<size_t>(relationIndex)])].origin;
        countCrossing(t, cause, eventsInInterval, lastIntervalWithEvent);
        handleEvent(t, false, cause); // writes the left and right limits
    }

    // One IDA step per call (IDA_ONE_STEP): the output grid is interpolated with IDAGetDky,
    // so output points neither cut steps nor split the root search.
    void integrate()
    {
        if (n_ == 0) {
            advanceWithoutUnknowns();
            return;
        }
        setupIda();
        integrationStart_ = std::chrono::steady_clock::now();
        long k = 1; // next output point
        const long nOut = static_cast<long>(std::llround((tEnd_ - t0_) / dt_));
        auto gridTime = [&](long i) { return i >= nOut ? tEnd_ : t0_ + static_cast<double>(i) * dt_; };
        double t = t0_;
        std::vector<int> rootsFound(stateRelations_.size());
        int eventsInInterval = 0;
        long lastIntervalWithEvent = -1;
        while (t < tEnd_) {
            throwIfCancelled(t, "simulation");
            double tStop = std::min(nextTimeEvent(t), tEnd_);
            IDASetStopTime(ida_, tStop);
            double tret = t;
            int flag = IDASolve(ida_, tStop, &tret, yv_, ypv_, IDA_ONE_STEP);
            if (flag < 0)
                failIntegration(flag, tret);
            checkBudget(tret);
            const double eps = 1e-12 * (1 + std::fabs(tret));
            bool eventInStep = false;
            double tLow = t;
            while (k <= nOut && gridTime(k) < tret - eps) {
                double tg = gridTime(k);
                interpolateAt(tg);
                int j = crossingBefore(tLow, tg);
                if (j >= 0) {
                    if (std::fabs(tg - gridTime(k)) <= eps)
                        ++k;
                    t = tg;
                    stateEvent(t, j, eventsInInterval, lastIntervalWithEvent);
                    eventInStep = true;
                    break;
                }
                emitRow(tg);
                tLow = tg;
                ++k;
            }
            if (eventInStep)
                continue; // IDA was re-initialized at the event, before the end of its step
            copyOut();
            t = tret;
            if (m_.stateSlots.empty() || opt_.exactAlgebraicOutputs)
                solveConsistent(t, m_.stateSlots.empty());
            bool onGrid = k <= nOut && std::fabs(t - gridTime(k)) <= eps;
            if (flag == IDA_ROOT_RETURN) {
                IDAGetRootInfo(ida_, rootsFound.data());
                int j = 0;
                while (j + 1 < static_cast<int>(rootsFound.size()) && rootsFound[static_cast<size_t>(j)] == 0)
                    ++j;
                if (silentCrossing(t)) {
                    ++stats_.silentCrossings;
                    countCrossing(t, m_.relations[static_cast<size_t>(stateRelations_[static_cast<size_t>(j)])].origin,
                                  eventsInInterval, lastIntervalWithEvent);
                    if (onGrid) {
                        emitRow(t);
                        ++k;
                    }
                    continue; // IDA goes on from the root; nothing it integrates has changed
                }
                stateEvent(t, j, eventsInInterval, lastIntervalWithEvent);
                if (onGrid)
                    ++k;
                continue;
            }
            if (t >= tEnd_ - eps) {
                emitRow(tEnd_);
                break;
            }
            if (flag == IDA_TSTOP_RETURN || std::fabs(t - tStop) <= eps) {
                ++stats_.timeEvents;
                handleEvent(t, true, timeEventCause(t, eps));
                if (onGrid)
                    ++k;
                continue;
            }
            if (onGrid) {
                emitRow(t);
                ++k;
            }
        }
        collectCounters();
    }

    std::string timeEventCause(double t, double eps) const
    {
        std::string cause;
        for (const auto& r : m_.relations)
            if (r.timeEvent && std::fabs(-r.b / r.a - t) <= eps)
                cause = r.origin;
        return cause;
    }

    // A model without unknowns (an empty diagram, a lone Fixed) has nothing for IDA to
    // integrate: time moves from output point to time event, and the discrete values
    // change at the events.
    void advanceWithoutUnknowns()
    {
        const long nOut = static_cast<long>(std::llround((tEnd_ - t0_) / dt_));
        auto gridTime = [&](long i) { return i >= nOut ? tEnd_ : t0_ + static_cast<double>(i) * dt_; };
        long k = 1;
        double t = t0_;
        while (t < tEnd_) {
            throwIfCancelled(t, "simulation");
            double tStop = std::min(nextTimeEvent(t), tEnd_);
            const double eps = 1e-12 * (1 + std::fabs(tStop));
            for (; k <= nOut && gridTime(k) < tStop - eps; ++k)
                emitRow(gridTime(k));
            t = tStop;
            if (t >= tEnd_ - eps) {
                emitRow(tEnd_);
                break;
            }
            ++stats_.timeEvents;
            handleEvent(t, true, timeEventCause(t, eps));
            if (k <= nOut && std::fabs(t - gridTime(k)) <= eps)
                ++k;
        }
    }

    [[noreturn]] void failIntegration(int flag, double t)
    {
        double h = 0;
        IDAGetCurrentStep(ida_, &h); // the step that failed; the last successful one may be none
        std::string msg = "integration failed " + solve::plainIdaFailure(flag, t, h, lastIdaMessage_);
        std::vector<std::string> culprits;
        // Name the equations that gave the non-finite values.
        if (flag == IDA_RES_FAIL || flag == IDA_REP_RES_ERR || flag == IDA_FIRST_RES_FAIL) {
            copyOut();
            std::vector<double> f(static_cast<size_t>(n_));
            residual(t, y_.data(), yp_.data(), f.data(), false);
            std::string rows;
            for (int32_t i = 0; i < n_; ++i)
                if (!std::isfinite(f[static_cast<size_t>(i)])) {
                    rows += (rows.empty() ? "" : "; ") + withSource(m_.eqOrigins[static_cast<size_t>(i)]);
                    for (auto& name : instancesOf(m_.eqOrigins[static_cast<size_t>(i)]))
                        culprits.push_back(std::move(name));
                }
            if (rows.empty() && nonFiniteRow_ >= 0) { // fine at t, not at the trial points past it
                rows = withSource(m_.eqOrigins[static_cast<size_t>(nonFiniteRow_)]) + " at t = " + fmt(nonFiniteTime_) + " s";
                culprits = instancesOf(m_.eqOrigins[static_cast<size_t>(nonFiniteRow_)]);
            }
            if (!rows.empty()) // the model's equations give NaN or infinity: the model is at fault
                throw badInput(msg + "; in equation " + rows).about(culprits).at(t);
        }
        // A step that shrank to nothing: a stiff part of the model (a spring with c = 1e23)
        // is the likeliest cause, so name the stiffest equations and their parameters.
        if ((flag == IDA_ERR_FAIL || flag == IDA_CONV_FAIL) && n_ > 0)
            msg += ". The stiffest equations (check their parameters):" + stiffestEquations(t, culprits);
        throw simulationFailed(msg).about(culprits).at(t);
    }

    // The equations whose Jacobian rows span the widest range of coefficients at t, one per
    // line with the parameters they name: where to look when the steps shrink to nothing.
    std::string stiffestEquations(double t, std::vector<std::string>& culprits)
    {
        copyOut();
        jacobian(t, y_.data(), yp_.data(), false);
        std::string names;
        for (const auto& e : solve::stiffestEquations(m_, jy_, 3)) {
            names += "\n  " + e.origin + " (coefficient " + fmt(e.coefficient) + " on " + e.variable +
                     (e.parameters.empty() ? "" : "; " + e.parameters) + ")";
            for (auto& name : instancesOf(e.origin))
                culprits.push_back(std::move(name));
        }
        return names;
    }

    // The overall budget of a run (steps and wall-clock time), and the stiffness check: a
    // step stuck far below the span for many steps in a row makes no progress worth waiting for.
    void checkBudget(double t)
    {
        ++stepsTaken_;
        if (opt_.maxSteps > 0 && stepsTaken_ > opt_.maxSteps)
            throw simulationFailed("stopped at t = " + fmt(t) + " s after " + std::to_string(opt_.maxSteps) +
                                   " solver steps, the limit; raise it with --max-steps")
                .at(t);
        if (opt_.maxSeconds > 0 && stepsTaken_ % 64 == 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - integrationStart_).count() > opt_.maxSeconds)
            throw simulationFailed("stopped at t = " + fmt(t) + " s after " + fmt(opt_.maxSeconds) +
                                   " s of computing, the limit; raise it with --max-seconds")
                .at(t);
        double h = 0;
        IDAGetLastStep(ida_, &h);
        if (std::fabs(h) >= opt_.stiffStepFraction * (tEnd_ - t0_)) {
            tinySteps_ = 0;
            nonFiniteRow_ = -1;
            return;
        }
        if (++tinySteps_ < opt_.stiffStepCount)
            return;
        if (nonFiniteRow_ >= 0) {
            // The steps shrank because every step past t gave NaN or infinity: the model's fault.
            const std::string& origin = m_.eqOrigins[static_cast<size_t>(nonFiniteRow_)];
            throw badInput("integration cannot pass t = " + fmt(t) + " s: equation " + withSource(origin) +
                           " gives a value that is not a finite number (NaN or infinity: a division 0/0, the "
                           "root or logarithm of a negative number?) at t = " + fmt(nonFiniteTime_) + " s")
                .about(instancesOf(origin))
                .at(t);
        }
        std::vector<std::string> culprits;
        const std::string names = stiffestEquations(t, culprits);
        throw simulationFailed("the system is too stiff to progress at t = " + fmt(t) + " s: the step size stayed near " +
                               fmt(h) + " s for " + std::to_string(opt_.stiffStepCount) +
                               " steps in a row. Check the parameters of the stiffest equations:" + names)
            .about(culprits)
            .at(t);
    }

    void collectCounters()
    {
        if (!ida_)
            return;
        long v = 0;
        IDAGetNumSteps(ida_, &v);
        stats_.steps += v;
        IDAGetNumResEvals(ida_, &v);
        stats_.residualEvaluations += v;
        IDAGetNumJacEvals(ida_, &v);
        stats_.jacobianEvaluations += v;
    }

    const CompiledModel& m_;
    SimulationOptions opt_;
    ResultSink& sink_;
    int32_t n_ = 0;
    double t0_ = 0, tEnd_ = 1, dt_ = 0.002, rtol_ = 1e-6;
    std::vector<double> y_, yp_, disc_, pre_, rel_, dist_, jy_, jyp_, varValues_;
    std::vector<double> resRegs_, jacRegs_, crossRegs_, initResRegs_, initJacRegs_;
    std::vector<int> outputs_;
    std::vector<double> rowValues_;
    std::vector<int> stateRelations_;
    bool rootsReadSolved_ = false;
    std::vector<double> scratchRel_, scratchDisc_;
    std::vector<char> whenPrev_;
    std::vector<std::string> warnings_;
    SimulationStats stats_;
    std::string lastIdaMessage_;
    long stepsTaken_ = 0;
    int tinySteps_ = 0;
    int32_t nonFiniteRow_ = -1; // a residual row that gave NaN or infinity since the last normal step
    double nonFiniteTime_ = 0;
    std::chrono::steady_clock::time_point integrationStart_ = std::chrono::steady_clock::now();
    std::unique_ptr<solve::NewtonSolver> consistent_;
    solve::NewtonProblem consistentProblem_;
    std::vector<double> consistentZ_;
    double consistentTime_ = 0;
    SUNContext ctx_ = nullptr;
    void* ida_ = nullptr;
    N_Vector yv_ = nullptr, ypv_ = nullptr, idv_ = nullptr, atolv_ = nullptr;
    N_Vector dkyY_ = nullptr, dkyYp_ = nullptr; // output points interpolated inside the last step
    SUNMatrix A_ = nullptr;
    SUNLinearSolver ls_ = nullptr;
    bool dense_ = true;
};

} // namespace

SimulationStats simulate(const CompiledModel& model, const SimulationOptions& options, ResultSink& sink,
                         const std::vector<int>& outputs)
{
    Run run(model, options, sink, outputs);
    return run.run();
}

} // namespace flange
