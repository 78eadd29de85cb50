#pragma once
// Runs a sweep's plan on worker threads: each takes the next run in plan order, executes
// it (RunExecutor) and computes its metrics as its rows stream; a listener receives each
// finished run at once, in the order they finish. A run that fails is a result with its
// status and message, and the sweep goes on. Cancelling stops the runs in flight (they
// are not reported) and starts no more; the finished ones have been reported.
#include "engine/run.hpp"
#include "engine/sweep/run_executor.hpp"
#include "engine/sweep/run_metrics.hpp"
#include "engine/sweep/sweep_plan.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace flange::sweep {

struct RunResult {
    size_t run = 0;
    std::vector<double> metrics; // NaN where there is no value (always, for a failed run)
    std::string status;          // "ok", "bad input", "failed", "internal error"
    std::string message;         // empty for "ok"
    double seconds = 0;          // wall-clock time of the run, translation included
};

class SweepListener {
public:
    virtual ~SweepListener() = default;
    // Each finished run; calls come from the worker threads one at a time.
    virtual void finished(const RunResult& result) = 0;
    // Where run `run`'s chosen signals go (null: nowhere), on the run's thread; given
    // back to closeSignals after the run, also when it failed.
    virtual std::unique_ptr<ResultSink> openSignals(size_t run) { return nullptr; }
    virtual void closeSignals(ResultSink& sink) {}
};

struct SweepSettings {
    unsigned jobs = 0;                  // worker threads; 0: std::thread::hardware_concurrency()
    std::vector<std::string> chosenSignals;   // reported to SweepListener::openSignals' sinks
    std::function<bool()> cancelled;    // polled between runs and during each; may be empty
};

struct SweepSummary {
    size_t finished = 0, failed = 0;
    bool cancelled = false;
};

// Checks that the model reports every signal the metrics and `chosen` name (throws
// flange::Error, BadInput, naming the first one missing, or the model's own error).
void checkSweepSignals(const MetricSet& metrics, const std::vector<std::string>& chosen, RunExecutor& executor);

// Runs the plan; a signal the model lacks fails every run (checkSweepSignals first).
SweepSummary runSweep(const SweepPlan& plan, const MetricSet& metrics, RunExecutor& executor,
                      const SweepSettings& settings, SweepListener& listener);

} // namespace flange::sweep
