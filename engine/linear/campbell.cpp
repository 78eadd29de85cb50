// Critical speeds: where an excitation's order line (order k of a shaft's speed n, in Hz
// k n / 60) meets a natural frequency, and the forced response along each line, which is
// the frequency response at those frequencies. The modes come from one operating point: a
// drive line's torsional frequencies do not depend on its speed (no gyroscopic terms in a
// 1-D line), so each mode is a horizontal line of the diagram.
#include "engine/api/linearize.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <cmath>

namespace flange::linear {

namespace {

constexpr int kDefaultPoints = 200;

} // namespace

Campbell campbell(const LinearSystem& sys, const std::vector<Mode>& modes, const std::vector<double>& orders,
                  const std::string& shaft, std::vector<double> rpm)
{
    if (orders.empty())
        throw badInput("--orders: give at least one order of the shaft's speed (--orders 1,2,3)");
    for (const double k : orders)
        if (!(k > 0) || !std::isfinite(k))
            throw badInput("--orders: " + readableNumber(k) + " is no order; orders are positive (2 for twice per turn)");
    const bool isInertia = std::any_of(sys.parts.begin(), sys.parts.end(), [&](const LinearSystem::Part& p) {
        return p.name == shaft && p.kind == LinearSystem::Part::Kind::Inertia;
    });
    if (!isInertia)
        throw badInput("--order-shaft " + (shaft.empty() ? std::string("''") : shaft) +
                       " is no inertia of the model: name the inertia whose speed the orders are of");

    Campbell out;
    out.shaft = shaft;
    out.orders = orders;
    std::vector<const Mode*> ringing;
    for (const Mode& mode : modes)
        if (!mode.rigid && !mode.constraint && mode.frequencyHz > 0) {
            out.naturalFrequenciesHz.push_back(mode.frequencyHz);
            ringing.push_back(&mode);
        }
    const bool defaultSpeeds = rpm.empty();
    if (defaultSpeeds) {
        double highest = 0;
        for (const double f : out.naturalFrequenciesHz)
            for (const double k : orders)
                highest = std::max(highest, 60 * f / k);
        if (highest == 0)
            highest = 6000; // no mode to meet: a plain range for the response
        for (int i = 1; i <= kDefaultPoints; ++i)
            rpm.push_back(1.2 * highest * i / kDefaultPoints);
    }
    // Speeds above zero: a line with a rigid mode has no response at standstill (it grows
    // without bound as the frequency goes to 0).
    if (!(rpm.front() > 0) || !std::is_sorted(rpm.begin(), rpm.end()))
        throw badInput("--rpm: give speeds above 0 in increasing order (--rpm R0:R1:N, 0 < R0 < R1)");
    out.rpm = rpm;
    // The default speeds start a step above 0: a crossing below that step counts too.
    const double low = defaultSpeeds ? 0.0 : rpm.front(), high = rpm.back();
    for (const double k : orders)
        for (const Mode* mode : ringing) {
            const double n = 60 * mode->frequencyHz / k;
            if (n >= low && n <= high)
                out.crossings.push_back({k, mode->frequencyHz, n, mode->label});
        }
    std::stable_sort(out.crossings.begin(), out.crossings.end(),
                     [](const Campbell::Crossing& x, const Campbell::Crossing& y) { return x.rpm < y.rpm; });

    if (sys.inputs.empty() || sys.outputs.empty())
        return out;
    for (const double k : orders) {
        std::vector<double> frequencies;
        for (const double n : rpm)
            frequencies.push_back(k * n / 60);
        const Bode along = bode(sys, frequencies, {});
        for (const FrequencyResponse& r : along.responses)
            out.responses.push_back({k, r.input, r.output, r.magnitude});
    }
    return out;
}

} // namespace flange::linear
