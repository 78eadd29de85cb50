#include "sweep_bench.hpp"

#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/run.hpp"
#include "engine/sweep/sweep_folder.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace flange::bench {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds(clock_type::time_point a, clock_type::time_point b) { return std::chrono::duration<double>(b - a).count(); }

struct Discard : ResultSink {
    void row(double, const std::vector<double>&) override {}
};

} // namespace

void sweepThroughput(const std::filesystem::path& root, const library::Library& lib)
{
    const diagram::Diagram model = diagram::loadDiagram((root / "models" / "msl" / "Rotational" / "CoupledClutches.json").string());
    // A lone run: translation and solver time, the least of 5.
    double translate = 1e9, solve = 1e9;
    for (int i = 0; i < 5; ++i) {
        const auto t0 = clock_type::now();
        const auto compiled = compileModel(model, lib);
        const auto t1 = clock_type::now();
        Discard sink;
        simulate(*compiled, SimulationOptions{}, sink, {0});
        translate = std::min(translate, seconds(t0, t1));
        solve = std::min(solve, seconds(t1, clock_type::now()));
    }
    std::printf("\nsweep: CoupledClutches, 1,000 runs (clutch1.fn_max 10:30:40 x J2.J 0.5:1.5:25), 3 metrics, no signals "
                "written; a lone run translates in %.2f ms and solves in %.2f ms\n",
                translate * 1e3, solve * 1e3);
    sweep::SweepDefinition d;
    d.vary = {sweep::parseVariation("clutch1.fn_max=10:30:40"), sweep::parseVariation("J2.J=0.5:1.5:25")};
    d.metrics = {{"lock", "event(\"clutch1\", \"locked\")"}, {"w1", "final(J1.w)"}, {"tau", "maxabs(clutch1.tau)"}};
    char pattern[] = "/tmp/flange-bench-sweep-XXXXXX";
    const char* dir = mkdtemp(pattern);
    if (!dir) {
        std::printf("sweep: skipped (no temporary folder)\n");
        return;
    }
    double oneJob = 0;
    for (unsigned jobs : {1u, 2u}) {
        const std::filesystem::path out = std::filesystem::path(dir) / ("jobs-" + std::to_string(jobs));
        const auto t0 = clock_type::now();
        const std::clock_t c0 = std::clock();
        const sweep::SweepSummary s = sweep::runSweepToFolder(d, model, lib, SimulationOptions{}, out, jobs);
        const double wall = seconds(t0, clock_type::now());
        const double cpuPerRun = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC / static_cast<double>(s.finished);
        const double rate = static_cast<double>(s.finished) / wall;
        if (jobs == 1)
            oneJob = rate;
        // CPU time per run is the steadier figure where others share the machine.
        std::printf("sweep: %u job%s: %zu runs (%zu failed) in %.2f s, %.0f runs/s%s; CPU %.2f ms per run (%.2fx a "
                    "lone run's solver time, %.2fx its translation + solve)\n",
                    jobs, jobs == 1 ? "" : "s", s.finished, s.failed, wall, rate,
                    jobs == 1 ? "" : (" (" + std::to_string(rate / oneJob).substr(0, 4) + "x 1 job)").c_str(),
                    cpuPerRun * 1e3, cpuPerRun / solve, cpuPerRun / (solve + translate));
    }
    std::filesystem::remove_all(dir);
}

} // namespace flange::bench
