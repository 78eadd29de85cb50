#pragma once
// Runs the open diagram on a worker thread: translation and simulation by the engine,
// rows handed to the GUI thread in batches (at most ~30 a second) and appended to a
// RunResult there, so plots grow live while the window stays responsive. One run at a
// time: starting another cancels the one in progress (Auto re-simulate). The controller
// needs no window, so tests and `flange --simulate` drive it directly.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "engine/api/run.hpp"
#include "ui/results/run_result.hpp"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace flange::ui {

struct RunBatch;

// What a finished, failed or cancelled run leaves for the messages panel.
struct RunDiagnostic {
    enum class Severity { Info, Warning, Error } severity = Severity::Info;
    QString text;
    QStringList instances;    // components the message concerns (selectable on the canvas)
    std::optional<double> time;
};

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override; // cancels and waits for the worker

    // Starts translating and simulating the diagram, which the run keeps (and nothing may
    // change). A run in progress is cancelled first; its rows stop arriving at once.
    void start(std::shared_ptr<const diagram::Diagram> diagram, std::shared_ptr<const library::Library> library,
               const SimulationOptions& options = {});
    // The same with a copy of the diagram.
    void start(const diagram::Diagram& diagram, std::shared_ptr<const library::Library> library,
               const SimulationOptions& options = {})
    {
        start(std::make_shared<const diagram::Diagram>(diagram), std::move(library), options);
    }
    // The memory one run's rows may take (row_budget.hpp); from the next start on.
    void setRowMemory(std::size_t bytes) { rowMemory_ = bytes; }
    std::size_t rowMemory() const { return rowMemory_; }
    // Asks the worker to stop; what was computed stays in current().
    void cancel();
    // Cancels and forgets every result (another diagram was opened).
    void clear();
    bool isRunning() const { return running_; }

    // The run being shown (running or ended) and the last finished one before it (the
    // ghost curves); either may be null.
    std::shared_ptr<const RunResult> current() const { return current_; }
    std::shared_ptr<const RunResult> previous() const { return previous_; }
    const SimulationStats& lastStats() const { return stats_; }
    double lastTranslateSeconds() const { return translateSeconds_; }

    // Processes events until the current run has ended; false on timeout. For tests and
    // scripted use, never from a slot of the window.
    bool waitForFinished(int timeoutMs = 60000);

    // Rows reach the GUI no more often than this (ms); the live redraw follows.
    static constexpr int kBatchIntervalMs = 33;

signals:
    void runStarted();
    // Translation phase (fraction of translation) or simulated time against the span.
    void translationProgress(const QString& phase, double fraction);
    void simulationProgress(double time, double fraction);
    // New rows or events were appended to current().
    void resultGrown();
    void runEnded(flange::ui::RunResult::Status status);
    void diagnostic(const flange::ui::RunDiagnostic& d);

private:
    struct Worker;
    void deliver(int runId, const std::shared_ptr<RunBatch>& batch);
    // Marks the run in progress as cancelled before it is replaced or forgotten.
    void dropRunning();

    std::shared_ptr<RunResult> current_;
    std::shared_ptr<const RunResult> previous_, lastFinished_;
    std::vector<std::unique_ptr<Worker>> workers_;
    int runId_ = 0;
    int runNumber_ = 0;
    bool running_ = false;
    SimulationStats stats_;
    double translateSeconds_ = 0;
    std::size_t rowMemory_;
};

} // namespace flange::ui

Q_DECLARE_METATYPE(flange::ui::RunDiagnostic)
