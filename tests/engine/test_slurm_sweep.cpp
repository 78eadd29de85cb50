// Sweeps as Slurm array jobs (slurm_sweep.hpp), the parts that need no Slurm: how a batch
// is cut into tasks, the script's quoting, what is read back from squeue, scontrol and the
// task files (a message over several lines, a record cut by a kill).
#include "support/test_support.hpp"

#include "engine/error.hpp"
#include "engine/sweep/slurm_sweep.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace flange::sweep;

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
