// flange-bench: figures for issue 13's goals, so the next change sees regressions. Prints
//  - the component library's load time;
//  - for every models/msl example the median end-to-end time (load, translate,
//    initialize, simulate, write CSV), wall-clock and CPU, then the same with loading the
//    library as flange-sim does (only the definitions the model uses are parsed), with
//    the slowest and those over issue 13's 20 ms; and the solver statistics
//    beside Dymola's (experiment.json of the reference kit), with the geometric mean of
//    accepted steps over Dymola's and the examples whose event counts differ;
//  - the chain of N inertias (chain_model.hpp) over 1 s: translate and integrate time
//    and peak memory, the exponent of translate time in N, and SciPy's LSODA on the same
//    chain written by hand (chain_lsoda.py; "skipped" where SciPy is not installed);
//  - compile once, run many (engine/api/model.hpp): CoupledClutches and the 10,000 chain
//    run again from their compiled model, as they are and after a parameter edit, beside
//    the lone run's initialization and integration (`flange-bench --reruns`: this alone).
//  - a drive cycle read from a CSV table of 10^3 to 10^6 rows at 1 kHz (issue 33): the
//    time per step and per event, and the peak memory beside its budget, each size in a
//    process of its own (FLANGE_BENCH_TABLE_ROWS: the largest, default 10^6).
// Figures only: no pass/fail (timing goals live here, not in tests). CPU times are the
// steadier figure on a shared machine.
// Usage: flange-bench [--tables] [SOURCE_DIR [REFERENCE_DIR [MAX_CHAIN_N]]]
#include "app/allocator_tuning.hpp"
#include "engine/api/model.hpp"
#include "engine/api/simulation.hpp"
#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/io/csv_writer.hpp"
#include "engine/library/library.hpp"
#include "engine/run.hpp"
#include "chain_model.hpp"
#include "mat_bench.hpp"
#include "sweep_bench.hpp"
#include "linear_bench.hpp"

#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;
using flange::bench::chainDiagram;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

