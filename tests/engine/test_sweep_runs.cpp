// Sweeps as a whole (sweep_folder.hpp): each run equals a lone run with its values set
// (what flange-sim simulate --set does), a failing run leaves the others, cancelling
// keeps the finished runs, and a seed gives the same plan.csv.
#include "support/test_support.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_writer.hpp"
#include "engine/sweep/parameter_overrides.hpp"
#include "engine/sweep/sweep_folder.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace flange;
using namespace flange::sweep;

namespace {

std::string fileText(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::stringstream s(text);
    for (std::string line; std::getline(s, line);)
        out.push_back(line);
    return out;
}

std::vector<std::string> cells(const std::string& line)
{
    std::vector<std::string> out;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');)
        out.push_back(cell);
    return out;
}

// A result CSV's rows as numbers (the header skipped).
std::vector<std::vector<double>> numbers(const std::filesystem::path& p)
{
    std::vector<std::vector<double>> rows;
    const std::vector<std::string> all = lines(fileText(p));
    for (size_t i = 1; i < all.size(); ++i) {
        rows.emplace_back();
        for (const std::string& c : cells(all[i]))
            rows.back().push_back(std::stod(c));
    }
    return rows;
}

SweepDefinition definition(const std::vector<std::string>& varies, PlanSettings settings = {})
{
    SweepDefinition d;
    for (const std::string& v : varies)
        d.vary.push_back(parseVariation(v));
    d.plan = settings;
    d.metrics = {{"w1", "final(J1.w)"}};
    d.chosenSignals = {"J1.w", "J2.w", "J4.w", "clutch1.tau"};
    return d;
}

// Every run of the sweep in `dir` against the same model run alone with the run's values
// set by name, as plan.csv gives them (full precision), through a CSV as flange-sim writes.
void checkRunsEqualLoneRuns(const std::filesystem::path& dir, const diagram::Diagram& model, size_t expectedRuns)
{
    const library::Library& lib = test::bundledLibrary();
    const std::vector<std::string> plan = lines(fileText(dir / "plan.csv"));
    REQUIRE(plan.size() == expectedRuns + 1);
    const std::vector<std::string> header = cells(plan[0]);
    const std::vector<std::string> runs = lines(fileText(dir / "runs.csv"));
    CHECK(runs.size() == expectedRuns + 1);
    for (size_t r = 0; r < expectedRuns; ++r) {
        const std::vector<std::string> row = cells(plan[r + 1]);
        CHECK(row[0] == std::to_string(r));
        std::vector<std::string> assignments;
        for (size_t c = 1; c < header.size(); ++c)
            assignments.push_back(header[c].substr(1, header[c].size() - 2) + "=" + row[c]);
        diagram::Diagram lone = model;
        applyAssignments(lone, lib, assignments);
        const auto compiled = compileModel(lone, lib);
        std::vector<int> outputs;
        for (const char* name : {"J1.w", "J2.w", "J4.w", "clutch1.tau"})
            for (size_t i = 0; i < compiled->outputs.size(); ++i)
                if (compiled->outputs[i].name == name)
                    outputs.push_back(static_cast<int>(i));
        const std::filesystem::path loneFile = dir / ("lone-" + std::to_string(r) + ".csv");
        {
            io::CsvWriter writer(loneFile.string());
            simulate(*compiled, SimulationOptions{}, writer, outputs);
            writer.finish();
        }
        const auto expected = numbers(loneFile), got = numbers(dir / ("run-" + std::to_string(r) + ".csv"));
        CAPTURE(r);
        REQUIRE(got.size() == expected.size());
        for (size_t i = 0; i < got.size(); ++i)
            for (size_t c = 0; c < got[i].size(); ++c)
                CHECK(got[i][c] == Approx(expected[i][c]).epsilon(1e-12).margin(1e-300));
    }
}

} // namespace

