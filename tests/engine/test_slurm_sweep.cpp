// Sweeps as Slurm array jobs (slurm_sweep.hpp), the parts that need no Slurm: how a batch
// is cut into tasks, the script's quoting, what is read back from squeue, scontrol and the
// task files (a message over several lines, a record cut by a kill).
#include "support/test_support.hpp"

#include "engine/about/versions.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/sweep/slurm_sweep.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace flange::sweep;
namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A CombiTimeTable reading `file`, saved as DIR/diagram/tabled.json and read back (its
// folder set, as a diagram opened from a file has it).
flange::diagram::Diagram tabledDiagram(const fs::path& dir, const std::string& file)
{
    using namespace flange::test;
    fs::create_directories(dir / "diagram");
    std::ofstream(dir / "diagram" / "tabled.json")
        << diagramJson({component("table", "Blocks.Sources.CombiTimeTable",
                                  R"({"tableOnFile": true, "fileName": ")" + file + R"(", "tableName": "load"})")},
                       {}, 1.0, 0.25);
    return flange::diagram::loadDiagram((dir / "diagram" / "tabled.json").string());
}

SweepDefinition timeScaleSweep()
{
    SweepDefinition d;
    d.vary.push_back(parseVariation("table.timeScale=1,2"));
    d.metrics.push_back({"y", "final(table.y[1])"});
    d.chosenSignals = {"table.y[1]"};
    return d;
}

SlurmSetup setupHere()
{
    SlurmSetup s;
    s.flangeVersion = flange::about::flangeVersion();
    s.flangeSim = "/opt/flange/bin/flange-sim";
    s.slurm.chunks = 1;
    return s;
}

} // namespace

TEST_CASE("Slurm sweep, a batch's tasks take even slices of its runs, every run once", "[sweep][slurm]")
{
    Batch b;
    b.tasks = 3;
    b.runs = {0, 1, 2, 3, 4, 5, 6, 10, 11, 12};
    CHECK(taskRuns(b, 0) == std::vector<size_t>{0, 1, 2});
    CHECK(taskRuns(b, 1) == std::vector<size_t>{3, 4, 5});
    CHECK(taskRuns(b, 2) == std::vector<size_t>{6, 10, 11, 12});
    b.tasks = 4;
    b.runs = {7, 8};
    CHECK(taskRuns(b, 0).empty());
    CHECK(taskRuns(b, 1) == std::vector<size_t>{7});
    CHECK(taskRuns(b, 3) == std::vector<size_t>{8});
    CHECK(describeRuns({0, 1, 2, 3, 7, 9, 10}) == "0-3, 7, 9-10");
    CHECK(describeRuns({}).empty());
}

TEST_CASE("Slurm sweep, the script quotes its paths and names the array", "[sweep][slurm]")
{
    SlurmSetup setup;
    setup.flangeVersion = "9.9";
    setup.flangeSim = "/opt/my flange/flange-sim";
    setup.slurm.partition = "short";
    setup.slurm.timeLimit = "0:30:00";
    Batch b;
    b.number = 2;
    b.tasks = 5;
    b.runs = {1, 2, 3, 4, 5};
    const std::string s = arrayJobScript("/data/it's here", setup, b);
    CHECK(s.find("#SBATCH --array=0-4\n") != std::string::npos);
    CHECK(s.find("#SBATCH --partition=short\n") != std::string::npos);
    CHECK(s.find("#SBATCH --time=0:30:00\n") != std::string::npos);
    CHECK(s.find("#SBATCH --account") == std::string::npos);
    CHECK(s.find("sweep='/data/it'\\''s here'\n") != std::string::npos);
    CHECK(s.find("flange_sim='/opt/my flange/flange-sim'\n") != std::string::npos);
    CHECK(s.find("\"$flange_sim\" sweep-chunk \"$sweep\" --batch 2 --task \"$task\"") != std::string::npos);
    CHECK(s.find("shared") != std::string::npos);
    CHECK_THROWS_WITH(checkSlurmValue("--partition", "a b"), Catch::Contains("--partition 'a b'"));
    CHECK_NOTHROW(checkSlurmValue("--time", "1-00:00:00"));
}

TEST_CASE("Slurm sweep, MaxArraySize and the queue are read from scontrol and squeue", "[sweep][slurm]")
{
    CHECK(parseMaxArraySize("MaxArraySize            = 40001\nMaxJobCount = 10000\n") == size_t(40001));
    CHECK(parseMaxArraySize("MaxJobCount = 10000\n") == std::nullopt);
    const auto q = parseSqueue("12 0 RUNNING\n12 3 PENDING\n13 N/A RUNNING\n");
    REQUIRE(q.count("12") == 1);
    CHECK(q.at("12").size() == 2);
    CHECK(q.at("12").at(3) == "PENDING");
    CHECK(q.count("13") == 0);
}