double ms(clock_type::time_point a, clock_type::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// CPU time of the whole process (the CSV writer's thread included), in ms.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}

double peakRssMb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

// Keeps the last row of one output.
struct LastValueSink : flange::ResultSink {
    int column = -1;
    double value = 0;
    void row(double, const std::vector<double>& values) override
    {
        if (column >= 0)
            value = values[static_cast<size_t>(column)];
    }
};

struct DymolaStats {
    long steps = -1, residuals = -1, jacobians = -1, stateEvents = -1, timeEvents = -1;
};

DymolaStats dymolaStats(const fs::path& experiment)
{
    DymolaStats d;
    if (!fs::exists(experiment))
        return d;
    std::ifstream in(experiment);
    auto j = nlohmann::json::parse(in);
    const auto& dy = j["dymola"];
    auto get = [&](const char* k) { return dy.contains(k) && dy[k].is_number() ? dy[k].get<long>() : -1L; };
    d.steps = get("accepted_steps");
    d.residuals = get("f_evaluations");
    d.jacobians = get("jacobian_evaluations");
    d.stateEvents = get("state_events");
    d.timeEvents = get("time_events");
    return d;
}

std::string pair(long a, long b)
{
    char buf[40];
    if (b < 0)
        std::snprintf(buf, sizeof buf, "%ld (-)", a);
    else
        std::snprintf(buf, sizeof buf, "%ld (%ld)", a, b);
    return buf;
}

// The library as flange-sim loads it for one model (app/flange-sim/main.cpp).
void libraryFor(flange::library::Library& lib, const fs::path& root, const flange::diagram::Diagram& d)
{
    lib.indexFolder((root / "resources" / "components").string());
    lib.require(flange::library::typesUsedBy(d));
    lib.resolve();
}

void mslExamples(const fs::path& root, const fs::path& refs)
{
    std::vector<fs::path> models;
    for (const auto& e : fs::recursive_directory_iterator(root / "models" / "msl"))
        if (e.path().extension() == ".json")
            models.push_back(e.path());
    std::sort(models.begin(), models.end());
    std::printf("%-36s %8s %8s %8s | %15s %15s %15s %11s %11s %7s %6s\n", "example", "wall ms", "cpu ms", "+lib ms",
                "steps (Dymola)", "res (Dymola)", "jac (Dymola)", "state ev", "time ev", "silent", "solver");
    fs::path tmp = fs::temp_directory_path() / "flange-bench.csv";
    const int repeats = 5;
    double logRatioSum = 0, wallSum = 0, worstWall = 0, worstWithLibrary = 0;
    std::string slowest;
    std::vector<std::string> over20;
    int ratios = 0, examples = 0, adamsOnly = 0, bdfOnly = 0;
    std::vector<std::string> eventMismatch;
    for (const auto& m : models) {
        std::string name = m.parent_path().filename().string() + "/" + m.stem().string();
        std::vector<double> wall, cpu, withLibrary;
        flange::SimulationStats st;
        std::string error;
        for (int r = 0; r < repeats && error.empty(); ++r) {
            auto t0 = clock_type::now();
            double c0 = cpuMs(), libraryMs = 0;
            try {
                auto d = flange::diagram::loadDiagram(m.string());
                auto l0 = clock_type::now();
                double lc0 = cpuMs();
                flange::library::Library lib;
                libraryFor(lib, root, d);
                libraryMs = ms(l0, clock_type::now());
                c0 += cpuMs() - lc0;
                auto model = flange::compileModel(d, lib);
                flange::io::CsvWriter w(tmp.string());
                st = flange::simulate(*model, {}, w);
                w.finish();
            } catch (const std::exception& e) {
                error = e.what();
            }
            withLibrary.push_back(ms(t0, clock_type::now()));
            wall.push_back(withLibrary.back() - libraryMs);
            cpu.push_back(cpuMs() - c0);
        }
        if (!error.empty()) {
            std::printf("%-36s failed: %.100s\n", name.c_str(), error.c_str());
            continue;
        }
        DymolaStats dy = dymolaStats(refs / m.parent_path().filename() / m.stem() / "experiment.json");
        // Which integrator took the steps: A (Adams methods throughout), B (IDA's BDF
        // throughout), A+B (both: a hand-over, and any return).
        const char* solver = st.adamsSteps == 0 ? "B" : st.adamsSteps == st.steps ? "A" : "A+B";
        std::printf("%-36s %8.2f %8.2f %8.2f | %15s %15s %15s %11s %11s %7ld %6s\n", name.c_str(), median(wall), median(cpu),
                    median(withLibrary),
                    pair(st.steps, dy.steps).c_str(), pair(st.residualEvaluations, dy.residuals).c_str(),
                    pair(st.jacobianEvaluations, dy.jacobians).c_str(), pair(st.stateEvents, dy.stateEvents).c_str(),
                    pair(st.timeEvents, dy.timeEvents).c_str(), st.silentCrossings, solver);
        ++examples;
        wallSum += median(wall);
        worstWall = std::max(worstWall, median(wall));
        if (median(withLibrary) > worstWithLibrary) {
            worstWithLibrary = median(withLibrary);
            slowest = name;
        }
        if (median(withLibrary) > 20)
            over20.push_back(name);
        if (dy.steps > 0 && st.steps > 0) {
            logRatioSum += std::log(static_cast<double>(st.steps) / static_cast<double>(dy.steps));
            ++ratios;
        }
        adamsOnly += st.adamsSteps == st.steps && st.steps > 0 ? 1 : 0;
        bdfOnly += st.adamsSteps == 0 ? 1 : 0;
        if ((dy.stateEvents >= 0 && dy.stateEvents != st.stateEvents) ||
            (dy.timeEvents >= 0 && dy.timeEvents != st.timeEvents))
            eventMismatch.push_back(name.substr(name.find('/') + 1));
    }
    fs::remove(tmp);
    std::printf("steps / Dymola's, geometric mean over %d examples: %.3f\n", ratios,
                ratios ? std::exp(logRatioSum / ratios) : 0.0);
    std::printf("integrators: Adams methods throughout in %d examples, IDA throughout in %d, both in %d\n", adamsOnly,
                bdfOnly, examples - adamsOnly - bdfOnly);
    std::string mismatch;
    for (const auto& n : eventMismatch)
        mismatch += " " + n;
    std::printf("event counts differing from Dymola's: %zu of %d%s%s\n", eventMismatch.size(), examples,
                mismatch.empty() ? "" : ":", mismatch.c_str());
    std::printf("end to end: mean %.1f ms, slowest %.1f ms (wall-clock, library load not included)\n",
                examples ? wallSum / examples : 0.0, worstWall);
    std::string over;
    for (const auto& n : over20)
        over += " " + n;
    std::printf("slowest example end to end with library load: %.1f ms (%s); examples over 20 ms: %zu%s%s\n",
                worstWithLibrary, slowest.c_str(), over20.size(), over.empty() ? "" : ":", over.c_str());
}

// SciPy's LSODA on the hand-written chain: its time, phi1 at the stop time and its
// right-hand side evaluations, or nothing (skipped, failed: `why` says which).
struct LsodaRun {
    double seconds = 0, phi1 = 0;
    long rhs = 0;
};
bool scipyChain(const fs::path& root, int n, double stop, LsodaRun& run, std::string& why)
{
    const char* py = std::getenv("FLANGE_BENCH_PYTHON");
    std::string cmd = std::string(py ? py : "python3") + " \"" + (root / "tests" / "bench" / "chain_lsoda.py").string() +
                      "\" " + std::to_string(n) + " " + std::to_string(stop) + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) {
        why = "skipped (no python3)";
        return false;
    }
    std::array<char, 512> buf{};
    std::string out;
    while (std::fgets(buf.data(), static_cast<int>(buf.size()), p))
        out += buf.data();
    int status = pclose(p);
    if (std::sscanf(out.c_str(), "seconds %lf phi_first %lf phi_last %*f rhs_evaluations %ld", &run.seconds, &run.phi1,
                    &run.rhs) == 3)
        return true;
    why = (WIFEXITED(status) && (WEXITSTATUS(status) == 77 || WEXITSTATUS(status) == 127))
              ? "skipped (SciPy not installed)"
              : "failed: " + out.substr(0, 100);
    while (!why.empty() && why.back() == '\n')
        why.pop_back();
    return false;
}

