#pragma once
// A sweep on a Slurm cluster (issue 39), behind the window's backend interface: the engine
// writes the sweep's folder with the diagram and the array-job script
// (sweep::writeSlurmSweep, as `flange-sim sweep --slurm` does), sbatch submits it, and the
// runs the tasks finish are read from their files (sweep::finishedRuns) every few seconds
// and reported as they appear. The folder stays: flange-sim sweep-status, sweep-collect and
// sweep-resume work on it as on one submitted from the command line.
#include "ui/sweep/sweep_backend.hpp"

#include "engine/api/slurm_sweep.hpp"

#include <QString>

#include <filesystem>
#include <set>

class QTimer;

namespace flange::ui {

struct SlurmChoice {
    QString folder; // the sweep's folder, on a file system the compute nodes share
    QString partition, timeLimit; // empty: the cluster's default
    int tasks = static_cast<int>(sweep::kDefaultChunks);
};

class SlurmSweepBackend : public SweepBackend {
    Q_OBJECT
public:
    explicit SlurmSweepBackend(SlurmChoice choice, QObject* parent = nullptr);
    ~SlurmSweepBackend() override;

    // Why Slurm cannot be chosen on this machine ("sbatch is not on PATH"), or empty.
    static QString unavailableReason();

    void start(std::shared_ptr<const SweepJob> job) override;
    // Cancels the array job (scancel); the runs reported stay.
    void cancel() override;
    bool isRunning() const override { return running_; }
    QString jobId() const { return jobId_; }
    const SlurmChoice& choice() const { return choice_; }

    static constexpr int kPollMs = 2000;

private:
    void poll();
    void finish(bool cancelled, const QString& error);

    SlurmChoice choice_;
    std::shared_ptr<const SweepJob> job_;
    std::filesystem::path dir_;
    std::set<size_t> reported_;
    size_t tasks_ = 0;
    QString jobId_;
    QTimer* poll_;
    bool running_ = false;
};

// One line of runs.csv (sweep_folder.hpp) as a run's result: run, `parameters` values,
// `metrics` values (empty: NaN), status, message, seconds. Throws flange::Error for a line
// that is not such a line.
sweep::RunResult runFromCsvLine(const std::string& line, size_t parameters, size_t metrics);

} // namespace flange::ui
