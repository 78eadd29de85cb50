#include "ui/simulation/run_controller.hpp"

#include "engine/api/errors.hpp"
#include "engine/api/model.hpp"
#include "engine/api/simulation.hpp"
#include "ui/simulation/row_budget.hpp"
#include "ui/simulation/streaming_sink.hpp"

#include <QEventLoop>
#include <QTimer>

#include <chrono>

namespace flange::ui {

struct RunController::Worker {
    int runId = 0;
    std::atomic<bool> cancel{false};
    std::thread thread;
};

namespace {

std::vector<ResultVariable> variablesOf(const Model& model)
{
    std::vector<ResultVariable> out;
    out.reserve(model.variableCount());
    for (size_t i = 0; i < model.variableCount(); ++i) {
        Model::Variable v = model.variable(i);
        out.push_back({std::move(v.name), std::move(v.unit), v.isProtected, v.isDiscrete || v.isBoolean || v.isInteger});
    }
    return out;
}

// The translation, the simulation and every error they raise, on the worker thread.
void work(std::shared_ptr<const diagram::Diagram> diagram, std::shared_ptr<const library::Library> library,
          const SimulationOptions& options,
          std::size_t rowMemory, const std::atomic<bool>& cancel, const StreamingSink::Post& post)
{
    StreamingSink sink(post, cancel, RunController::kBatchIntervalMs);
    const auto t0 = std::chrono::steady_clock::now();
    auto end = std::make_shared<RunBatch>();
    end->ended = true;
    try {
        CompileOptions co;
        co.cancelled = [&cancel] { return cancel.load(std::memory_order_relaxed); };
        co.progress = [&post](const std::string& phase, double fraction) {
            auto b = std::make_shared<RunBatch>();
            b->phase = phase;
            b->phaseFraction = fraction;
            post(std::move(b));
        };
        std::shared_ptr<const Model> model = Model::compile(std::move(diagram), std::move(library), co);
        end->translateSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        RunBatch& first = sink.pending();
        first.variables = variablesOf(*model);
        first.model = model;
        first.startTime = model->experiment().startTime;
        first.stopTime = options.stopTime.value_or(model->experiment().stopTime);
        first.translationWarnings = model->warnings();
        sink.flush();
        sink.keepRepeatedOnce(model->columnsWithSameValues());
        Run run(model);
        run.setOptions(withinRowMemory(options, rowMemory, model->variableCount() + 1));
        run.streamTo(sink);
        run.runToEnd();
        end->stats = run.statistics();
        end->status = RunResult::Status::Finished;
    } catch (const Error& e) {
        end->status = e.kind() == ErrorKind::Cancelled ? RunResult::Status::Cancelled : RunResult::Status::Failed;
        end->badInput = e.kind() == ErrorKind::BadInput;
        end->message = e.what();
        end->instances = e.instances;
        end->failureTime = e.time;
    } catch (const std::exception& e) {
        end->status = RunResult::Status::Failed;
        end->message = std::string("internal error (this is a bug in Flange): ") + e.what();
    }
    sink.flush();
    post(std::move(end));
}

QStringList toQStringList(const std::vector<std::string>& v)
{
    QStringList out;
    for (const std::string& s : v)
        out << QString::fromStdString(s);
    return out;
}

} // namespace

RunController::RunController(QObject* parent) : QObject(parent), rowMemory_(defaultRowMemory())
{
    qRegisterMetaType<RunDiagnostic>();
}

RunController::~RunController()
{
    for (auto& w : workers_)
        w->cancel = true;
    for (auto& w : workers_)
        if (w->thread.joinable())
            w->thread.join();
}

void RunController::start(std::shared_ptr<const diagram::Diagram> diagram, std::shared_ptr<const library::Library> library,
                          const SimulationOptions& options)
{
    cancel();
    dropRunning();
    const int id = ++runId_;
    auto result = std::make_shared<RunResult>();
    result->number = ++runNumber_;
    result->startTime = diagram->experiment.startTime;
    result->stopTime = options.stopTime.value_or(diagram->experiment.stopTime);
    previous_ = lastFinished_;
    current_ = result;
    running_ = true;
    stats_ = {};

    auto worker = std::make_unique<Worker>();
    worker->runId = id;
    Worker* w = worker.get();
    StreamingSink::Post post = [this, id](std::shared_ptr<RunBatch> batch) {
        QMetaObject::invokeMethod(
            this, [this, id, batch] { deliver(id, batch); }, Qt::QueuedConnection);
    };
    worker->thread = std::thread([d = std::move(diagram), lib = std::move(library), options, rowMemory = rowMemory_, w, post] {
        work(d, lib, options, rowMemory, w->cancel, post);
    });
    workers_.push_back(std::move(worker));
    emit runStarted();
}

void RunController::cancel()
{
    for (auto& w : workers_)
        w->cancel = true;
}

void RunController::dropRunning()
{
    // Its late rows and its end are dropped (deliver): it ends here, as far as anyone
    // holding it (the plots, compared runs) can tell.
    if (running_ && current_) {
        current_->status = RunResult::Status::Cancelled;
        current_->message = tr("stopped for a new run").toStdString();
    }
}

void RunController::clear()
{
    cancel();
    dropRunning();
    ++runId_; // rows still in flight belong to no run now
    running_ = false;
    current_.reset();
    previous_.reset();
    lastFinished_.reset();
}

void RunController::deliver(int runId, const std::shared_ptr<RunBatch>& batch)
{
    if (batch->ended) {
        for (auto it = workers_.begin(); it != workers_.end(); ++it)
            if ((*it)->runId == runId) {
                (*it)->thread.join(); // it has posted its last batch and is returning
                workers_.erase(it);
                break;
            }
    }
    if (runId != runId_)
        return; // a cancelled run's late rows

    RunResult& r = *current_;
    if (batch->phaseFraction >= 0)
        emit translationProgress(QString::fromStdString(batch->phase), batch->phaseFraction);
    if (batch->variables) {
        r.begin(std::move(*batch->variables));
        r.model = std::move(batch->model);
        r.startTime = batch->startTime;
        r.stopTime = batch->stopTime;
        for (const std::string& w : batch->translationWarnings)
            emit diagnostic({RunDiagnostic::Severity::Warning, QString::fromStdString(w),
                             toQStringList(instancesOf(w)), std::nullopt});
        emit resultGrown(); // the variables are known: the browser can show them
    }
    if (batch->newRows || !batch->events.empty()) {
        if (batch->newRows)
            r.adoptRows(batch->rows, batch->rowCount);
        for (EventRecord& e : batch->events)
            r.appendEvent(std::move(e));
        emit resultGrown();
        if (!r.time().empty() && r.stopTime > r.startTime) {
            const double t = r.time().back();
            emit simulationProgress(t, (t - r.startTime) / (r.stopTime - r.startTime));
        }
    }
    if (!batch->ended)
        return;

    running_ = false;
    r.status = batch->status;
    r.message = batch->message;
    r.badInput = batch->badInput;
    stats_ = batch->stats;
    translateSeconds_ = batch->translateSeconds;
    for (const std::string& w : batch->stats.warnings)
        emit diagnostic({RunDiagnostic::Severity::Warning, QString::fromStdString(w),
                         toQStringList(instancesOf(w)), std::nullopt});
    switch (batch->status) {
    case RunResult::Status::Finished:
        lastFinished_ = current_;
        emit diagnostic({RunDiagnostic::Severity::Info,
                         tr("Run %1 finished: %2 rows, %3 steps, %4 events in %5 s")
                             .arg(r.number)
                             .arg(r.rowCount())
                             .arg(stats_.steps)
                             .arg(stats_.stateEvents + stats_.timeEvents)
                             .arg(batch->translateSeconds + stats_.initSeconds + stats_.integrateSeconds, 0, 'g', 3),
                         {}, std::nullopt});
        break;
    case RunResult::Status::Cancelled:
        emit diagnostic({RunDiagnostic::Severity::Info,
                         tr("Run %1 stopped at t = %2 s; the results so far are kept")
                             .arg(r.number)
                             .arg(r.time().empty() ? r.startTime : r.time().back()),
                         {}, std::nullopt});
        break;
    case RunResult::Status::Failed:
    case RunResult::Status::Running:
        emit diagnostic({RunDiagnostic::Severity::Error,
                         (batch->badInput ? tr("The model cannot be simulated: %1") : tr("Simulation failed: %1"))
                             .arg(QString::fromStdString(batch->message)),
                         toQStringList(batch->instances), batch->failureTime});
        break;
    }
    emit runEnded(batch->status);
}

// An event loop of its own, not a poll: the worker's batches and its end are queued
// calls, delivered the moment they are posted, as in the window's own loop. Polling with
// a sleep between rounds delayed each of them by up to a millisecond, which
// flange-ui-bench counted as the window's time.
bool RunController::waitForFinished(int timeoutMs)
{
    if (!running_)
        return true;
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    const QMetaObject::Connection ended = connect(this, &RunController::runEnded, &loop, &QEventLoop::quit);
    // A run dropped without an end (clear(), from a slot while this waits) ends the wait too.
    QTimer dropped;
    connect(&dropped, &QTimer::timeout, &loop, [this, &loop] {
        if (!running_)
            loop.quit();
    });
    dropped.start(20);
    timeout.start(timeoutMs);
    loop.exec();
    disconnect(ended);
    return !running_;
}

} // namespace flange::ui
