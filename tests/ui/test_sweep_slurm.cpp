// The Sweep dialog's "Run on" a Slurm cluster (issue 39): offered only where sbatch is on
// PATH, and a sweep submitted from the window reports the runs its array tasks finish. A
// stand-in sbatch runs the array's tasks here, one after another, so that no Slurm daemon
// is needed (tests/e2e/slurm_local.sh runs the real thing from the command line).
#include "ui_test_support.hpp"

#include "engine/api/slurm_sweep.hpp"
#include "ui/main_window.hpp"
#include "ui/sweep/local_sweep_backend.hpp"
#include "ui/sweep/slurm_sweep_backend.hpp"
#include "ui/sweep/sweep_dialog.hpp"
#include "ui/sweep/sweep_session.hpp"
#include "ui/sweep/sweep_workspace.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <cmath>
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
