#include "ui/sweep/local_sweep_backend.hpp"

#include "engine/api/errors.hpp"

#include <map>
#include <mutex>

namespace flange::ui {

namespace {

// One run's chosen signals, row by row.
class CurveSink : public ResultSink {
public:
    explicit CurveSink(size_t run) : run(run), curves(std::make_shared<SweepCurves>()) {}
    void begin(const std::vector<std::string>& names) override
    {
        curves->names = names;
        curves->values.assign(names.size(), {});
    }
    void row(double time, const std::vector<double>& values) override
    {
        curves->time.push_back(time);
        for (size_t i = 0; i < values.size() && i < curves->values.size(); ++i)
            curves->values[i].push_back(values[i]);
    }
    size_t run;
    std::shared_ptr<SweepCurves> curves;
};

// Hands each finished run, with its curves, to `post` (from the worker threads).
class PostingListener : public sweep::SweepListener {
public:
    explicit PostingListener(std::function<void(SweepRunRecord)> post) : post_(std::move(post)) {}
    void finished(const sweep::RunResult& result) override
    {
        SweepRunRecord record{result, nullptr};
        {
            std::lock_guard lock(mutex_);
            const auto it = curves_.find(result.run);
            if (it != curves_.end()) {
                record.curves = std::move(it->second);
                curves_.erase(it);
            }
        }
        post_(std::move(record));
    }
    std::unique_ptr<ResultSink> openSignals(size_t run) override { return std::make_unique<CurveSink>(run); }
    void closeSignals(ResultSink& sink) override
    {
        auto& s = static_cast<CurveSink&>(sink);
        std::lock_guard lock(mutex_);
        curves_[s.run] = std::move(s.curves);
    }

private:
    std::function<void(SweepRunRecord)> post_;
    std::mutex mutex_;
    std::map<size_t, std::shared_ptr<const SweepCurves>> curves_; // closed, not yet finished
};

} // namespace

LocalSweepBackend::LocalSweepBackend(QObject* parent, unsigned jobs) : SweepBackend(parent), jobs_(jobs)
{
    qRegisterMetaType<SweepRunRecord>();
}

LocalSweepBackend::~LocalSweepBackend()
{
    cancel();
    join();
}

void LocalSweepBackend::join()
{
    if (thread_.joinable())
        thread_.join();
}

void LocalSweepBackend::start(std::shared_ptr<const SweepJob> job)
{
    cancel();
    join();
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    running_ = true;
    // Posted runs of a cancelled sweep that arrive after the next one started are dropped.
    auto current = cancel_;
    auto post = [this, current](SweepRunRecord record) {
        QMetaObject::invokeMethod(
            this,
            [this, current, record = std::move(record)] {
                if (current == cancel_)
                    emit runFinished(record);
            },
            Qt::QueuedConnection);
    };
    auto ended = [this, current](bool cancelled, QString error) {
        QMetaObject::invokeMethod(
            this,
            [this, current, cancelled, error] {
                if (current != cancel_)
                    return;
                running_ = false;
                emit sweepEnded(cancelled, error);
            },
            Qt::QueuedConnection);
    };
    thread_ = std::thread([job = std::move(job), jobs = jobs_, cancel = cancel_, post, ended] {
        QString error;
        bool cancelled = false;
        try {
            const sweep::MetricSet metrics(job->definition.metrics);
            sweep::DiagramRunExecutor executor(job->model, *job->library, job->targets, job->options);
            PostingListener listener(post);
            sweep::SweepSettings settings{jobs, job->definition.chosenSignals, [cancel] { return cancel->load(); }};
            cancelled = sweep::runSweep(job->plan, metrics, executor, settings, listener).cancelled;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        ended(cancelled, error);
    });
}

void LocalSweepBackend::cancel()
{
    if (cancel_)
        *cancel_ = true;
}

} // namespace flange::ui
