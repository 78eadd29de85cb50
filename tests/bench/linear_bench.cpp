#include "linear_bench.hpp"

#include "chain_model.hpp"
#include "engine/api/linearize.hpp"
#include "engine/diagram/diagram_json.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace flange::bench {

void linearAnalysis(const library::Library& lib)
{
    using clock_type = std::chrono::steady_clock;
    auto ms = [](clock_type::time_point a, clock_type::time_point b) {
        return std::chrono::duration<double, std::milli>(b - a).count();
    };
    const std::shared_ptr<const library::Library> shared(&lib, [](const library::Library*) {});
    std::printf("\nlinear analysis (issue 37), ms, the least of 20: translate, then linearize (initialization "
                "included), modes with shapes and energies\n");
    std::printf("%-16s %7s %9s %10s %7s %7s %9s\n", "model", "states", "translate", "linearize", "modes", "total",
                "goal");
    for (int n : {20, 100}) {
        const auto d = diagram::parseDiagram(chainDiagram(n, 1.0), "chain");
        double translate = 1e9, linearize = 1e9, modes = 1e9, total = 1e9;
        size_t states = 0;
        for (int i = 0; i < 20; ++i) {
            const auto t0 = clock_type::now();
            const auto model = Model::compile(d, shared);
            const auto t1 = clock_type::now();
            const linear::LinearSystem sys = linear::linearize(model);
            const auto t2 = clock_type::now();
            const auto found = linear::modes(sys);
            const auto t3 = clock_type::now();
            states = sys.states.size();
            translate = std::min(translate, ms(t0, t1));
            linearize = std::min(linearize, ms(t1, t2));
            modes = std::min(modes, ms(t2, t3));
            total = std::min(total, ms(t1, t3));
        }
        std::printf("chain of %-7d %7zu %9.2f %10.2f %7.2f %7.2f %9s\n", n, states, translate, linearize, modes, total,
                    n == 20 ? "< 20" : "");
    }
}

} // namespace flange::bench
