// The Sweep dialog's "Run on" a Slurm cluster (issue 39): offered only where sbatch is on
// PATH, and a sweep submitted from the window reports the runs its array tasks finish,
// with their kept signals as curves; its folder opened again shows them, says which runs
// are missing and resumes them. A stand-in sbatch runs the array's tasks here, one after
// another, so that no Slurm daemon is needed (tests/e2e/slurm_local.sh runs the real thing
// from the command line, tests/e2e/slurm_window.sh the "[slurm-real]" cases below).
#include "ui_test_support.hpp"

#include "engine/api/about.hpp"
#include "engine/api/slurm_sweep.hpp"
#include "ui/main_window.hpp"
#include "ui/sweep/local_sweep_backend.hpp"
#include "ui/sweep/slurm_sweep_backend.hpp"
#include "ui/sweep/sweep_dialog.hpp"
#include "ui/sweep/sweep_panel.hpp"
#include "ui/sweep/sweep_preparation.hpp"
#include "ui/sweep/sweep_session.hpp"
#include "ui/sweep/sweep_workspace.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>

using namespace flange;
using namespace flange::ui;

namespace {

// PATH for the duration of a test case.
struct PathSetting {
    QByteArray saved = qgetenv("PATH");
    explicit PathSetting(const QByteArray& path) { qputenv("PATH", path); }
    ~PathSetting() { qputenv("PATH", saved); }
};

// An sbatch that runs every task of the array job it is given, then prints a job id.
void writeStandInSbatch(const QString& folder)
{
    QFile f(folder + "/sbatch");
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/bash\n"
            "script=\"${@: -1}\"\n"
            "last=$(sed -n 's/^#SBATCH --array=0-\\([0-9]*\\)$/\\1/p' \"$script\")\n"
            "for task in $(seq 0 \"$last\"); do SLURM_ARRAY_TASK_ID=$task bash \"$script\"; done\n"
            "echo 4242\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
}

void waitForEnd(SweepWorkspace& sweeps, int ms = 120000)
{
    QElapsedTimer t;
    t.start();
    while (sweeps.session().isRunning() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

// CoupledClutches over clutch1.fn_max, J1.w kept.
sweep::SweepDefinition keptSignalSweep(const std::string& values)
{
    sweep::SweepDefinition d;
    d.vary.push_back(sweep::parseVariation("clutch1.fn_max=" + values));
    d.metrics.push_back({"w4", "final(J4.w)"});
    d.chosenSignals = {"J1.w"};
    return d;
}

std::map<size_t, SweepRunRecord> byRun(const SweepSession& session)
{
    std::map<size_t, SweepRunRecord> out;
    for (const SweepRunRecord& r : session.records())
        out[r.result.run] = r;
    return out;
}

// A sweep of CoupledClutches on this computer's cores, for comparison.
std::map<size_t, SweepRunRecord> localRuns(const sweep::SweepDefinition& d)
{
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    SweepWorkspace& sweeps = *window.sweeps();
    sweeps.setBackend(std::make_unique<LocalSweepBackend>());
    REQUIRE(sweeps.run(d));
    waitForEnd(sweeps);
    return byRun(sweeps.session());
}

// The same metrics and kept curves, run by run.
void checkSameRuns(const std::map<size_t, SweepRunRecord>& cluster, const std::map<size_t, SweepRunRecord>& local)
{
    REQUIRE(cluster.size() == local.size());
    for (const auto& [run, l] : local) {
        CAPTURE(run);
        const SweepRunRecord& c = cluster.at(run);
        CHECK(c.result.status == l.result.status);
        CHECK(c.result.metrics == l.result.metrics);
        REQUIRE(c.curves);
        REQUIRE(l.curves);
        CHECK(c.curves->names == l.curves->names);
        CHECK(c.curves->time == l.curves->time);
        CHECK(c.curves->values == l.curves->values);
    }
}

// Submits d from window to a Slurm backend of `tasks` array tasks writing to `folder`, each
// run to stopTime (0: the diagram's); returns that backend, which the window's sweeps own.
SlurmSweepBackend* submitOnCluster(MainWindow& window, const QString& folder, int tasks,
                                   const sweep::SweepDefinition& d, double stopTime = 0)
{
    SlurmChoice choice;
    choice.folder = folder;
    choice.tasks = tasks;
    auto backend = std::make_unique<SlurmSweepBackend>(choice);
    SlurmSweepBackend* slurm = backend.get();
    window.sweeps()->setBackend(std::move(backend));
    std::shared_ptr<SweepJob> job =
        prepareSweepJob(d, window.document()->rootDiagram(), window.document()->sharedLibrary());
    REQUIRE(job);
    if (stopTime > 0)
        job->options.stopTime = stopTime;
    window.sweeps()->run(job);
    return slurm;
}

} // namespace

TEST_CASE("the Sweep dialog offers a Slurm cluster only where sbatch is on PATH, and says so", "[sweep]")
{
    QTemporaryDir empty;
    PathSetting path(empty.path().toLocal8Bit());
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    SweepDialog dialog(window.document()->rootDiagram(), window.document()->sharedLibrary(), {});
    auto* items = qobject_cast<QStandardItemModel*>(dialog.runOnField()->model());
    REQUIRE(items);
    CHECK(items->item(0)->isEnabled());
    CHECK_FALSE(items->item(1)->isEnabled());
    CHECK(dialog.runOnField()->itemText(1) == "A Slurm cluster (sbatch is not on PATH)");
    CHECK_FALSE(dialog.slurmChoice());
}

TEST_CASE("a sweep on Slurm from the window reports the runs its array tasks finish, as the local sweep's", "[sweep]")
{
    QTemporaryDir bin, work;
    writeStandInSbatch(bin.path());
    PathSetting path(bin.path().toLocal8Bit() + ":" + qgetenv("PATH"));
    REQUIRE(SlurmSweepBackend::unavailableReason().isEmpty());

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    SweepDialog dialog(window.document()->rootDiagram(), window.document()->sharedLibrary(), {});
    dialog.parameterField(0)->setEditText("clutch1.fn_max");
    dialog.valuesField(0)->setText("10,20,30");
    dialog.addMetric("w4", "final(J4.w)");
    dialog.runOnField()->setCurrentIndex(1);
    dialog.slurmFolderField()->setText(work.filePath("on-the-cluster"));
    dialog.tasksField()->setValue(2);
    dialog.timeLimitField()->setText("10 minutes");
    CHECK_FALSE(dialog.validate());
    CHECK(dialog.error() == "Time limit '10 minutes': only letters, digits and _ . : , + - are accepted");
    dialog.timeLimitField()->setText("10:00");
    REQUIRE(dialog.validate());
    const std::optional<SlurmChoice> choice = dialog.slurmChoice();
    REQUIRE(choice);
    CHECK(choice->tasks == 2);

    SweepWorkspace& sweeps = *window.sweeps();
    auto backend = std::make_unique<SlurmSweepBackend>(*choice);
    SlurmSweepBackend* slurm = backend.get();
    sweeps.setBackend(std::move(backend));
    sweeps.run(dialog.job());
    QElapsedTimer t;
    t.start();
    while (sweeps.session().isRunning() && t.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    REQUIRE_FALSE(sweeps.session().isRunning());
    CHECK(sweeps.session().error().isEmpty());
    CHECK(slurm->jobId() == "4242");
    const std::string dir = work.filePath("on-the-cluster").toStdString();
    CHECK(sweep::readJobIds(dir).at(0) == "4242");
    CHECK(sweep::readBatches(dir).front().tasks == 2);

    std::map<size_t, sweep::RunResult> onCluster;
    for (const SweepRunRecord& r : sweeps.session().records())
        onCluster[r.result.run] = r.result;
    REQUIRE(onCluster.size() == 3);

    // The same sweep on this computer: the same numbers, runs.csv's text read back exactly.
    sweeps.setBackend(std::make_unique<LocalSweepBackend>());
    REQUIRE(sweeps.run(dialog.job()->definition));
    t.restart();
    while (sweeps.session().isRunning() && t.elapsed() < 120000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    REQUIRE(sweeps.session().records().size() == 3);
    for (const SweepRunRecord& r : sweeps.session().records()) {
        CAPTURE(r.result.run);
        const sweep::RunResult& c = onCluster.at(r.result.run);
        CHECK(c.status == "ok");
        CHECK(c.message.empty());
        REQUIRE(c.metrics.size() == 1);
        CHECK(c.metrics[0] == r.result.metrics[0]);
    }
}

TEST_CASE("a line of runs.csv reads back as the run's result", "[sweep]")
{
    const sweep::RunResult r = runFromCsvLine("7,10,0.5,,2.25,\"failed\",\"at t = 0.3: \"\"x\"\" diverged, step 1e-12\",0.125\n", 2, 2);
    CHECK(r.run == 7);
    REQUIRE(r.metrics.size() == 2);
    CHECK(std::isnan(r.metrics[0]));
    CHECK(r.metrics[1] == 2.25);
    CHECK(r.status == "failed");
    CHECK(r.message == "at t = 0.3: \"x\" diverged, step 1e-12");
    CHECK(r.seconds == 0.125);
    CHECK_THROWS_WITH(runFromCsvLine("1,2,3", 2, 2), Catch::Contains("has 3 fields, not 8"));
}

TEST_CASE("a sweep folder on Slurm opened in another window shows its runs and curves, names the missing ones and "
          "resumes only them",
          "[sweep]")
{
    QTemporaryDir bin, work;
    writeStandInSbatch(bin.path());
    PathSetting path(bin.path().toLocal8Bit() + ":" + qgetenv("PATH"));
    const sweep::SweepDefinition d = keptSignalSweep("10,20,30,40");
    const QString folder = work.filePath("cluster sweep");
    {
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true);
        REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
        SweepWorkspace& sweeps = *window.sweeps();
        submitOnCluster(window, folder, 2, d);
        waitForEnd(sweeps);
        REQUIRE(sweeps.session().error().isEmpty());
        // Cluster runs have their kept signal as local runs have: the same curves.
        checkSameRuns(byRun(sweeps.session()), localRuns(d));
    }
    const std::filesystem::path dir = folder.toStdString();
    // Task 1 (runs 2 and 3) failed: its runs are gone, its exit status and log say why.
    std::filesystem::remove(sweep::taskRunsFile(dir, 0, 1));
    std::ofstream(dir / "tasks" / "task-0-1.done") << "2\n";
    std::ofstream(sweep::taskLog(dir, 0, 1)) << "error: the node's disk is full\n";
    const std::string task0 = [&] {
        std::ifstream in(sweep::taskRunsFile(dir, 0, 0));
        return std::string(std::istreambuf_iterator<char>(in), {});
    }();

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    SweepWorkspace& sweeps = *window.sweeps();
    QString error;
    REQUIRE(sweeps.openSweepFolder(folder, &error));
    waitForEnd(sweeps);
    CHECK_FALSE(sweeps.dock()->isHidden());
    REQUIRE(sweeps.session().records().size() == 2);
    CHECK(sweeps.session().records()[0].curves);
    CHECK(sweeps.session().error() ==
          "runs 2-3 missing (task 1 of batch 0 failed with exit status 2: error: the node's disk is full); Resume "
          "submits them");
    CHECK(sweeps.panel()->resumeButton()->isVisibleTo(sweeps.panel()));

    sweeps.panel()->resumeButton()->click();
    waitForEnd(sweeps);
    CHECK(sweeps.session().error().isEmpty());
    CHECK(sweeps.session().records().size() == 4);
    CHECK_FALSE(sweeps.panel()->resumeButton()->isVisibleTo(sweeps.panel()));
    // Only the missing runs were computed again: task 0's file is as it was.
    const sweep::Batch resumed = sweep::readBatch(dir, 1);
    CHECK(resumed.runs == std::vector<size_t>{2, 3});
    std::ifstream in(sweep::taskRunsFile(dir, 0, 0));
    CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == task0);
    checkSameRuns(byRun(sweeps.session()), localRuns(d));

    // A kept signal's file that does not read leaves its run without curves, not the sweep.
    std::ofstream(dir / "run-1.csv") << "\"time\",\"J1.w\"\n0,not a number\n";
    MainWindow again(test::bundledComponentLibrary());
    again.setQuiet(true);
    REQUIRE(again.sweeps()->openSweepFolder(folder, &error));
    waitForEnd(*again.sweeps());
    CHECK(again.sweeps()->session().error().isEmpty());
    const std::map<size_t, SweepRunRecord> shown = byRun(again.sweeps()->session());
    REQUIRE(shown.size() == 4);
    CHECK_FALSE(shown.at(1).curves);
    CHECK(shown.at(2).curves);
}

TEST_CASE("a sweep folder written by another flange-sim version is refused with the engine's message", "[sweep]")
{
    QTemporaryDir bin, work;
    writeStandInSbatch(bin.path());
    PathSetting path(bin.path().toLocal8Bit() + ":" + qgetenv("PATH"));
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
    SweepWorkspace& sweeps = *window.sweeps();
    submitOnCluster(window, work.filePath("s"), 1, keptSignalSweep("10,20"));
    waitForEnd(sweeps);
    REQUIRE(sweeps.session().records().size() == 2);

    QString error;
    CHECK_FALSE(sweeps.openSweepFolder(work.filePath("nothing here"), &error));
    CHECK(error.contains("slurm.json: not found"));
    QFile setup(work.filePath("s/slurm.json"));
    REQUIRE(setup.open(QIODevice::ReadOnly));
    QByteArray text = setup.readAll();
    setup.close();
    text.replace(QByteArray("\"flange\": \"") + about::flangeVersion().c_str() + "\"", "\"flange\": \"0.0.0-other\"");
    REQUIRE(setup.open(QIODevice::WriteOnly | QIODevice::Truncate));
    setup.write(text);
    setup.close();
    CHECK_FALSE(sweeps.openSweepFolder(work.filePath("s"), &error));
    CHECK(error.contains("the sweep was written by flange-sim 0.0.0-other, this is flange-sim"));
    // The sweep shown stays.
    CHECK(sweeps.session().records().size() == 2);
}

// Run by tests/e2e/slurm_window.sh with a single-node Slurm of its own (SLURM_CONF set):
// the window's backend against the real sbatch, squeue and scancel.
TEST_CASE("on a real Slurm, a sweep from the window equals the local sweep and its folder reopened shows the same "
          "runs",
          "[.][slurm-real]")
{
    REQUIRE(qEnvironmentVariableIsSet("SLURM_CONF"));
    REQUIRE(SlurmSweepBackend::unavailableReason().isEmpty());
    QTemporaryDir work;
    const sweep::SweepDefinition d = keptSignalSweep("10:30:6");
    const QString folder = work.filePath("on the cluster");
    std::map<size_t, SweepRunRecord> submitted;
    {
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true);
        REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
        SweepWorkspace& sweeps = *window.sweeps();
        SlurmSweepBackend* slurm = submitOnCluster(window, folder, 3, d);
        waitForEnd(sweeps, 300000);
        REQUIRE_FALSE(sweeps.session().isRunning());
        CHECK(sweeps.session().error().isEmpty());
        CHECK(slurm->jobId().toULongLong() > 0);
        submitted = byRun(sweeps.session());
        checkSameRuns(submitted, localRuns(d));
    }
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    SweepWorkspace& sweeps = *window.sweeps();
    QString error;
    REQUIRE(sweeps.openSweepFolder(folder, &error));
    waitForEnd(sweeps, 60000);
    CHECK(sweeps.session().error().isEmpty());
    checkSameRuns(byRun(sweeps.session()), submitted);
}

TEST_CASE("on a real Slurm, a sweep's folder reopened while its job runs follows it, Cancel cancels the job, and "
          "reopened again it resumes the missing runs",
          "[.][slurm-real]")
{
    REQUIRE(qEnvironmentVariableIsSet("SLURM_CONF"));
    QTemporaryDir work;
    sweep::SweepDefinition d;
    // Runs of 60 s (some 70 ms each, 400 in two tasks): long enough a job that the window
    // sees it running however fast the machine, short enough to resume in seconds.
    d.vary.push_back(sweep::parseVariation("clutch1.fn_max=10:30:400"));
    d.metrics.push_back({"w4", "final(J4.w)"});
    const QString folder = work.filePath("long");
    {
        // Submitted, then the window closes: the job goes on.
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true);
        REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
        submitOnCluster(window, folder, 2, d, 60);
        REQUIRE(window.sweeps()->session().isRunning());
    }
    const std::filesystem::path dir = folder.toStdString();
    {
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true);
        SweepWorkspace& sweeps = *window.sweeps();
        QString error;
        REQUIRE(sweeps.openSweepFolder(folder, &error));
        CHECK(sweeps.session().isRunning()); // reattached: the job is queued or running
        // Runs arrive as the tasks finish them.
        QElapsedTimer t;
        t.start();
        while (sweeps.session().records().size() < 20 && sweeps.session().isRunning() && t.elapsed() < 120000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        REQUIRE(sweeps.session().isRunning());
        CHECK(sweeps.session().records().size() >= 20);
        sweeps.panel()->cancelButton()->click();
        CHECK_FALSE(sweeps.session().isRunning());
        CHECK(sweeps.session().wasCancelled());
        CHECK(sweeps.session().error().isEmpty());
    }
    // The job left the queue: scancel reached it.
    const std::string job = sweep::readJobIds(dir).at(0);
    QElapsedTimer t;
    t.start();
    bool queued = true;
    while (queued && t.elapsed() < 60000) {
        QProcess squeue;
        squeue.start("squeue", {"-h", "-j", QString::fromStdString(job), "-t", "PENDING,RUNNING,COMPLETING"});
        squeue.waitForFinished();
        queued = !squeue.readAllStandardOutput().trimmed().isEmpty();
    }
    REQUIRE_FALSE(queued);
    const size_t finished = sweep::finishedRuns(dir).size();
    REQUIRE(finished < 400);

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    SweepWorkspace& sweeps = *window.sweeps();
    QString error;
    REQUIRE(sweeps.openSweepFolder(folder, &error));
    waitForEnd(sweeps, 60000);
    CHECK(sweeps.session().records().size() == finished);
    CHECK(sweeps.session().error().contains("tasks ended without finishing them"));
    REQUIRE(sweeps.panel()->resumeButton()->isVisibleTo(sweeps.panel()));
    sweeps.panel()->resumeButton()->click();
    waitForEnd(sweeps, 300000);
    CHECK(sweeps.session().error().isEmpty());
    CHECK(sweeps.session().records().size() == 400);
    CHECK(sweep::readBatches(dir).size() == 2);
    CHECK(sweep::readBatch(dir, 1).runs.size() == 400 - finished);
}

