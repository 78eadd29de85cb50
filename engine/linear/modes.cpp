// Modes of the linear model: the eigenvalues of A give the frequencies and damping
// ratios; the eigenvectors, mapped through each inertia's and spring's rows, give the
// shapes and energies with the components' J, m and c.
//
// Zero eigenvalues are found from ranks, not from the eigenvalues' size: a free-free
// line's rigid rotation is a Jordan block (angle and speed), which a non-symmetric
// eigen-solver returns as two eigenvalues of about sqrt(eps) |A|, above any threshold
// tied to rounding. The algebraic multiplicity of zero, n - rank(A^k), says how many of
// the smallest eigenvalues are zeros; the kernel of A gives one mode per rigid motion or
// constraint.
#include "engine/api/linearize.hpp"

#include "engine/error.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace flange::linear {

namespace {

using Complex = std::complex<double>;
using Kind = LinearSystem::Part::Kind;

// Relative to the largest pivot, what counts as zero (the 1e-9 of the largest).
constexpr double kZero = 1e-9;

bool carriesMass(const LinearSystem::Part& p) { return p.kind == Kind::Inertia || p.kind == Kind::Mass; }
bool carriesStiffness(const LinearSystem::Part& p) { return p.kind == Kind::Spring || p.kind == Kind::SpringDamper; }

Complex dot(const std::vector<double>& row, const Eigen::VectorXcd& v)
{
    Complex s = 0;
    for (size_t i = 0; i < row.size(); ++i)
        s += row[i] * v(static_cast<Eigen::Index>(i));
    return s;
}

// Each inertia's or mass's amplitude in `v` through `rows` (position or speed), divided
// by the largest: real for an undamped or proportionally damped mode.
std::vector<std::pair<std::string, double>> shapeOf(const LinearSystem& sys, const Eigen::VectorXcd& v, bool speeds,
                                                    double& largest)
{
    std::vector<std::pair<std::string, Complex>> amplitudes;
    Complex top = 0;
    for (const auto& p : sys.parts) {
        const std::vector<double>& row = speeds ? p.speed : p.position;
        if (!carriesMass(p) || row.empty())
            continue;
        amplitudes.emplace_back(p.name, dot(row, v));
        if (std::abs(amplitudes.back().second) > std::abs(top))
            top = amplitudes.back().second;
    }
    largest = std::abs(top);
    std::vector<std::pair<std::string, double>> shape;
    for (const auto& [name, a] : amplitudes)
        shape.emplace_back(name, largest > 0 ? (a / top).real() + 0.0 : 0.0); // + 0.0: no -0 in the files
    return shape;
}

std::string percent(double share)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.0f %%", 100 * share);
    return text;
}

std::string hertz(double f)
{
    char text[32];
    std::snprintf(text, sizeof text, f >= 100 ? "%.0f Hz" : "%.3g Hz", f);
    return text;
}

// Peak energies: 1/2 J |w|^2 per inertia, 1/2 c |phi_rel|^2 per spring, as shares of
// their sum; the label names the part holding the most of each kind, as a share of
// that kind. A rigid mode has no speed in its kernel vector: its shape is the motion.
void addEnergies(const LinearSystem& sys, const Eigen::VectorXcd& v, Mode& mode)
{
    std::vector<std::pair<std::string, double>> kinetic, potential;
    double total = 0, kineticSum = 0, potentialSum = 0;
    for (const auto& p : sys.parts) {
        if (carriesMass(p)) {
            double amplitude = 0;
            if (mode.rigid) {
                for (const auto& [name, s] : mode.shape)
                    if (name == p.name)
                        amplitude = s;
            } else if (!p.speed.empty()) {
                amplitude = std::abs(dot(p.speed, v));
            }
            const double e = 0.5 * p.inertia * amplitude * amplitude;
            kinetic.emplace_back(p.name, e);
            kineticSum += e;
        } else if (carriesStiffness(p) && !mode.rigid && !p.position.empty()) {
            const double e = 0.5 * p.stiffness * std::norm(dot(p.position, v));
            potential.emplace_back(p.name, e);
            potentialSum += e;
        }
    }
    total = kineticSum + potentialSum;
    if (total <= 0)
        return;
    for (const auto& [name, e] : kinetic)
        mode.energy.emplace_back(name, e / total);
    for (const auto& [name, e] : potential)
        mode.energy.emplace_back(name, e / total);
    auto largest = [](const std::vector<std::pair<std::string, double>>& list) {
        return std::max_element(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    };
    if (potentialSum > 0) {
        const auto top = largest(potential);
        mode.label += ": " + top->first + " (" + percent(top->second / potentialSum) + " potential)";
    }
    if (kineticSum > 0) {
        const auto top = largest(kinetic);
        mode.label += std::string(potentialSum > 0 ? ", " : ": ") + top->first + " (" +
                      percent(top->second / kineticSum) + " kinetic)";
    }
}

} // namespace

