#include "engine/sweep/sweep_runner.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

namespace flange::sweep {

namespace {

// One run's rows go to its metrics and, where asked, its chosen signals; nothing is kept.
class RunSink : public ResultSink {
public:
    RunSink(const MetricSet& metrics, const std::vector<std::string>& chosen, ResultSink* signals,
            const std::function<bool()>& cancelled)
        : evaluation_(metrics), chosen_(chosen), signals_(signals), cancelled_(cancelled)
    {
    }
    void begin(const std::vector<std::string>& names) override
    {
        evaluation_.begin(names);
        if (!signals_)
            return;
        for (const std::string& s : chosen_) {
            const auto at = std::find(names.begin(), names.end(), s);
            if (at == names.end())
                throw badInput("the model has no variable '" + s + "' (used by --signals)");
            chosenColumns_.push_back(static_cast<size_t>(at - names.begin()));
        }
        chosenValues_.resize(chosenColumns_.size());
        signals_->begin(chosen_);
    }
    void row(double time, const std::vector<double>& values) override
    {
        evaluation_.row(time, values);
        if (!signals_)
            return;
        for (size_t i = 0; i < chosenColumns_.size(); ++i)
            chosenValues_[i] = values[chosenColumns_[i]];
        signals_->row(time, chosenValues_);
    }
    void event(const EventRecord& e) override
    {
        evaluation_.event(e);
        if (signals_)
            signals_->event(e);
    }
    bool cancelled() override { return cancelled_ && cancelled_(); }
    std::vector<double> values() const { return evaluation_.values(); }

private:
    MetricSet::Evaluation evaluation_;
    const std::vector<std::string>& chosen_;
    ResultSink* signals_;
    const std::function<bool()>& cancelled_;
    std::vector<size_t> chosenColumns_;
    std::vector<double> chosenValues_;
};

std::string statusOf(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::BadInput: return "bad input";
    case ErrorKind::SimulationFailed: return "failed";
    case ErrorKind::Cancelled: return "cancelled";
    case ErrorKind::Internal: return "internal error";
    }
    return "internal error";
}

} // namespace

namespace {

// The columns every run reports: the metrics' signals, then the chosen ones not among them.
std::vector<std::string> runColumns(const MetricSet& metrics, const std::vector<std::string>& chosen)
{
    std::vector<std::string> columns = metrics.signalsRead();
    for (const std::string& s : chosen)
        if (std::find(columns.begin(), columns.end(), s) == columns.end())
            columns.push_back(s);
    return columns;
}

} // namespace

void checkSweepSignals(const MetricSet& metrics, const std::vector<std::string>& chosen, RunExecutor& executor)
{
    const std::vector<std::string> names = executor.signalNames();
    for (const std::string& c : runColumns(metrics, chosen))
        if (std::find(names.begin(), names.end(), c) == names.end()) {
            const bool isChosen = std::find(chosen.begin(), chosen.end(), c) != chosen.end();
            throw badInput((isChosen ? "--signals" : "--metric") + std::string(": the model has no variable '") + c + "'");
        }
}

SweepSummary runSweep(const SweepPlan& plan, const MetricSet& metrics, RunExecutor& executor,
                      const SweepSettings& settings, SweepListener& listener)
{
    const std::vector<std::string> columns = runColumns(metrics, settings.chosenSignals);

    unsigned jobs = settings.jobs ? settings.jobs : std::max(1u, std::thread::hardware_concurrency());
    jobs = static_cast<unsigned>(std::min<size_t>(jobs, std::max<size_t>(1, plan.runs())));
    std::atomic<size_t> next{0};
    std::mutex reporting;
    SweepSummary summary;
    std::atomic<bool> stopped{false};
    const std::function<bool()> cancelled = [&] {
        if (!stopped && settings.cancelled && settings.cancelled())
            stopped = true;
        return stopped.load();
    };

    auto work = [&] {
        for (;;) {
            if (cancelled())
                return;
            const size_t r = next++;
            if (r >= plan.runs())
                return;
            RunResult result;
            result.run = r;
            const auto start = std::chrono::steady_clock::now();
            std::unique_ptr<ResultSink> signals = settings.chosenSignals.empty() ? nullptr : listener.openSignals(r);
            RunSink sink(metrics, settings.chosenSignals, signals.get(), cancelled);
            try {
                executor.run(plan.values[r], columns, sink);
                result.status = "ok";
                result.metrics = sink.values();
            } catch (const Error& e) {
                result.status = statusOf(e.kind());
                result.message = e.what();
            } catch (const std::exception& e) {
                result.status = "internal error";
                result.message = std::string("internal error (this is a bug in Flange): ") + e.what();
            }
            if (signals)
                listener.closeSignals(*signals);
            if (result.status == "cancelled" && cancelled())
                return; // stopped by the sweep's cancellation: not a finished run
            if (result.metrics.empty())
                result.metrics.assign(metrics.definitions().size(), std::numeric_limits<double>::quiet_NaN());
            result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::lock_guard lock(reporting);
            ++summary.finished;
            if (result.status != "ok")
                ++summary.failed;
            listener.finished(result);
        }
    };
    // A listener that cannot write (disk full) stops the sweep; its error is the sweep's.
    std::exception_ptr failure;
    auto guarded = [&] {
        try {
            work();
        } catch (...) {
            std::lock_guard lock(reporting);
            if (!failure)
                failure = std::current_exception();
            stopped = true;
        }
    };
    std::vector<std::thread> workers;
    for (unsigned i = 1; i < jobs; ++i)
        workers.emplace_back(guarded);
    guarded();
    for (std::thread& t : workers)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    summary.cancelled = stopped;
    return summary;
}

} // namespace flange::sweep
