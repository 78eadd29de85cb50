#include "engine/linear/steady_state.hpp"

#include "engine/error.hpp"

#include <Eigen/Dense>
#include <Eigen/SparseLU>

#include <algorithm>
#include <cmath>

namespace flange::linear {

namespace {

constexpr int kMostIterations = 50;
constexpr double kTolerance = 1e-10; // of each residual row, relative to the size of its terms
constexpr Eigen::Index kMostDenseUnknowns = 4000; // a singular system's least squares, dense

struct Newton {
    const CompiledModel& m;
    OperatingPoint& p;
    const std::vector<char>& free;

    bool freeSlot(int32_t slot) const
    {
        const int32_t s = m.stateIndexOfSlot[static_cast<size_t>(slot)];
        return s >= 0 && free[static_cast<size_t>(s)] != 0;
    }
    // The unknown of each slot: yp of a free state, y of the others.
    double& unknown(int32_t slot) { return freeSlot(slot) ? p.yp[static_cast<size_t>(slot)] : p.y[static_cast<size_t>(slot)]; }

    codegen::TapeInputs inputs() const { return tapeInputs(p); }

    Eigen::VectorXd residual() const
    {
        Eigen::VectorXd f(m.n);
        std::vector<double> regs = m.residual.workspace();
        codegen::TapeInputs in = inputs();
        in.out[0] = f.data();
        m.residual.run(in, regs.data());
        return f;
    }

    // The Jacobian over the unknowns, and each row's size: the sum of |dF/du| |u| (u at
    // least its nominal), which a converged residual is small against.
    Eigen::SparseMatrix<double> jacobian(Eigen::VectorXd& rowSize) const
    {
        std::vector<double> jy(m.jacPattern.nnz()), jyp(m.jacPattern.nnz());
        std::vector<double> regs = m.jacobian.workspace();
        codegen::TapeInputs in = inputs();
        in.out[0] = jy.data();
        in.out[1] = jyp.data();
        m.jacobian.run(in, regs.data());
        std::vector<Eigen::Triplet<double>> entries;
        rowSize = Eigen::VectorXd::Zero(m.n);
        for (int j = 0; j < m.n; ++j) {
            const bool isFree = freeSlot(j);
            const size_t sj = static_cast<size_t>(j);
            const double u = std::max(std::abs(isFree ? p.yp[sj] : p.y[sj]), m.nominal[sj]);
            for (int32_t k = m.jacPattern.colPtr[sj]; k < m.jacPattern.colPtr[sj + 1]; ++k) {
                const size_t kk = static_cast<size_t>(k);
                const double v = isFree ? jyp[kk] : jy[kk];
                const int r = m.jacPattern.rowIdx[kk];
                entries.emplace_back(r, j, v);
                rowSize(r) += std::abs(v) * u;
            }
        }
        Eigen::SparseMatrix<double> jac(m.n, m.n);
        jac.setFromTriplets(entries.begin(), entries.end());
        jac.makeCompressed();
        return jac;
    }

    // The row furthest off, relative to its size.
    Eigen::Index worst(const Eigen::VectorXd& f, const Eigen::VectorXd& rowSize, double& off) const
    {
        Eigen::Index r = 0;
        off = 0;
        for (Eigen::Index i = 0; i < f.size(); ++i) {
            const double rel = std::abs(f(i)) / std::max(rowSize(i), 1e-300);
            if (rel > off) {
                off = rel;
                r = i;
            }
        }
        return r;
    }
};

} // namespace

OperatingPoint steadyState(const CompiledModel& m, OperatingPoint p, const std::vector<char>& free)
{
    Newton newton{m, p, free};
    for (size_t s = 0; s < m.stateSlots.size(); ++s)
        if (!free[s])
            p.yp[static_cast<size_t>(m.stateSlots[s])] = 0;
    for (int it = 0; it <= kMostIterations; ++it) {
        const Eigen::VectorXd f = newton.residual();
        Eigen::VectorXd rowSize;
        const Eigen::SparseMatrix<double> jac = newton.jacobian(rowSize);
        double off = 0;
        newton.worst(f, rowSize, off);
        if (off <= kTolerance)
            return p;
        if (!f.allFinite())
            break;
        Eigen::VectorXd step;
        Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
        lu.compute(jac);
        if (lu.info() == Eigen::Success)
            step = lu.solve(-f);
        const auto solves = [&](const Eigen::VectorXd& dx) {
            return dx.size() == f.size() && dx.allFinite() && (jac * dx + f).norm() <= 1e-8 * f.norm();
        };
        if (!solves(step)) {
            // Singular: a family of steady states (a free line at any speed) or none. The
            // least change that solves it best, then: if it leaves a residual, none.
            if (m.n > kMostDenseUnknowns)
                throw badInput("--steady: the steady-state equations are singular and the model has " +
                               std::to_string(m.n) + " unknowns, more than the dense least-squares solve takes (" +
                               std::to_string(kMostDenseUnknowns) + ")");
            const Eigen::MatrixXd dense(jac);
            step = Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(dense).solve(-f);
            if (!solves(step)) {
                const Eigen::VectorXd left = jac * step + f;
                double worstOff = 0;
                const Eigen::Index r = newton.worst(left, rowSize, worstOff);
                throw badInput("--steady: no steady state: the speeds cannot all be constant here (a net torque or "
                               "force accelerates the line, or nothing holds it); the equation furthest off is " +
                               m.eqOrigins[static_cast<size_t>(r)]);
            }
        }
        for (int j = 0; j < m.n; ++j)
            newton.unknown(j) += step(j);
    }
    double off = 0;
    Eigen::VectorXd rowSize;
    newton.jacobian(rowSize);
    const Eigen::Index r = newton.worst(newton.residual(), rowSize, off);
    throw badInput("--steady: no steady state found: Newton's method did not converge in " +
                   std::to_string(kMostIterations) + " iterations (furthest off: " + m.eqOrigins[static_cast<size_t>(r)] + ")");
}

} // namespace flange::linear