TEST_CASE("a diagram saved after a sweep on Slurm names its folder, and opened again shows that sweep's runs",
          "[sweep]")
{
    QTemporaryDir bin, work;
    writeStandInSbatch(bin.path());
    PathSetting path(bin.path().toLocal8Bit() + ":" + qgetenv("PATH"));
    const QString folder = work.filePath("clutches-on-slurm");
    const QString saved = work.filePath("CoupledClutches.json");
    {
        MainWindow window(test::bundledComponentLibrary());
        window.setQuiet(true);
        REQUIRE(window.openFile(test::sourcePath("models/msl/Rotational/CoupledClutches.json")));
        SweepWorkspace& sweeps = *window.sweeps();
        submitOnCluster(window, folder, 2, keptSignalSweep("10,20,30"));
        waitForEnd(sweeps);
        REQUIRE(sweeps.session().records().size() == 3);
        CHECK(window.document()->rootDiagram().extra.value("sweepFolder", "") ==
              QFileInfo(folder).absoluteFilePath().toStdString());
        REQUIRE(window.saveFile(saved));
    }
    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(saved));
    SweepWorkspace& sweeps = *window.sweeps();
    waitForEnd(sweeps);
    CHECK_FALSE(sweeps.dock()->isHidden());
    CHECK(sweeps.session().records().size() == 3);
    CHECK(sweeps.session().error().isEmpty());
    CHECK(dynamic_cast<SlurmSweepBackend*>(&sweeps.backend()));

    // A sweep on this computer replaces it: the diagram names no folder then.
    sweeps.setBackend(std::make_unique<LocalSweepBackend>());
    REQUIRE(sweeps.run(keptSignalSweep("10,20")));
    waitForEnd(sweeps);
    CHECK_FALSE(window.document()->rootDiagram().extra.contains("sweepFolder"));
}

