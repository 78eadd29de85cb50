// Frequency response of the linear model: H(j w) = C (j w I - A)^-1 B + D, one complex LU
// of j w I - A per frequency (Eigen), solved for every input's column at once. A rigid
// mode's zero eigenvalue makes H grow as 1/w^2 towards w = 0, not singular at w > 0.
#include "engine/api/linearize.hpp"

#include "engine/error.hpp"

#include <Eigen/Dense>

#include <cmath>
#include <numbers>

namespace flange::linear {

std::vector<double> logSpaced(double f0, double f1, int n)
{
    if (!(f0 > 0) || !(f1 > f0) || !std::isfinite(f1) || n < 2)
        throw badInput("frequencies from " + readableNumber(f0) + " to " + readableNumber(f1) + " Hz in " +
                       std::to_string(n) + " points: give 0 < F0 < F1 and at least 2 points (--bode F0:F1:N)");
    std::vector<double> f(static_cast<size_t>(n));
    const double l0 = std::log10(f0), l1 = std::log10(f1);
    for (int i = 0; i < n; ++i)
        f[static_cast<size_t>(i)] = std::pow(10.0, l0 + (l1 - l0) * i / (n - 1));
    f.front() = f0; // the ends exactly as given
    f.back() = f1;
    return f;
}

Bode bode(const LinearSystem& sys, const std::vector<double>& frequenciesHz, const std::vector<Mode>& modes)
{
    const Eigen::Index n = static_cast<Eigen::Index>(sys.states.size());
    const Eigen::Index m = static_cast<Eigen::Index>(sys.inputs.size());
    const Eigen::Index p = static_cast<Eigen::Index>(sys.outputs.size());
    if (m == 0 || p == 0)
        throw badInput("a frequency response needs an input and an output (--input FLANGE|INPUT, --measure NAME)");
    using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    const Eigen::MatrixXcd a = Eigen::Map<const RowMajor>(sys.A.data(), n, n).cast<std::complex<double>>();
    const Eigen::MatrixXcd b = Eigen::Map<const RowMajor>(sys.B.data(), n, m).cast<std::complex<double>>();
    const Eigen::MatrixXcd c = Eigen::Map<const RowMajor>(sys.C.data(), p, n).cast<std::complex<double>>();
    const Eigen::MatrixXcd d = Eigen::Map<const RowMajor>(sys.D.data(), p, m).cast<std::complex<double>>();

    Bode out;
    for (Eigen::Index i = 0; i < m; ++i)
        for (Eigen::Index o = 0; o < p; ++o) {
            FrequencyResponse r;
            r.input = sys.inputs[static_cast<size_t>(i)];
            r.output = sys.outputs[static_cast<size_t>(o)];
            r.frequencyHz = frequenciesHz;
            out.responses.push_back(std::move(r));
        }
    Eigen::MatrixXcd shifted(n, n);
    for (const double f : frequenciesHz) {
        const std::complex<double> jw(0, 2 * std::numbers::pi * f);
        Eigen::MatrixXcd h = d;
        if (n > 0) {
            shifted = -a;
            shifted.diagonal().array() += jw;
            const Eigen::PartialPivLU<Eigen::MatrixXcd> lu(shifted);
            // An undamped mode exactly at f: no finite response there.
            if (!(lu.rcond() > 1e-14))
                throw simulationFailed("frequency response: j w I - A is singular at " + readableNumber(f) +
                                       " Hz (an undamped natural frequency); move the range or add damping");
            h += c * lu.solve(b);
        }
        for (Eigen::Index i = 0; i < m; ++i)
            for (Eigen::Index o = 0; o < p; ++o) {
                FrequencyResponse& r = out.responses[static_cast<size_t>(i * p + o)];
                const std::complex<double> v = h(o, i);
                double phase = std::arg(v) * 180 / std::numbers::pi;
                if (!r.phaseDeg.empty()) // unwrapped: the nearest turn to the last phase
                    phase -= 360 * std::round((phase - r.phaseDeg.back()) / 360);
                r.magnitude.push_back(std::abs(v));
                r.phaseDeg.push_back(phase + 0.0);
            }
    }
    for (const Mode& mode : modes)
        if (!mode.rigid && !mode.constraint && mode.frequencyHz >= frequenciesHz.front() &&
            mode.frequencyHz <= frequenciesHz.back())
            out.naturalFrequenciesHz.push_back(mode.frequencyHz);
    return out;
}

} // namespace flange::linear
