#pragma once
// A sweep on a Slurm cluster (issue 39), behind the window's backend interface: the engine
// writes the sweep's folder with its copy of the diagram and the array-job script
// (sweep::writeSlurmSweep, as `flange-sim sweep --slurm` does), sbatch submits it, and the
// runs the tasks finish are read from their files (sweep::finishedRuns), with their kept
// signals (run-<run>.csv), every few seconds and reported as they appear. The folder stays:
// the window reattaches to it later (reattach), and flange-sim sweep-status, sweep-collect
// and sweep-resume work on it as on one submitted from the command line. The sweep ends
// when every run is in, or when none of its array tasks is still queued or running (squeue;
// where squeue cannot be asked, when every task wrote its exit status); runs missing then
// are listed (missingRuns) and resume() submits them.
#include "ui/sweep/sweep_backend.hpp"

#include "engine/api/slurm_sweep.hpp"

#include <QString>
#include <QStringList>

#include <filesystem>
#include <set>
#include <vector>

class QTimer;

namespace flange::ui {

struct SlurmChoice {
    QString folder; // the sweep's folder, on a file system the compute nodes share
    QString partition, timeLimit; // empty: the cluster's default
    int tasks = static_cast<int>(sweep::kDefaultChunks);
    // Component folders the window read beyond the default ones (--library): the tasks read
    // them too, so they must be reachable from the compute nodes as the sweep folder is.
    QStringList libraryFolders;
};

class SlurmSweepBackend : public SweepBackend {
    Q_OBJECT
public:
    explicit SlurmSweepBackend(SlurmChoice choice, QObject* parent = nullptr);
    ~SlurmSweepBackend() override;

    // Why Slurm cannot be chosen on this machine ("sbatch is not on PATH"), or empty.
    static QString unavailableReason();

    void start(std::shared_ptr<const SweepJob> job) override;
    // Follows the sweep of choice().folder, whose job sweep::openSlurmSweep gave: reports the
    // runs already finished at once, then those that arrive while its jobs run.
    void reattach(std::shared_ptr<const SweepJob> job);
    // Submits the runs missing after the end as a new batch (sweep::writeResumeBatch, as
    // flange-sim sweep-resume); false with `error` when it cannot. reattach then follows it.
    bool resume(QString* error);
    // Cancels the array jobs still queued or running (scancel); the runs reported stay.
    void cancel() override;
    // Stops following the sweep and leaves its jobs running (the window turns to another).
    void detach();
    bool isRunning() const override { return running_; }
    QString jobId() const { return jobId_; }
    const SlurmChoice& choice() const { return choice_; }
    // The plan's runs not reported when the sweep ended, ascending.
    const std::vector<size_t>& missingRuns() const { return missing_; }

    static constexpr int kPollMs = 2000;

private:
    void follow();
    void poll();
    // Whether a task of the folder's jobs may still finish runs.
    bool tasksMayRun() const;
    void finish(bool cancelled, const QString& error);

    SlurmChoice choice_;
    std::shared_ptr<const SweepJob> job_;
    std::filesystem::path dir_;
    std::set<size_t> reported_;
    std::vector<size_t> missing_;
    QString jobId_;
    QTimer* poll_;
    bool running_ = false;
};

// One line of runs.csv (sweep_folder.hpp) as a run's result: run, `parameters` values,
// `metrics` values (empty: NaN), status, message, seconds. Throws flange::Error for a line
// that is not such a line.
sweep::RunResult runFromCsvLine(const std::string& line, size_t parameters, size_t metrics);

} // namespace flange::ui
