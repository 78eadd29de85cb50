// The lowest modes of a large drive line without a dense decomposition: shift-invert
// Arnoldi (Spectra, on Eigen) on the DAE's sparse matrices, never forming A.
//
// (A - s I)^-1 b is the x of
//     (s F_x' + F_x) x + F_z z = -F_x' b,
// which is the linear model's x' = A x (F_x' x' + F_z z + F_x x = 0) with x' = s x + b: one
// sparse LU of an unknowns x unknowns matrix, then one solve per Arnoldi step. With a
// real shift s < 0 below the spectrum's lowest part, the eigenvalues nearest s are those of
// smallest magnitude of a lightly damped line (|lambda - s|^2 = s^2 + w^2 along the
// imaginary axis), so the largest of 1 / (lambda - s) are the lowest modes. A free line's
// double zero (a Jordan block, the rigid rotation) comes out nearest: it is counted and
// left out, as rigid.
#include "engine/api/linearize.hpp"

#include "engine/compiled_model.hpp"
#include "engine/error.hpp"
#include "engine/linear/drive_line_parts.hpp"
#include "engine/linear/operating_point.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <Spectra/GenEigsRealShiftSolver.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace flange::linear {

namespace {

using Sparse = Eigen::SparseMatrix<double>;

// The shift-solve operation Spectra's real-shift solver calls.
class ShiftSolve {
public:
    using Scalar = double;

    ShiftSolve(const CompiledModel& m, const OperatingPoint& p) : m_(m)
    {
        std::vector<double> jy(m.jacPattern.nnz()), jyp(m.jacPattern.nnz());
        std::vector<double> regs = m.jacobian.workspace();
        codegen::TapeInputs in = tapeInputs(p);
        in.out[0] = jy.data();
        in.out[1] = jyp.data();
        m.jacobian.run(in, regs.data());
        std::vector<Eigen::Triplet<double>> fy, fyp;
        for (int j = 0; j < m.n; ++j) {
            const size_t sj = static_cast<size_t>(j);
            for (int32_t k = m.jacPattern.colPtr[sj]; k < m.jacPattern.colPtr[sj + 1]; ++k) {
                const size_t kk = static_cast<size_t>(k);
                if (!std::isfinite(jy[kk]) || !std::isfinite(jyp[kk]))
                    throw simulationFailed("lowest modes: the Jacobian is not finite at t = " + readableNumber(p.time) +
                                           " (" + m.eqOrigins[static_cast<size_t>(m.jacPattern.rowIdx[kk])] + ")")
                        .at(p.time);
                fy.emplace_back(m.jacPattern.rowIdx[kk], j, jy[kk]);
                if (m.slotIsState[sj])
                    fyp.emplace_back(m.jacPattern.rowIdx[kk], m.stateIndexOfSlot[sj], jyp[kk]);
            }
        }
        fy_.resize(m.n, m.n);
        fy_.setFromTriplets(fy.begin(), fy.end());
        fxp_.resize(m.n, static_cast<Eigen::Index>(m.stateSlots.size()));
        fxp_.setFromTriplets(fyp.begin(), fyp.end());
        // s F_x' in the states' columns of an unknowns x unknowns matrix.
        std::vector<Eigen::Triplet<double>> embedded;
        for (Eigen::Index c = 0; c < fxp_.outerSize(); ++c)
            for (Sparse::InnerIterator it(fxp_, c); it; ++it)
                embedded.emplace_back(static_cast<int>(it.row()), m.stateSlots[static_cast<size_t>(c)], it.value());
        stateColumns_.resize(m.n, m.n);
        stateColumns_.setFromTriplets(embedded.begin(), embedded.end());
    }

    Eigen::Index rows() const { return fxp_.cols(); }
    Eigen::Index cols() const { return fxp_.cols(); }

    void set_shift(double sigma)
    {
        Sparse k = fy_ + sigma * stateColumns_;
        k.makeCompressed();
        lu_.compute(k);
        if (lu_.info() != Eigen::Success)
            throw simulationFailed("lowest modes: the shifted system is singular at s = " + readableNumber(sigma) +
                                   " (an eigenvalue exactly there)");
    }

