// A state's derivative that no equation fixes (an Inertia with J = 0 between two open
// clutches: nothing relates its acceleration to a torque). The consistent solve with the
// states held then has a singular matrix whose null space reaches that derivative; the
// singular fallback would pick any value for it and integrate nonsense, or the solve fails
// naming nothing. Healthy models pay nothing: the check runs only where LU found the matrix
// singular, which the stuck friction chains (singular in their torques, never in a
// derivative) and these models alone do.
#include "engine/solve/pivoted_qr.hpp"
#include "engine/solve/run_state.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace flange::solve {

namespace {
// The dense QR costs n^3: beyond this the check is left out (as the fallback itself is).
constexpr int32_t kLargestChecked = 400;
// A null vector's entry above this fraction of its largest counts as reached.
constexpr double kReached = 1e-6;
} // namespace

// The likeliest cause: a parameter of zero that multiplies an unknown in its component's
// equations ("J*a = flange_a.tau + flange_b.tau"), folded away at translation, so the
// component's own unknowns need not be among those left free (a massless inertia's
// acceleration is an alias of its neighbours'). Their components go first in `instances`.
std::string RunState::zeroFactors(std::vector<std::string>& instances) const
{
    std::string zeros;
    for (const auto& [param, value] : m_.parameterValues) {
        const size_t dot = param.rfind('.');
        if (value != 0 || dot == std::string::npos)
            continue;
        const std::string inst = param.substr(0, dot), factor = param.substr(dot + 1) + "*";
        auto type = m_.instanceTypes.find(inst);
        auto equations = type == m_.instanceTypes.end() ? m_.equationSourcesByType.end()
                                                        : m_.equationSourcesByType.find(type->second);
        if (equations == m_.equationSourcesByType.end())
            continue;
        bool multiplies = false;
        for (const auto& [text, source] : equations->second)
            for (size_t at = text.find(factor); at != std::string::npos && !multiplies; at = text.find(factor, at + 1))
                multiplies = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' ||
                                          text[at - 1] == '.');
        if (!multiplies)
            continue;
        zeros += (zeros.empty() ? "" : ", ") + param + " = 0";
        // The component to select first on the canvas.
        instances.erase(std::remove(instances.begin(), instances.end(), inst), instances.end());
        instances.insert(instances.begin(), inst);
    }
    return zeros;
}

void RunState::checkDerivativesDetermined(double t, bool solveFailed)
{
    if (!consistent_ || n_ > kLargestChecked || (!solveFailed && !consistent_->singular()))
        return;
    const auto& pat = m_.jacPattern;
    std::vector<double> values(pat.rowIdx.size());
    std::vector<double> z = consistentZ_;
    consistentProblem_.jacobian(z.data(), values.data());
    PivotedQr qr;
    qr.n = static_cast<std::size_t>(n_);
    qr.a.assign(qr.n * qr.n, 0.0);
    for (int32_t c = 0; c < pat.cols; ++c)
        for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k)
            qr.a[static_cast<size_t>(c) * qr.n + static_cast<size_t>(pat.rowIdx[static_cast<size_t>(k)])] +=
                values[static_cast<size_t>(k)];
    qr.factor();
    std::vector<std::string> derivatives, instances;
    for (const auto& v : qr.nullSpace()) {
        double largest = 0;
        for (double x : v)
            largest = std::max(largest, std::fabs(x));
        bool reachesDerivative = false;
        for (int32_t i = 0; i < n_; ++i)
            reachesDerivative = reachesDerivative ||
                                (m_.slotIsState[static_cast<size_t>(i)] && std::fabs(v[static_cast<size_t>(i)]) > kReached * largest);
        if (!reachesDerivative)
            continue; // only locked torques undetermined: the states' motion is still fixed
        for (int32_t i = 0; i < n_; ++i) {
            if (!(std::fabs(v[static_cast<size_t>(i)]) > kReached * largest))
                continue;
            const std::string& name = m_.varName(m_.slotVar[static_cast<size_t>(i)]);
            if (m_.slotIsState[static_cast<size_t>(i)] &&
                std::find(derivatives.begin(), derivatives.end(), "der(" + name + ")") == derivatives.end())
                derivatives.push_back("der(" + name + ")");
            std::string inst = instanceOf(name);
            if (!inst.empty() && std::find(instances.begin(), instances.end(), inst) == instances.end())
                instances.push_back(inst);
        }
    }
    if (derivatives.empty())
        return;
    // The equations left without a say (a torque balance 0 = tau_a + tau_b of a massless
    // inertia between open clutches): the null space of the transpose, for their components.
    PivotedQr rows;
    rows.n = qr.n;
    rows.a.assign(qr.n * qr.n, 0.0);
    for (int32_t c = 0; c < pat.cols; ++c)
        for (int32_t k = pat.colPtr[static_cast<size_t>(c)]; k < pat.colPtr[static_cast<size_t>(c) + 1]; ++k)
            rows.a[static_cast<size_t>(pat.rowIdx[static_cast<size_t>(k)]) * rows.n + static_cast<size_t>(c)] +=
                values[static_cast<size_t>(k)];
    rows.factor();
    for (const auto& v : rows.nullSpace()) {
        double largest = 0;
        for (double x : v)
            largest = std::max(largest, std::fabs(x));
        for (int32_t r = 0; r < n_; ++r)
            if (std::fabs(v[static_cast<size_t>(r)]) > kReached * largest)
                for (auto& inst : instancesOf(m_.eqOrigins[static_cast<size_t>(r)]))
                    if (std::find(instances.begin(), instances.end(), inst) == instances.end())
                        instances.push_back(std::move(inst));
    }
    const std::string zeros = zeroFactors(instances);
    std::string list;
    for (size_t i = 0; i < derivatives.size(); ++i)
        list += (i ? ", " : "") + derivatives[i];
    const std::string what = list + " undetermined";
    const std::string when = t == t0_ ? "at the start" : "after the event at t = " + fmt(t);
    throw badInput(zeros.empty() ? when + ": no equation determines " + list +
                                       " (a mass or inertia of zero with nothing driving it?)"
                                 : zeros + " makes " + what + " (" + when + ")")
        .about(instances)
        .at(t);
}

} // namespace flange::solve