// One chain translated and simulated: CPU ms of each (and translation's wall-clock ms: its
// long tapes are finished on a second thread), the statistics, phi1 at the end.
struct ChainRun {
    double translateMs = 0, translateWallMs = 0, integrateMs = 0, phi1 = 0;
    int32_t unknowns = 0;
    flange::SimulationStats stats;
    bool nativeResidual = false;
};
ChainRun runChain(const flange::library::Library& lib, int n, double stop, double phiNominal)
{
    auto d = flange::diagram::parseDiagram(chainDiagram(n, stop, phiNominal), "chain");
    ChainRun r;
    double c0 = cpuMs();
    const auto w0 = clock_type::now();
    auto model = flange::compileModel(d, lib);
    r.translateWallMs = ms(w0, clock_type::now());
    double c1 = cpuMs();
    LastValueSink sink;
    for (size_t i = 0; i < model->outputs.size(); ++i)
        if (model->outputs[i].name == "inertia1.phi")
            sink.column = static_cast<int>(i);
    r.stats = flange::simulate(*model, {}, sink);
    double c2 = cpuMs();
    r.translateMs = c1 - c0;
    r.integrateMs = c2 - c1;
    r.phi1 = sink.value;
    r.unknowns = model->n;
    r.nativeResidual = model->residual.isNative();
    return r;
}

