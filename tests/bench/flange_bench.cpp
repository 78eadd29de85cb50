// flange-bench: prints, for every models/msl example, the median end-to-end wall time
// (load, translate, initialize, simulate, write CSV) and the solver statistics beside
// Dymola's ("silent": crossings that changed no discrete value and needed no restart);
// then translate and simulate times for chains of N inertias joined by
// spring-dampers. Figures only: no pass/fail (timing goals live here, not in tests).
#include "engine/compile.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/io/csv_writer.hpp"
#include "engine/library/library.hpp"
#include "engine/run.hpp"
#include "chain_model.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
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

struct NullSink : flange::ResultSink {
    void row(double, const std::vector<double>&) override {}
};

} // namespace

int main(int argc, char** argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // figures appear as they are measured
    fs::path root = argc > 1 ? fs::path(argv[1]) : fs::path(FLANGE_SOURCE_DIR);
    fs::path refs = argc > 2 ? fs::path(argv[2]) : root / ".." / "shared" / "msl-reference";
    int repeats = 5;
    auto l0 = clock_type::now();
    flange::library::Library lib;
    lib.loadFolder((root / "resources" / "components").string());
    lib.resolve();
    std::printf("library: %zu definitions loaded in %.1f ms\n\n", lib.size(), ms(l0, clock_type::now()));

    std::vector<fs::path> models;
    for (const auto& e : fs::recursive_directory_iterator(root / "models" / "msl"))
        if (e.path().extension() == ".json")
            models.push_back(e.path());
    std::sort(models.begin(), models.end());
    std::printf("%-36s %9s | %15s %15s %15s %11s %11s %9s\n", "example", "median ms", "steps (Dymola)", "res (Dymola)",
                "jac (Dymola)", "state ev", "time ev", "silent");
    fs::path tmp = fs::temp_directory_path() / "flange-bench.csv";
    for (const auto& m : models) {
        std::string name = m.parent_path().filename().string() + "/" + m.stem().string();
        std::vector<double> times;
        flange::SimulationStats st;
        std::string error;
        for (int r = 0; r < repeats && error.empty(); ++r) {
            auto t0 = clock_type::now();
            try {
                auto d = flange::diagram::loadDiagram(m.string());
                auto model = flange::compileModel(d, lib);
                flange::io::CsvWriter w(tmp.string());
                st = flange::simulate(*model, {}, w);
                w.finish();
            } catch (const std::exception& e) {
                error = e.what();
            }
            times.push_back(ms(t0, clock_type::now()));
        }
        if (!error.empty()) {
            std::printf("%-36s failed: %.100s\n", name.c_str(), error.c_str());
            continue;
        }
        long ds = -1, dr = -1, dj = -1, dse = -1, dte = -1;
        fs::path exp = refs / m.parent_path().filename() / m.stem() / "experiment.json";
        if (fs::exists(exp)) {
            std::ifstream in(exp);
            auto j = nlohmann::json::parse(in);
            const auto& dy = j["dymola"];
            auto get = [&](const char* k) { return dy.contains(k) && dy[k].is_number() ? dy[k].get<long>() : -1L; };
            ds = get("accepted_steps");
            dr = get("f_evaluations");
            dj = get("jacobian_evaluations");
            dse = get("state_events");
            dte = get("time_events");
        }
        auto pair = [](long a, long b) {
            char buf[40];
            if (b < 0)
                std::snprintf(buf, sizeof buf, "%ld (-)", a);
            else
                std::snprintf(buf, sizeof buf, "%ld (%ld)", a, b);
            return std::string(buf);
        };
        std::printf("%-36s %9.2f | %15s %15s %15s %11s %11s %9ld\n", name.c_str(), median(times),
                    pair(st.steps, ds).c_str(), pair(st.residualEvaluations, dr).c_str(),
                    pair(st.jacobianEvaluations, dj).c_str(), pair(st.stateEvents, dse).c_str(),
                    pair(st.timeEvents, dte).c_str(), st.silentCrossings);
    }
    fs::remove(tmp);

    std::printf("\nchain of N inertias joined by spring-dampers (stop 0.1 s):\n");
    std::printf("%8s %14s %14s %14s %10s\n", "N", "translate ms", "simulate ms", "unknowns", "steps");
    for (int n : {10, 100, 1000, 10000}) {
        std::vector<double> tt, ts;
        int unknowns = 0;
        long steps = 0;
        int reps = n >= 10000 ? 1 : 3;
        for (int r = 0; r < reps; ++r) {
            auto d = flange::diagram::parseDiagram(chainDiagram(n, 0.1), "chain");
            auto t0 = clock_type::now();
            auto model = flange::compileModel(d, lib);
            auto t1 = clock_type::now();
            NullSink sink;
            auto st = flange::simulate(*model, {}, sink);
            auto t2 = clock_type::now();
            tt.push_back(ms(t0, t1));
            ts.push_back(ms(t1, t2));
            unknowns = model->n;
            steps = st.steps;
        }
        std::printf("%8d %14.1f %14.1f %14d %10ld\n", n, median(tt), median(ts), unknowns, steps);
    }
    return 0;
}