TEST_CASE("Slurm sweep, the task files give whole records, a message's line breaks kept, a cut one left out",
          "[sweep][slurm]")
{
    flange::test::TempFolder dir("flange-slurm-test");
    std::filesystem::create_directories(dir.path() / "tasks");
    std::ofstream(dir.path() / "batch-0.runs") << "tasks 2\n0-3\n";
    std::ofstream(dir.path() / "tasks" / "runs-0-0.csv")
        << "0,1,,\"failed\",\"no start:\n  12,3 largest\",0.1\n1,2,5,\"ok\",\"\",0.2\n";
    std::ofstream(dir.path() / "tasks" / "runs-0-1.csv") << "2,3,6,\"ok\",\"\",0.3\n3,4,7,\"o";
    const auto runs = finishedRuns(dir.path());
    REQUIRE(runs.size() == 3);
    CHECK(runs.at(0) == "0,1,,\"failed\",\"no start:\n  12,3 largest\",0.1\n");
    CHECK(runs.at(2) == "2,3,6,\"ok\",\"\",0.3\n");
    CHECK(runs.count(3) == 0);
    CHECK(taskExit(dir.path(), 0, 0) == std::nullopt);
    std::ofstream(dir.path() / "tasks" / "task-0-1.done") << "2\n";
    CHECK(taskExit(dir.path(), 0, 1) == 2);
}

TEST_CASE("Slurm sweep, a table named relative to the diagram is copied beside the tasks' model, which the task reads",
          "[sweep][slurm]")
{
    flange::test::TempFolder dir("flange-slurm-tables");
    fs::create_directories(dir.path() / "diagram" / "tables");
    std::ofstream(dir.path() / "diagram" / "tables" / "load.csv") << "time,load\n0,0\n1,4\n2,8\n";
    const fs::path sweepDir = dir.path() / "sweep";
    writeSlurmSweep(timeScaleSweep(), tabledDiagram(dir.path(), "tables/load.csv"), flange::test::bundledLibrary(),
                    setupHere(), sweepDir, kDefaultMaxArraySize);
    const SlurmSetup setup = readSlurmSetup(sweepDir);
    CHECK(setup.model == (sweepDir / "model" / "model.json").string());
    CHECK(readText(sweepDir / "model" / "tables" / "load.csv") == "time,load\n0,0\n1,4\n2,8\n");
    // The run reads the table as it was swept, not the original changed since.
    std::ofstream(dir.path() / "diagram" / "tables" / "load.csv") << "time,load\n0,0\n1,40\n2,80\n";
    const SweepSummary s = runSlurmTask(sweepDir, 0, 0, 1);
    CHECK(s.finished == 2);
    CHECK(s.failed == 0);
    const auto runs = finishedRuns(sweepDir);
    REQUIRE(runs.size() == 2);
    CHECK(runs.at(0).rfind("0,1,4,\"ok\",\"\",", 0) == 0); // u = t / timeScale: y(1) = 4
    CHECK(runs.at(1).rfind("1,2,2,\"ok\",\"\",", 0) == 0);

    // The kept signal of each run, as the window's overlay curves read it.
    const std::optional<RunSignals> curve = readRunSignals(sweepDir, 1);
    REQUIRE(curve);
    CHECK(curve->names == std::vector<std::string>{"table.y[1]"});
    REQUIRE(curve->time.size() == 5);
    CHECK(curve->time.back() == 1.0);
    REQUIRE(curve->values.size() == 1);
    CHECK(curve->values[0][2] == Approx(1.0)); // t = 0.5, timeScale 2
    CHECK(curve->values[0].back() == Approx(2.0));
    CHECK_FALSE(readRunSignals(sweepDir, 7));

    // The copy changed: refused before any run, as by every task and the window.
    std::ofstream(sweepDir / "model" / "model.json", std::ios::app) << "\n";
    CHECK_THROWS_WITH(openSlurmSweep(sweepDir), Catch::Contains("changed since the sweep was written"));
}

TEST_CASE("Slurm sweep, a table outside the diagram's folder is read where it is when named absolutely, refused when "
          "named relatively",
          "[sweep][slurm]")
{
    flange::test::TempFolder dir("flange-slurm-tables");
    const fs::path elsewhere = dir.path() / "elsewhere";
    fs::create_directories(elsewhere);
    std::ofstream(elsewhere / "load.csv") << "0,0\n1,4\n2,8\n";

    flange::diagram::Diagram relative = tabledDiagram(dir.path(), "../elsewhere/load.csv");
    relative.allowedDataFolders.push_back(elsewhere.string());
    CHECK_THROWS_WITH(writeSlurmSweep(timeScaleSweep(), relative, flange::test::bundledLibrary(), setupHere(),
                                      dir.path() / "relative", kDefaultMaxArraySize),
                      Catch::Contains("table: " + (elsewhere / "load.csv").string() +
                                      " is named relative to the diagram's folder but lies outside it"));

    flange::diagram::Diagram absolute = tabledDiagram(dir.path(), (elsewhere / "load.csv").string());
    absolute.allowedDataFolders.push_back(elsewhere.string());
    const fs::path sweepDir = dir.path() / "absolute";
    writeSlurmSweep(timeScaleSweep(), absolute, flange::test::bundledLibrary(), setupHere(), sweepDir,
                    kDefaultMaxArraySize);
    CHECK(runSlurmTask(sweepDir, 0, 0, 1).failed == 0);
    CHECK(finishedRuns(sweepDir).at(1).rfind("1,2,2,\"ok\"", 0) == 0);
}