void chains(const fs::path& root, const flange::library::Library& lib, int maxN)
{
    const double stop = 1.0;
    std::printf("\nchain of N inertias joined by spring-dampers, 1 s (chain_model.hpp), CPU ms; rhs = right-hand "
                "sides (Flange: residual evaluations):\n");
    std::printf("%7s %10s %8s %10s %9s %7s %7s %8s %9s | %10s %7s %9s %9s\n", "N", "translate", "(wall)", "integrate",
                "unknowns", "steps", "rhs", "peak MB", "residual", "LSODA", "rhs", "Flange/LSODA", "|dphi1|");
    std::vector<std::pair<double, double>> translate; // (log N, log ms)
    std::vector<std::pair<int, LsodaRun>> lsodaRuns;
    for (int n : {10, 100, 1000, 10000, 100000}) {
        if (n > maxN)
            break;
        const ChainRun c = runChain(lib, n, stop, 0);
        translate.push_back({std::log(n), std::log(c.translateMs)});
        LsodaRun lsoda;
        std::string why;
        char right[96];
        if (scipyChain(root, n, stop, lsoda, why)) {
            lsodaRuns.push_back({n, lsoda});
            std::snprintf(right, sizeof right, "%10.1f %7ld %9.1fx %9.1e", 1e3 * lsoda.seconds, lsoda.rhs,
                          (c.translateMs + c.integrateMs) / (1e3 * lsoda.seconds), std::fabs(lsoda.phi1 - c.phi1));
        } else {
            std::snprintf(right, sizeof right, "%s", why.c_str());
        }
        // how the residual tape runs (native_code.hpp: long tapes stay interpreted)
        std::printf("%7d %10.1f %8.1f %10.1f %9d %7ld %7ld %8.0f %9s | %s\n", n, c.translateMs, c.translateWallMs,
                    c.integrateMs, c.unknowns, c.stats.steps, c.stats.residualEvaluations, peakRssMb(),
                    c.nativeResidual ? "native" : "interp.", right);
    }
    // Least-squares slope of log(translate time) over log N, from N = 100 on (below, fixed costs).
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (auto [x, y] : translate)
        if (x >= std::log(100) - 1e-9) {
            sx += x, sy += y, sxx += x * x, sxy += x * y;
            ++k;
        }
    if (k >= 2)
        std::printf("translate time grows as N^%.2f (N >= 100)\n", (k * sxy - sx * sy) / (k * sxx - sx * sx));

    // The same chains with LSODA's error control. The library's spring-dampers keep their
    // relative angle as a state with nominal 1e-4, so its absolute tolerance is 1e-10,
    // where the hand-written chain's absolute angles get LSODA's 1e-6: with phi_nominal = 1
    // both integrators answer for the same accuracy, which separates the steps the model
    // asks for from the cost of each step and of translation.
    if (lsodaRuns.empty())
        return;
    std::printf("\nthe same chains with phi_nominal = 1 (absolute tolerance 1e-6 on the relative angles, as "
                "LSODA's on the absolute ones):\n");
    std::printf("%7s %7s %7s %10s %9s | %7s %10s %12s %12s %9s\n", "N", "steps", "rhs", "integrate", "ms/rhs",
                "rhs", "LSODA", "integrate/LSODA", "whole/LSODA", "|dphi1|");
    for (const auto& [n, lsoda] : lsodaRuns) {
        if (n < 1000 || n > 10000)
            continue; // below, fixed costs; above, minutes of benchmark for the same answer
        const ChainRun c = runChain(lib, n, stop, 1.0);
        const double lsodaMs = 1e3 * lsoda.seconds;
        std::printf("%7d %7ld %7ld %10.1f %9.3f | %7ld %10.1f %11.1fx %11.1fx %9.1e\n", n, c.stats.steps,
                    c.stats.residualEvaluations, c.integrateMs,
                    c.integrateMs / static_cast<double>(std::max(1L, c.stats.residualEvaluations)), lsoda.rhs, lsodaMs,
                    c.integrateMs / lsodaMs, (c.translateMs + c.integrateMs) / lsodaMs, std::fabs(lsoda.phi1 - c.phi1));
    }
}

// Compile once, run many: a run of a model compiled before (nothing to translate), and one
// after a parameter edit, beside the lone run's own initialization and integration. The
// goals: the chain's edited re-run within 1.1x of the lone run, CoupledClutches' re-run
// within 1.05x. Medians of `repeats` runs, wall-clock and (steadier on a shared machine)
// CPU; rows are dropped, not kept.
struct DroppingSink : flange::ResultSink {
    void row(double, const std::vector<double>&) override {}
};

