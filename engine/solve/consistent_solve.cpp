// The algebraic unknowns and the states' derivatives solved with the states held: after an
// event, at output points, for crossing functions between steps, and as the Adams methods'
// right-hand side (run_state.hpp).
#include "engine/solve/block_solve.hpp"
#include "engine/solve/run_state.hpp"
#include "engine/solve/vector_norms.hpp"

#include <cmath>

namespace flange::solve {

// Algebraic unknowns and state derivatives with states held fixed: after an event, and
// at output points when exact algebraic outputs are asked for (SimulationOptions).
// tolerance: on the residuals; the points between steps need only the accuracy of the
// interpolated states they start from (see samplingTolerance).
void RunState::solveConsistent(double t, bool freshJacobian, double tolerance, bool modeGathered)
{
    if (n_ == 0)
        return; // nothing to solve: the model holds constants and discrete values only
    if (!freshJacobian && exactConsistentStep(t, tolerance, modeGathered))
        return;
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
        prob.affine = m_.consistentAffinity.affine;
        consistentProblem_ = prob;
        consistent_ = std::make_unique<solve::NewtonSolver>(std::move(prob));
        consistentZ_.resize(static_cast<size_t>(n_));
    }
    consistentTime_ = t;
    for (int32_t i = 0; i < n_; ++i)
        consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
    solve::NewtonResult r =
        consistent_->solve(consistentZ_, tolerance, freshJacobian, modeGathered ? consistentMode_ : consistentMode());
    throwIfCancelled(r.cancelled, t, "simulation");
    if (!r.converged) {
        // Singular but consistent (two friction elements stuck in series): block by block.
        for (int32_t i = 0; i < n_; ++i)
            consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
        throwIfCancelled(solve::solveByBlocks(consistentProblem_, consistentZ_, 50, 1e-12).cancelled, t, "simulation");
        r.converged = solve::residualBelow(consistentProblem_, consistentZ_, kEventSolve);
    }
    if (!r.converged) {
        // Stuck chains too large for the block pass (HeatLosses: a clutch, a one-way clutch
        // and a brake behind a stuck lossy gear): once more, now that the linear solver has
        // seen the singular matrix and solves it rank-revealing (singular_fallback_solver.hpp).
        for (int32_t i = 0; i < n_; ++i)
            consistentZ_[static_cast<size_t>(i)] = (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)];
        r = consistent_->solve(consistentZ_, tolerance, true, consistentMode());
        throwIfCancelled(r.cancelled, t, "simulation");
    }
    // A singular matrix solved by the rank-revealing fallback leaves the undetermined
    // unknowns at their start values, which differ from solve to solve: only IDA,
    // integrating them, keeps them continuous, and the Adams methods hand over. (The
    // block pass's least-norm solution does not depend on the start.)
    singularSeen_ = singularSeen_ || consistent_->singular();
    if (!r.converged) {
        checkDerivativesDetermined(t, true);
        throw simulationFailed("at t = " + fmt(t) + ": the equations could not be solved with the states held: " +
                               r.message)
            .at(t);
    }
    unpackConsistent(consistentZ_.data());
}

// solveConsistent's one exact step on the kept factorization of an affine model (the
// Adams methods' right-hand sides, their output points and crossing solves), without
// packing the unknowns into the solver's vector and back: the residual reads y_ and yp_
// as they are and the correction lands in them. On the 10,000-inertia chain the packing
// and unpacking were as many passes over the unknowns as the rest of a right-hand side.
// The same arithmetic as NewtonSolver::solve, so bit for bit the same result; false where
// that solve would not take this step (it then runs as before).
bool RunState::exactConsistentStep(double t, double tolerance, bool modeGathered)
{
    if (!consistent_ || sink_.cancelled() || !consistent_->oneStepExact(modeGathered ? consistentMode_ : consistentMode()))
        return false;
    double* f = consistent_->beginExactStep();
    residual(t, y_.data(), yp_.data(), f, false);
    double norm = 0;
    if (!maxAbsIfFinite(f, static_cast<size_t>(n_), norm))
        return false;
    consistentTime_ = t;
    if (norm > tolerance) { // else the start is the solution, as the solve would accept it
        const double* d = consistent_->exactCorrection(norm, tolerance);
        if (!d)
            return false;
        // The general path does not take a step to non-finite values: checked before any is written.
        if (onlyStatesInOrder_) {
            double* z = yp_.data();
            if (!differencesFinite(z, d, static_cast<size_t>(n_)))
                return false;
            for (int32_t i = 0; i < n_; ++i)
                z[i] -= d[i];
        } else {
            for (int32_t i = 0; i < n_; ++i)
                if (!std::isfinite((m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] - d[i]))
                    return false;
            for (int32_t i = 0; i < n_; ++i)
                (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] -= d[i];
        }
    }
    singularSeen_ = singularSeen_ || consistent_->singular();
    return true;
}

// The values the consistent solve's Jacobian depends on, when it is affine (NewtonProblem).
const std::vector<double>& RunState::consistentMode()
{
    const codegen::Affinity& a = m_.consistentAffinity;
    consistentMode_.clear();
    if (!a.affine)
        return consistentMode_;
    for (int32_t v : a.disc)
        consistentMode_.push_back(disc_[static_cast<size_t>(v)]);
    for (int32_t v : a.pre)
        consistentMode_.push_back(pre_[static_cast<size_t>(v)]);
    for (int32_t k : a.rel)
        consistentMode_.push_back(rel_[static_cast<size_t>(k)]);
    return consistentMode_;
}

void RunState::unpackConsistent(const double* z)
{
    for (int32_t i = 0; i < n_; ++i)
        (m_.slotIsState[static_cast<size_t>(i)] ? yp_ : y_)[static_cast<size_t>(i)] = z[i];
}

} // namespace flange::solve