    void perform_op(const double* in, double* out) const
    {
        const Eigen::VectorXd rhs = -(fxp_ * Eigen::Map<const Eigen::VectorXd>(in, cols()));
        const Eigen::VectorXd z = lu_.solve(rhs);
        for (Eigen::Index i = 0; i < cols(); ++i)
            out[i] = z(m_.stateSlots[static_cast<size_t>(i)]);
    }

private:
    const CompiledModel& m_;
    Sparse fy_, fxp_, stateColumns_;
    Eigen::SparseLU<Sparse> lu_;
};

// A frequency below the line's lowest, to shift by: all the inertia on all the springs in
// series, sqrt(1 / (sum J * sum 1/c)) (a chain's lowest is pi times that); 1 rad/s
// without springs or inertias.
double lowFrequencyBelow(const Model& model)
{
    double inertia = 0, compliance = 0;
    for (const PartVariables& p : driveLineParts(model)) {
        inertia += p.part.inertia;
        if (p.part.stiffness > 0)
            compliance += 1 / p.part.stiffness;
    }
    return inertia > 0 && compliance > 0 ? std::sqrt(1 / (inertia * compliance)) : 1.0;
}

std::string hertz(double f)
{
    char text[32];
    std::snprintf(text, sizeof text, f >= 100 ? "%.0f Hz" : "%.3g Hz", f);
    return text;
}

} // namespace

SparseModes lowestModes(const std::shared_ptr<const Model>& model, int count, std::optional<double> at)
{
    const CompiledModel& m = model->compiled();
    const Eigen::Index n = static_cast<Eigen::Index>(m.stateSlots.size());
    if (count < 1)
        throw badInput("lowest modes: ask for at least one");
    const OperatingPoint p = operatingPoint(model, at);
    ShiftSolve op(m, p);
    SparseModes out;
    out.time = p.time;
    out.states = static_cast<size_t>(n);
    // A tenth of a frequency below the lowest: the zeros and the lowest modes far apart
    // from one another in 1 / |lambda - s|.
    out.shift = -0.1 * lowFrequencyBelow(*model);
    // Pairs count twice; room for a few zeros; asked again with more when short.
    for (Eigen::Index nev = 2 * count + 4;; nev *= 2) {
        nev = std::min(nev, n - 2);
        if (nev < 1)
            throw badInput("lowest modes: the model has " + std::to_string(n) + " states, too few for the sparse method; "
                           "use the dense analysis");
        const Eigen::Index ncv = std::min(n, std::max<Eigen::Index>(2 * nev + 1, 20));
        Spectra::GenEigsRealShiftSolver<ShiftSolve> eigs(op, nev, ncv, out.shift);
        eigs.init();
        eigs.compute(Spectra::SortRule::LargestMagn, 1000, 1e-10, Spectra::SortRule::SmallestMagn);
        if (eigs.info() != Spectra::CompInfo::Successful)
            throw simulationFailed("lowest modes: the shift-invert iteration did not converge for " +
                                   std::to_string(nev) + " eigenvalues");
        const Eigen::VectorXcd lambda = eigs.eigenvalues();
        out.modes.clear();
        out.zeros = 0;
        // A zero's Ritz values scatter by about sqrt(tolerance) |s|, far below the lowest mode.
        const double zero = 1e-3 * std::abs(out.shift);
        for (Eigen::Index i = 0; i < lambda.size(); ++i) {
            const std::complex<double> l = lambda(i);
            if (std::abs(l) < zero) {
                ++out.zeros;
                continue;
            }
            if (l.imag() < 0 && std::abs(l.imag()) > 1e-12 * std::abs(l))
                continue; // the pair's other half
            Mode mode;
            mode.eigenvalue = std::complex<double>(l.real(), std::abs(l.imag()));
            mode.frequencyHz = std::abs(l) / (2 * std::numbers::pi);
            mode.dampedFrequencyHz = std::abs(l.imag()) / (2 * std::numbers::pi);
            mode.dampingRatio = -l.real() / std::abs(l);
            out.modes.push_back(std::move(mode));
        }
        std::stable_sort(out.modes.begin(), out.modes.end(),
                         [](const Mode& x, const Mode& y) { return x.frequencyHz < y.frequencyHz; });
        // The last pair asked for may be cut in two: only whole ones below it count.
        if (static_cast<int>(out.modes.size()) > count || nev == n - 2) {
            out.modes.resize(std::min(out.modes.size(), static_cast<size_t>(count)));
            break;
        }
    }
    for (size_t i = 0; i < out.modes.size(); ++i)
        out.modes[i].label = "mode " + std::to_string(i + 1) + ", " + hertz(out.modes[i].frequencyHz);
    return out;
}

} // namespace flange::linear