TEST_CASE("a sweep's runs equal lone runs with the same values, for a grid, a log range and seeded draws")
{
    const diagram::Diagram model = test::diagramFromJson(test::bundledModel("Rotational/CoupledClutches.json"));
    const library::Library& lib = test::bundledLibrary();
    SECTION("grid")
    {
        test::TempFolder dir("flange-sweep");
        const SweepSummary s =
            runSweepToFolder(definition({"clutch1.fn_max=15,25", "J2.J=0.5:1.5:2"}), model, lib, {}, dir.path(), 2);
        CHECK(s.finished == 4);
        CHECK(s.failed == 0);
        checkRunsEqualLoneRuns(dir.path(), model, 4);
    }
    SECTION("log range with units")
    {
        test::TempFolder dir("flange-sweep");
        runSweepToFolder(definition({"J1.w.start=50 rpm:200 rpm:3:log"}), model, lib, {}, dir.path(), 2);
        checkRunsEqualLoneRuns(dir.path(), model, 3);
        CHECK(std::stod(cells(lines(fileText(dir.path() / "plan.csv"))[3])[1]) == Approx(200 * 2 * M_PI / 60).epsilon(1e-15));
    }
    SECTION("seeded draws")
    {
        test::TempFolder dir("flange-sweep");
        runSweepToFolder(definition({"clutch1.fn_max=uniform(10,30)", "J2.J=normal(1,0.1)"}, PlanSettings{false, 3, 11}),
                         model, lib, {}, dir.path(), 2);
        checkRunsEqualLoneRuns(dir.path(), model, 3);
    }
}

TEST_CASE("the same seed gives the same plan.csv")
{
    const diagram::Diagram model = test::diagramFromJson(test::bundledModel("Rotational/CoupledClutches.json"));
    const library::Library& lib = test::bundledLibrary();
    test::TempFolder a("flange-sweep"), b("flange-sweep"), c("flange-sweep");
    SweepDefinition d = definition({"clutch1.fn_max=uniform(10,30)", "J2.J=normal(1,0.1)"}, PlanSettings{false, 4, 5});
    d.chosenSignals.clear();
    runSweepToFolder(d, model, lib, {}, a.path(), 1);
    runSweepToFolder(d, model, lib, {}, b.path(), 2);
    d.plan.seed = 6;
    runSweepToFolder(d, model, lib, {}, c.path(), 1);
    CHECK(fileText(a.path() / "plan.csv") == fileText(b.path() / "plan.csv"));
    CHECK(fileText(a.path() / "plan.csv") != fileText(c.path() / "plan.csv"));
    CHECK(lines(fileText(a.path() / "plan.csv")).size() == 5);
    CHECK(lines(fileText(a.path() / "plan.csv"))[0] == "\"run\",\"clutch1.fn_max\",\"J2.J\"");
    CHECK_FALSE(std::filesystem::exists(a.path() / "run-0.csv")); // no --signals, no per-run files
}

TEST_CASE("a failing run is a row with its status and message, and the sweep goes on")
{
    const diagram::Diagram model = test::diagramFromJson(test::bundledModel("Rotational/CoupledClutches.json"));
    test::TempFolder dir("flange-sweep");
    SweepDefinition d = definition({"J2.J=1,-1,2"});
    d.chosenSignals.clear();
    const SweepSummary s = runSweepToFolder(d, model, test::bundledLibrary(), {}, dir.path(), 1);
    CHECK(s.finished == 3);
    CHECK(s.failed == 1);
    const std::vector<std::string> runs = lines(fileText(dir.path() / "runs.csv"));
    REQUIRE(runs.size() == 4);
    CHECK(runs[0] == "\"run\",\"J2.J\",\"w1\",\"status\",\"message\",\"seconds\"");
    CHECK(runs[1].rfind("0,1,", 0) == 0);
    CHECK(runs[1].find(",\"ok\",\"\",") != std::string::npos);
    CHECK(runs[2].rfind("1,-1,,\"bad input\",\"", 0) == 0); // no metric value
    CHECK(runs[2].find("J2.J") != std::string::npos);
    CHECK(runs[3].find(",\"ok\",\"\",") != std::string::npos);
}

TEST_CASE("cancelling a sweep keeps the finished runs")
{
    const diagram::Diagram model = test::diagramFromJson(test::bundledModel("Rotational/CoupledClutches.json"));
    test::TempFolder dir("flange-sweep");
    SweepDefinition d = definition({"clutch1.fn_max=10:30:6"});
    // Cancelled once two runs have reported (one job: runs go in plan order).
    std::atomic<bool> cancel{false};
    const std::filesystem::path runsFile = dir.path() / "runs.csv";
    const SweepSummary s = runSweepToFolder(d, model, test::bundledLibrary(), {}, dir.path(), 1, [&] {
        if (!cancel && std::filesystem::exists(runsFile) && lines(fileText(runsFile)).size() == 3)
            cancel = true;
        return cancel.load();
    });
    CHECK(s.cancelled);
    CHECK(s.finished == 2);
    CHECK(lines(fileText(dir.path() / "plan.csv")).size() == 7); // the whole plan
    const std::vector<std::string> runs = lines(fileText(runsFile));
    REQUIRE(runs.size() == 3);
    CHECK(runs[1].rfind("0,10,", 0) == 0);
    CHECK(runs[2].rfind("1,14,", 0) == 0);
}