void rerun(const std::string& label, const std::shared_ptr<const flange::Model>& model, const std::string& parameter,
           double value, int repeats)
{
    DroppingSink sink;
    std::vector<double> lone, loneCpu, again, againCpu, edited, editedCpu;
    bool translated = false;
    auto timed = [&sink, &model](std::vector<double>& wall, std::vector<double>& cpu, auto&& edit) {
        const auto w0 = clock_type::now();
        const double c0 = cpuMs();
        flange::Run run(model);
        edit(run);
        run.streamTo(sink);
        run.runToEnd();
        cpu.push_back(cpuMs() - c0);
        wall.push_back(ms(w0, clock_type::now()));
        return run.retranslated();
    };
    for (int k = 0; k < repeats; ++k) {
        std::vector<double> unused;
        flange::Run first(model);
        first.streamTo(sink);
        const double c0 = cpuMs();
        first.runToEnd();
        loneCpu.push_back(cpuMs() - c0);
        lone.push_back(1e3 * (first.statistics().initSeconds + first.statistics().integrateSeconds));
        timed(again, againCpu, [](flange::Run&) {});
        translated = timed(edited, editedCpu, [&](flange::Run& r) { r.setParameter(parameter, value); });
    }
    const double base = median(lone), baseCpu = median(loneCpu);
    char edit[64];
    std::snprintf(edit, sizeof edit, "%s = %g", parameter.c_str(), value);
    std::printf("%-16s %9.1f %9.1f %9.1f %6.2fx %6.2fx %26s %9.1f %9.1f %6.2fx %6.2fx  %s\n", label.c_str(), base,
                baseCpu, median(again), median(again) / base, median(againCpu) / baseCpu, edit, median(edited),
                median(editedCpu), median(edited) / base, median(editedCpu) / baseCpu,
                translated ? "translated again" : "no translation");
}

void reruns(const flange::library::Library& lib, const fs::path& root)
{
    // The library lives as long as run() does, past every model made here.
    const std::shared_ptr<const flange::library::Library> shared(&lib, [](const flange::library::Library*) {});
    std::printf("\ncompile once, run many: ms; lone = a run's initialization and integration (wall) and the "
                "whole run (CPU); ratios to them, wall and CPU\n");
    std::printf("%-16s %9s %9s %9s %7s %7s %26s %9s %9s %7s %7s\n", "model", "lone", "lone cpu", "re-run", "wall",
                "cpu", "edit", "edited", "cpu", "wall", "cpu");
    auto clutches = flange::diagram::loadDiagram((root / "models" / "msl" / "Rotational" / "CoupledClutches.json").string());
    const auto clutchesModel = flange::Model::compile(clutches, shared);
    rerun("CoupledClutches", clutchesModel, "clutch1.fn_max", 30, 15); // tunable
    rerun("CoupledClutches", clutchesModel, "J2.J", 2, 15);           // tunable
    rerun("CoupledClutches", clutchesModel, "T2", 0.5, 15);           // tunable: steps' startTime bound to it
    rerun("CoupledClutches", clutchesModel, "step1.startTime", 0.5, 15); // structural: a number for "T2"
    auto chain = flange::diagram::parseDiagram(chainDiagram(10000, 1.0), "chain");
    rerun("chain of 10,000", flange::Model::compile(chain, shared), "springDamper5000.c", 2e4, 5); // a median: one run is noisy
}

// ---------- long tables (issue 33)

// A drive cycle sampled at 1 kHz, rows 0, 1 ms, ...: speed 10 sin(0.3 t) + 0.5 sin(7 t).
fs::path writeCycleTable(const fs::path& dir, long rows, double dt)
{
    const fs::path path = dir / ("cycle" + std::to_string(rows) + ".csv");
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f)
        throw flange::badInput(path.string() + ": cannot write");
    std::fputs("time,speed\n", f);
    for (long i = 0; i < rows; ++i) {
        const double t = static_cast<double>(i) * dt;
        std::fprintf(f, "%.17g,%.17g\n", t, 10 * std::sin(0.3 * t) + 0.5 * std::sin(7 * t));
    }
    std::fclose(f);
    return path;
}

