#pragma once
// Where the window's sweep runs: behind this small interface, so that this computer's
// cores (LocalSweepBackend) and, later, a cluster (issue 39: engine/sweep/slurm_sweep.hpp)
// are interchangeable. A backend gets a prepared job and reports each finished run, in
// the order runs finish, on the GUI thread.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "engine/api/sweep.hpp"

#include <QMetaType>
#include <QObject>

#include <memory>
#include <string>
#include <vector>

namespace flange::ui {

// The rows of a run's chosen signals, kept for the overlay curves.
struct SweepCurves {
    std::vector<std::string> names;
    std::vector<double> time;
    std::vector<std::vector<double>> values; // [signal][row]
};

struct SweepRunRecord {
    sweep::RunResult result;
    std::shared_ptr<const SweepCurves> curves; // null without chosen signals
};

// A sweep ready to run: the model with the sweep's fixed values set, what each run varies
// and its plan, the metrics and the signals kept (sweep_preparation.hpp makes one).
struct SweepJob {
    sweep::SweepDefinition definition;
    diagram::Diagram model;
    std::shared_ptr<const library::Library> library;
    std::vector<sweep::OverrideTarget> targets;
    sweep::SweepPlan plan;
    SimulationOptions options;
};

class SweepBackend : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // Starts the job's runs; a sweep in progress must have ended (isRunning() false).
    virtual void start(std::shared_ptr<const SweepJob> job) = 0;
    // Stops starting runs and abandons those in flight; the finished ones have been reported.
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

signals:
    void runFinished(const flange::ui::SweepRunRecord& record);
    // After the last run reported; `error` when the sweep itself failed.
    void sweepEnded(bool cancelled, const QString& error);
};

} // namespace flange::ui

Q_DECLARE_METATYPE(flange::ui::SweepRunRecord)