TEST_CASE("a sweep on Slurm of a diagram with a component from a user's folder gives the tasks that folder", "[sweep]")
{
    QTemporaryDir bin, work;
    writeStandInSbatch(bin.path());
    PathSetting path(bin.path().toLocal8Bit() + ":" + qgetenv("PATH"));
    // A torque of the user's own, driving an inertia: w(1 s) = tau / J.
    const QString userFolder = work.filePath("user-components");
    REQUIRE(QDir().mkpath(userFolder));
    {
        QFile f(userFolder + "/Push.json");
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(R"({"name": "User.Push", "connectors": [{"name": "flange", "type": "Rotational.Flange_b"}],
  "parameters": [{"name": "tau", "type": "Real", "default": 1}], "equations": ["flange.tau = -tau"]})");
    }
    const QString diagram = work.filePath("pushed.json");
    {
        QFile f(diagram);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "flange-diagram", "version": 1, "name": "Pushed",
  "experiment": {"startTime": 0, "stopTime": 1, "interval": 0.01, "tolerance": 1e-6},
  "components": [{"name": "push", "type": "User.Push"},
                 {"name": "inertia", "type": "Rotational.Components.Inertia", "parameters": {"J": 2}}],
  "connections": [{"from": "push.flange", "to": "inertia.flange_a"}]})");
    }
    const ComponentLibrary library = loadComponentLibrary({userFolder});
    REQUIRE(library.extraFolders == QStringList{userFolder});
    MainWindow window(library);
    window.setQuiet(true);
    REQUIRE(window.openFile(diagram));

    sweep::SweepDefinition d;
    d.vary.push_back(sweep::parseVariation("push.tau=1,4"));
    d.metrics.push_back({"w", "final(inertia.w)"});
    SlurmChoice choice;
    choice.folder = work.filePath("on-the-cluster");
    choice.tasks = 1;
    choice.libraryFolders = library.extraFolders; // as the window's Sweep… gives it
    SweepWorkspace& sweeps = *window.sweeps();
    sweeps.setBackend(std::make_unique<SlurmSweepBackend>(choice));
    REQUIRE(sweeps.run(d));
    waitForEnd(sweeps);
    CHECK(sweeps.session().error().isEmpty());
    const std::map<size_t, SweepRunRecord> runs = byRun(sweeps.session());
    REQUIRE(runs.size() == 2);
    CHECK(runs.at(0).result.status == "ok");
    CHECK(runs.at(1).result.status == "ok");
    REQUIRE(runs.at(0).result.metrics.size() == 1);
    CHECK(runs.at(0).result.metrics[0] == Approx(0.5).epsilon(1e-6));
    CHECK(runs.at(1).result.metrics[0] == Approx(2.0).epsilon(1e-6));
}