// One second of the cycle from its middle (so the first event count is a search, not 0):
// the table drives an inertia's speed.
flange::diagram::Diagram cycleDiagram(const fs::path& table, double middle, bool timeEvents)
{
    const std::string events = timeEvents ? "TimeEvents.Always" : "TimeEvents.NoTimeEvents";
    auto d = flange::diagram::parseDiagram(
        R"({"format": "flange-diagram", "version": 1, "name": "cycle", "experiment": {"stopTime": 1, "interval": 0.01},
  "components": [{"name": "cycle", "type": "Blocks.Sources.CombiTimeTable", "parameters": {"tableOnFile": true,
      "fileName": ")" + table.filename().string() + R"(", "shiftTime": )" + std::to_string(-middle) +
            R"(, "timeEvents": ")" + events + R"("}},
    {"name": "speed", "type": "Rotational.Sources.Speed", "parameters": {"exact": true}},
    {"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 2}}],
  "connections": [{"from": "cycle.y[1]", "to": "speed.w_ref"}, {"from": "speed.flange", "to": "inertia.flange_a"}]})",
        "cycle");
    d.folder = table.parent_path().string();
    return d;
}

struct TableRun {
    double translateMs = 0, integrateMs = 0, peakMb = 0;
    long steps = 0, events = 0;
};

// Translates and runs in a child process, so that each size's peak memory is its own.
TableRun runTableInChild(const flange::library::Library& lib, const fs::path& table, double middle, bool timeEvents)
{
    int fds[2];
    if (pipe(fds) != 0)
        throw flange::badInput("pipe failed");
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        TableRun r;
        try {
            const double c0 = cpuMs();
            auto model = flange::compileModel(cycleDiagram(table, middle, timeEvents), lib);
            r.translateMs = cpuMs() - c0;
            // The least of a few runs: one run is a millisecond or less.
            flange::SimulationStats st;
            r.integrateMs = 1e300;
            for (int k = 0; k < 20; ++k) {
                LastValueSink sink;
                const double c1 = cpuMs();
                st = flange::simulate(*model, {}, sink);
                r.integrateMs = std::min(r.integrateMs, cpuMs() - c1);
            }
            r.steps = st.steps;
            r.events = st.timeEvents;
            r.peakMb = peakRssMb();
        } catch (const flange::Error& e) {
            std::fprintf(stderr, "flange-bench: %s\n", e.what());
            r.steps = -1;
        }
        if (write(fds[1], &r, sizeof r) != static_cast<ssize_t>(sizeof r))
            _exit(1);
        _exit(0);
    }
    close(fds[1]);
    TableRun r;
    r.steps = -1;
    if (read(fds[0], &r, sizeof r) != static_cast<ssize_t>(sizeof r))
        r.steps = -1;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return r;
}

void longTables(const flange::library::Library& lib)
{
    long largest = 1000000;
    if (const char* e = std::getenv("FLANGE_BENCH_TABLE_ROWS"))
        largest = std::atol(e);
    const double dt = 0.001;
    const fs::path dir = fs::temp_directory_path() / ("flange-bench-tables-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::printf("\ndrive cycle from a CSV table at 1 kHz, 1 s from the table's middle, CPU ms; per step and per "
                "event: the run with time events (Always) over its steps and its events; NoTimeEvents: its run, and "
                "over the 500-row table's (each the least of 20 runs):\n");
    std::printf("%8s %10s %7s %7s %10s %9s %10s %10s %9s %10s %10s\n", "rows", "translate", "steps", "events",
                "integrate", "us/step", "us/event", "NoTimeEv", "(ratio)", "peak MB", "of budget");
    // The baseline: a table of 500 rows (0.5 s at 1 kHz: the run's second half extrapolates).
    const fs::path small = writeCycleTable(dir, 500, dt);
    const TableRun base = runTableInChild(lib, small, 0.0, true);
    const TableRun baseNoEvents = runTableInChild(lib, small, 0.0, false);
    auto perStep = [](const TableRun& r) { return 1e3 * r.integrateMs / static_cast<double>(std::max(1L, r.steps)); };
    auto perEvent = [](const TableRun& r) { return 1e3 * r.integrateMs / static_cast<double>(std::max(1L, r.events)); };
    std::printf("%8d %10.1f %7ld %7ld %10.3f %9.2f %10.2f %10.3f %9s %10.1f %10s\n", 500, base.translateMs, base.steps,
                base.events, base.integrateMs, perStep(base), perEvent(base), baseNoEvents.integrateMs, "",
                std::max(base.peakMb, baseNoEvents.peakMb), "(baseline)");
    const double baseMb = std::max(base.peakMb, baseNoEvents.peakMb);
    for (long rows = 1000; rows <= largest; rows *= 10) {
        const fs::path table = writeCycleTable(dir, rows, dt);
        const double middle = 0.5 * static_cast<double>(rows - 1) * dt;
        const TableRun with = runTableInChild(lib, table, middle, true);
        const TableRun without = runTableInChild(lib, table, middle, false);
        fs::remove(table);
        if (with.steps < 0 || without.steps < 0) {
            std::printf("%8ld failed\n", rows);
            continue;
        }
        // Issue 33's budget: the baseline plus 4 x rows x columns x 8 bytes.
        const double budgetMb = 4.0 * static_cast<double>(rows) * 2 * 8 / (1024 * 1024);
        const double peakMb = std::max(with.peakMb, without.peakMb);
        std::printf("%8ld %10.1f %7ld %7ld %10.3f %9.2f %10.2f %10.3f %8.2fx %10.1f %9.0f%%\n", rows, with.translateMs,
                    with.steps, with.events, with.integrateMs, perStep(with), perEvent(with), without.integrateMs,
                    without.integrateMs / std::max(1e-3, baseNoEvents.integrateMs), peakMb,
                    100 * (peakMb - baseMb) / budgetMb);
    }
    fs::remove_all(dir);
}