std::vector<Mode> modes(const LinearSystem& sys)
{
    const Eigen::Index n = static_cast<Eigen::Index>(sys.states.size());
    if (n == 0)
        return {};
    const Eigen::MatrixXd a = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        sys.A.data(), n, n);
    const double scale = a.cwiseAbs().maxCoeff();
    struct Found {
        Mode mode;
        Eigen::VectorXcd vector;
        std::string what; // a constraint's element: "clutch1 locked"
    };
    std::vector<Found> found;

    // Zeros: the kernel of A (one mode each), and their algebraic multiplicity.
    Eigen::FullPivLU<Eigen::MatrixXd> lu(a);
    lu.setThreshold(kZero);
    const Eigen::MatrixXd kernel = scale > 0 ? Eigen::MatrixXd(lu.kernel()) : Eigen::MatrixXd::Identity(n, n);
    const Eigen::Index kernelSize = lu.rank() == n ? 0 : kernel.cols();
    Eigen::Index zeros = kernelSize;
    if (kernelSize > 0 && scale > 0) {
        Eigen::MatrixXd power = a;
        for (Eigen::Index k = 2; k <= n; ++k) {
            power = power * a;
            const double top = power.cwiseAbs().maxCoeff();
            if (top == 0) {
                zeros = n;
                break;
            }
            Eigen::FullPivLU<Eigen::MatrixXd> luk(power / top);
            luk.setThreshold(kZero);
            const Eigen::Index z = n - luk.rank();
            if (z == zeros)
                break;
            zeros = z;
        }
    }
    // The kernel split: the motions no locked element allows (one constraint per element
    // whose relative coordinate the kernel can move), and the rigid motions, which keep
    // every locked element's relative coordinate.
    if (kernelSize > 0) {
        const Eigen::MatrixXd basis = Eigen::HouseholderQR<Eigen::MatrixXd>(kernel.leftCols(kernelSize)).householderQ() *
                                      Eigen::MatrixXd::Identity(n, kernelSize);
        Eigen::MatrixXd constraints(n, 0), lockedRows(0, kernelSize);
        for (const auto& p : sys.parts) {
            if (p.kind != Kind::Locked || p.position.empty())
                continue;
            const Eigen::RowVectorXd r = Eigen::Map<const Eigen::RowVectorXd>(p.position.data(), n);
            Eigen::VectorXd v = basis * (r * basis).transpose();
            if (!(v.norm() > kZero * r.norm()))
                continue; // the kernel keeps this element's coordinate: no zero of its own
            lockedRows.conservativeResize(lockedRows.rows() + 1, Eigen::NoChange);
            lockedRows.row(lockedRows.rows() - 1) = r * basis;
            for (Eigen::Index c = 0; c < constraints.cols(); ++c)
                v -= constraints.col(c).dot(v) * constraints.col(c);
            if (!(v.norm() > kZero * r.norm()))
                continue; // another locked element's constraint already moves it
            v.normalize();
            constraints.conservativeResize(Eigen::NoChange, constraints.cols() + 1);
            constraints.col(constraints.cols() - 1) = v;
            Mode mode;
            mode.constraint = true;
            double largest = 0;
            mode.shape = shapeOf(sys, v.cast<Complex>(), false, largest);
            found.push_back({std::move(mode), v.cast<Complex>(), p.name + " locked"});
        }
        Eigen::MatrixXd rigid = basis;
        if (lockedRows.rows() > 0) {
            Eigen::FullPivLU<Eigen::MatrixXd> keep(lockedRows);
            keep.setThreshold(kZero);
            rigid = keep.rank() == kernelSize ? Eigen::MatrixXd(n, 0) : Eigen::MatrixXd(basis * keep.kernel());
        }
        for (Eigen::Index k = 0; k < rigid.cols(); ++k) {
            const Eigen::VectorXcd v = rigid.col(k).cast<Complex>();
            Mode mode;
            double largest = 0;
            mode.shape = shapeOf(sys, v, false, largest);
            if (!(largest > kZero * v.cwiseAbs().maxCoeff()))
                mode.shape = shapeOf(sys, v, true, largest);
            mode.rigid = largest > kZero * v.cwiseAbs().maxCoeff();
            mode.constraint = !mode.rigid;
            found.push_back({std::move(mode), v, ""});
        }
    }

    // The others: complex pairs once (Im > 0), real ones each.
    Eigen::EigenSolver<Eigen::MatrixXd> eig(a, true);
    if (eig.info() != Eigen::Success)
        throw simulationFailed("linearize: the eigenvalues of A did not converge");
    std::vector<Eigen::Index> order(static_cast<size_t>(n));
    for (Eigen::Index i = 0; i < n; ++i)
        order[static_cast<size_t>(i)] = i;
    std::sort(order.begin(), order.end(),
              [&](Eigen::Index x, Eigen::Index y) { return std::abs(eig.eigenvalues()(x)) < std::abs(eig.eigenvalues()(y)); });
    for (size_t r = static_cast<size_t>(zeros); r < order.size(); ++r) {
        const Complex lambda = eig.eigenvalues()(order[r]);
        if (lambda.imag() < 0 && std::abs(lambda.imag()) > 1e-12 * std::abs(lambda))
            continue;
        const Eigen::VectorXcd v = eig.eigenvectors().col(order[r]);
        Mode mode;
        mode.eigenvalue = lambda;
        mode.frequencyHz = std::abs(lambda) / (2 * std::numbers::pi);
        mode.dampedFrequencyHz = std::abs(lambda.imag()) / (2 * std::numbers::pi);
        mode.dampingRatio = -lambda.real() / std::abs(lambda);
        double largest = 0;
        mode.shape = shapeOf(sys, v, false, largest);
        if (largest == 0)
            mode.shape = shapeOf(sys, v, true, largest);
        found.push_back({std::move(mode), v, ""});
    }
    std::stable_sort(found.begin(), found.end(), [](const Found& fx, const Found& fy) {
        const Mode &x = fx.mode, &y = fy.mode;
        const bool xz = x.rigid || x.constraint, yz = y.rigid || y.constraint;
        if (xz != yz)
            return xz;
        return x.frequencyHz < y.frequencyHz;
    });
    std::vector<Mode> out;
    for (Found& f : found) {
        Mode& mode = f.mode;
        mode.label = "mode " + std::to_string(out.size() + 1) + ", " +
                     (mode.rigid         ? std::string("rigid")
                      : mode.constraint  ? std::string("constraint") + (f.what.empty() ? "" : ": " + f.what)
                                         : hertz(mode.frequencyHz));
        if (!mode.constraint)
            addEnergies(sys, f.vector, mode);
        out.push_back(std::move(mode));
    }
    return out;
}

} // namespace flange::linear