TEST_CASE("a sweep as JSON reads back as written")
{
    SweepDefinition d = definition({"clutch1.fn_max=10:30:6", "J2.J=normal(1,0.1)"}, PlanSettings{true, 6, 3});
    d.set = {"J1.J=2"};
    const SweepDefinition back = sweepFromJson(sweepToJson(d), "test.json");
    CHECK(back.set == d.set);
    REQUIRE(back.vary.size() == 2);
    CHECK(back.vary[1].spec == "normal(1,0.1)");
    CHECK(back.plan.paired);
    CHECK(back.plan.samples == 6);
    CHECK(back.plan.seed == 3);
    CHECK(back.metrics[0].expression == "final(J1.w)");
    CHECK(back.chosenSignals == d.chosenSignals);
    nlohmann::ordered_json j = sweepToJson(d);
    j["jobs"] = 3;
    try {
        sweepFromJson(j, "s.json");
        FAIL("accepted an unknown key");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "s.json: jobs: unknown key");
    }
}

TEST_CASE("a sweep refuses unknown parameters, signals and metric names before any run")
{
    const diagram::Diagram model = test::diagramFromJson(test::bundledModel("Rotational/CoupledClutches.json"));
    const library::Library& lib = test::bundledLibrary();
    test::TempFolder dir("flange-sweep");
    auto refusal = [&](SweepDefinition d) {
        try {
            runSweepToFolder(d, model, lib, {}, dir.path() / "out", 1);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    CHECK(refusal(definition({"clutch9.fn_max=1,2"})) == "--vary 'clutch9.fn_max': the model has no instance 'clutch9'");
    CHECK(refusal(definition({"J2.J=1 kg,2"})) == "--vary J2.J: 'kg' is a mass, J2.J needs kg.m2 (in '1 kg')");
    SweepDefinition badSignal = definition({"J2.J=1,2"});
    badSignal.chosenSignals = {"J9.w"};
    CHECK(refusal(badSignal) == "--signals: the model has no variable 'J9.w'");
    SweepDefinition badMetric = definition({"J2.J=1,2"});
    badMetric.metrics = {{"status", "final(J1.w)"}};
    CHECK(refusal(badMetric) == "--metric status: the name is taken by a column of runs.csv; choose another");
    CHECK_FALSE(std::filesystem::exists(dir.path() / "out"));
}

namespace {

// A run without a model: x = value * t on t = 0, 0.5, 1; runs whose value is negative fail.
struct LineExecutor : RunExecutor {
    std::atomic<int> calls{0};
    std::vector<std::string> signalNames() override { return {"x", "y"}; }
    void run(const std::vector<double>& values, const std::vector<std::string>& columns, ResultSink& sink) override
    {
        ++calls;
        if (values[0] < 0)
            throw Error(ErrorKind::SimulationFailed, "negative at t = 0.5", {}, 0.5);
        sink.begin(columns);
        for (double t : {0.0, 0.5, 1.0})
            sink.row(t, std::vector<double>(columns.size(), values[0] * t));
    }
};

struct Collected : SweepListener {
    std::vector<RunResult> results;
    void finished(const RunResult& r) override { results.push_back(r); }
};

} // namespace

TEST_CASE("every planned run is reported once through any run executor, on any number of jobs")
{
    SweepPlan plan;
    plan.parameters = {"v"};
    for (int i = 0; i < 2000; ++i)
        plan.values.push_back({i % 7 == 3 ? -1.0 : static_cast<double>(i)});
    const MetricSet metrics({{"final", "final(x)"}, {"area", "integral(x)"}});
    for (unsigned jobs : {1u, 4u}) {
        LineExecutor executor;
        Collected collected;
        const SweepSummary s = runSweep(plan, metrics, executor, SweepSettings{jobs, {}, {}}, collected);
        CAPTURE(jobs);
        CHECK(executor.calls == 2000);
        CHECK(s.finished == 2000);
        CHECK(s.failed == 2000 / 7 + (2000 % 7 > 3 ? 1 : 0));
        std::vector<int> seen(2000, 0);
        for (const RunResult& r : collected.results) {
            ++seen[r.run];
            const double v = plan.values[r.run][0];
            if (v < 0) {
                CHECK(r.status == "failed");
                CHECK(r.message == "negative at t = 0.5");
                CHECK(std::isnan(r.metrics[0]));
            } else {
                CHECK(r.status == "ok");
                CHECK(r.metrics[0] == v);
                CHECK(r.metrics[1] == v / 2);
            }
        }
        CHECK(std::count(seen.begin(), seen.end(), 1) == 2000);
    }
}