int run(int argc, char** argv);

} // namespace

int main(int argc, char** argv)
{
    flange::app::tuneAllocator(); // as the executables do, so the figures are theirs
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // figures appear as they are measured
    if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::printf("usage: flange-bench [--tables] [SOURCE_DIR [REFERENCE_DIR [LARGEST_N]]]\n"
                    "  --tables       only the long-table figures (FLANGE_BENCH_TABLE_ROWS: the largest table,\n"
                    "                 default 1000000)\n"
                    "  SOURCE_DIR     the Flange source tree (default: the one this was built from)\n"
                    "  REFERENCE_DIR  Dymola's reference kit (default: SOURCE_DIR/../shared/msl-reference)\n"
                    "  LARGEST_N      the longest drive-line chain to time (default 10000)\n"
                    "       flange-bench --reruns [SOURCE_DIR]: compile once, run many, alone\n"
                    "       flange-bench --sweep [SOURCE_DIR]: the 1,000-run CoupledClutches sweep, alone\n"
                    "       flange-bench --linear [SOURCE_DIR]: the linear analysis, alone\n"
                    "       flange-bench --mat: writing a .mat result against a plain fwrite, alone\n");
        return 0;
    }
    try {
        return run(argc, argv);
    } catch (const flange::Error& e) {
        std::fprintf(stderr, "flange-bench: %s\n", e.what());
        return 2;
    }
}

namespace {

int run(int argc, char** argv)
{
    if (argc > 1 && std::string(argv[1]) == "--linear") {
        const fs::path root = argc > 2 ? fs::path(argv[2]) : fs::path(FLANGE_SOURCE_DIR);
        flange::library::Library lib;
        lib.loadFolder((root / "resources" / "components").string());
        lib.resolve();
        flange::bench::linearAnalysis(lib);
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--mat") {
        flange::bench::matWriting();
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--sweep") {
        const fs::path root = argc > 2 ? fs::path(argv[2]) : fs::path(FLANGE_SOURCE_DIR);
        flange::library::Library lib;
        lib.loadFolder((root / "resources" / "components").string());
        lib.resolve();
        flange::bench::sweepThroughput(root, lib);
        return 0;
    }
    if (argc > 1 && std::string(argv[1]) == "--reruns") {
        const fs::path root = argc > 2 ? fs::path(argv[2]) : fs::path(FLANGE_SOURCE_DIR);
        flange::library::Library lib;
        lib.loadFolder((root / "resources" / "components").string());
        lib.resolve();
        reruns(lib, root);
        return 0;
    }
    const bool tablesOnly = argc > 1 && std::string(argv[1]) == "--tables";
    if (tablesOnly) {
        --argc;
        ++argv;
    }
    fs::path root = argc > 1 ? fs::path(argv[1]) : fs::path(FLANGE_SOURCE_DIR);
    fs::path refs = argc > 2 ? fs::path(argv[2]) : root / ".." / "shared" / "msl-reference";
    int maxN = argc > 3 ? std::atoi(argv[3]) : 10000;
    auto l0 = clock_type::now();
    double lc0 = cpuMs();
    flange::library::Library lib;
    lib.loadFolder((root / "resources" / "components").string());
    lib.resolve();
    std::printf("library: %zu definitions loaded in %.1f ms (%.1f ms CPU)\n\n", lib.size(), ms(l0, clock_type::now()),
                cpuMs() - lc0);
    if (!tablesOnly) {
        mslExamples(root, refs);
        chains(root, lib, maxN);
        reruns(lib, root);
        flange::bench::sweepThroughput(root, lib);
        flange::bench::linearAnalysis(lib);
        flange::bench::matWriting();
    }
    longTables(lib);
    return 0;
}

} // namespace
