#include "linear_bench.hpp"

#include "chain_model.hpp"
#include "engine/api/linearize.hpp"
#include "engine/diagram/diagram_json.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace flange::bench {

namespace {

using clock_type = std::chrono::steady_clock;

double ms(clock_type::time_point a, clock_type::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// The 20-inertia chain's whole analysis, and the 100's: translate; linearize with a torque
// input at the far end and the last inertia's speed as output (the input's own translation
// included); modes with shapes and energies; a 200-point Bode.
void denseAnalysis(const std::shared_ptr<const library::Library>& lib)
{
    std::printf("\nlinear analysis (issue 37), ms, the least of 20: translate, then linearize (initialization and "
                "the input's translation included), modes with shapes and energies, a 200-point Bode\n");
    std::printf("%-16s %7s %9s %10s %7s %7s %7s %9s\n", "model", "states", "translate", "linearize", "modes", "bode",
                "total", "goal");
    for (int n : {20, 100}) {
        const auto d = diagram::parseDiagram(chainDiagram(n, 1.0), "chain");
        linear::LinearizeOptions options;
        options.inputs = {"inertia" + std::to_string(n) + ".flange_b"};
        options.measure = {"inertia" + std::to_string(n) + ".w"};
        const std::vector<double> frequencies = linear::logSpaced(0.1, 1000, 200);
        double translate = 1e9, linearize = 1e9, modes = 1e9, bode = 1e9, total = 1e9;
        size_t states = 0;
        for (int i = 0; i < 20; ++i) {
            const auto t0 = clock_type::now();
            const auto model = Model::compile(d, lib);
            const auto t1 = clock_type::now();
            const linear::LinearSystem sys = linear::linearize(model, options);
            const auto t2 = clock_type::now();
            const auto found = linear::modes(sys);
            const auto t3 = clock_type::now();
            const linear::Bode b = linear::bode(sys, frequencies, found);
            const auto t4 = clock_type::now();
            states = sys.states.size();
            translate = std::min(translate, ms(t0, t1));
            linearize = std::min(linearize, ms(t1, t2));
            modes = std::min(modes, ms(t2, t3));
            bode = std::min(bode, ms(t3, t4));
            total = std::min(total, ms(t1, t4));
        }
        std::printf("chain of %-7d %7zu %9.2f %10.2f %7.2f %7.2f %7.2f %9s\n", n, states, translate, linearize, modes,
                    bode, total, n == 20 ? "< 20" : "");
    }
}

// The 10 lowest non-rigid modes of the 10,000-inertia chain by sparse shift-invert.
void sparseModes(const std::shared_ptr<const library::Library>& lib)
{
    const int n = 10000;
    std::printf("\nlowest modes (issue 37), ms, the least of 3: translate, then the 10 lowest non-rigid modes by "
                "shift-invert Arnoldi (Spectra; initialization included)\n");
    std::printf("%-16s %7s %9s %10s %7s %9s\n", "model", "states", "translate", "lowest 10", "zeros", "goal");
    const auto d = diagram::parseDiagram(chainDiagram(n, 1.0), "chain");
    double translate = 1e9, lowest = 1e9;
    linear::SparseModes found;
    for (int i = 0; i < 3; ++i) {
        const auto t0 = clock_type::now();
        const auto model = Model::compile(d, lib);
        const auto t1 = clock_type::now();
        found = linear::lowestModes(model, 10);
        const auto t2 = clock_type::now();
        translate = std::min(translate, ms(t0, t1));
        lowest = std::min(lowest, ms(t1, t2));
    }
    std::printf("chain of %-7d %7zu %9.0f %10.1f %7d %9s\n", n, found.states, translate, lowest, found.zeros, "< 1000");
    std::printf("  lowest: %.6g Hz, 10th: %.6g Hz\n", found.modes.empty() ? 0.0 : found.modes.front().frequencyHz,
                found.modes.empty() ? 0.0 : found.modes.back().frequencyHz);
}

} // namespace

void linearAnalysis(const library::Library& lib)
{
    const std::shared_ptr<const library::Library> shared(&lib, [](const library::Library*) {});
    denseAnalysis(shared);
    sparseModes(shared);
}

} // namespace flange::bench
