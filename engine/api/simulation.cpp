#include "engine/api/simulation.hpp"

#include "engine/compiled_model.hpp"
#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/run.hpp"
#include "engine/sweep/parameter_overrides.hpp"
#include "engine/sweep/tunable_values.hpp"
#include "engine/units/units.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>

namespace flange {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

} // namespace

// The run's sink: it keeps or forwards the rows, and, when the run goes in steps, holds
// the integrator's thread at the row where the caller asked to stop.
struct Run::Impl : ResultSink {
    std::shared_ptr<const Model> model;  // as made
    std::shared_ptr<const Model> active; // what runs: model, or its translation at structural edits
    std::vector<sweep::Override> edits; // setParameter's and setStart's, in order, on the model's diagram
    std::vector<double> parameters; // tunable values set in the model's tapes; empty: as translated
    SimulationOptions options;
    std::vector<std::string> selectedNames;
    ResultSink* forward = nullptr;

    std::vector<std::string> columns;
    std::vector<double> times, values;
    std::vector<EventRecord> events;
    SimulationStats stats;
    double lastTime = 0;

    // Stepping: the caller and the integrator's thread take turns, never run at once.
    std::thread worker;
    std::mutex mutex;
    std::condition_variable turn;
    bool stepwise = false, paused = false, done = false;
    double pauseAt = -kInfinity;       // hold at the first row at or after this time
    bool pauseAfterEvent = false, eventSeen = false;
    std::exception_ptr error;
    std::atomic<bool> cancelRequested{false};

    // What setParameter(name) sets: a parameter (a number, or of any type for `numbers` false).
    // Edits change values only, so the model's diagram has the same names and types.
    sweep::OverrideTarget parameterNamed(const std::string& name, bool numbers) const
    {
        const diagram::Diagram& d = model->diagram();
        sweep::OverrideTarget t = numbers ? sweep::findOverrideTarget(d, model->library(), name)
                                          : sweep::findSettable(d, model->library(), name);
        if (t.kind == sweep::OverrideTarget::Kind::StartValue)
            throw badInput("'" + name + "': a start value, set by setStart");
        return t;
    }

    // Parameters decide what runs: new values of tunable parameters only are set in the
    // model's tapes; any other edit means the edited diagram's own translation
    // (docs/architecture.md, "Parameters"). Edits of instances' tunable parameters are told
    // so from those instances alone; others copy the diagram and compare it.
    void applyEdits()
    {
        const Model& made = *model;
        if (std::optional<std::vector<double>> tuned =
                sweep::tunedInstanceValues(made.compiled(), made.diagram(), made.library(), edits)) {
            parameters = std::move(*tuned);
            return;
        }
        diagram::Diagram edited = made.diagram();
        for (const sweep::Override& e : edits)
            sweep::applyOverride(edited, e.target, e.value);
        if (diagram::simulatesAlike(edited, made.diagram()))
            return;
        if (std::optional<std::vector<double>> tuned =
                sweep::tunedValues(made.compiled(), made.diagram(), made.library(), edited))
            parameters = std::move(*tuned);
        else
            active = made.translate(edited, CompileOptions{[this] { return cancelled(); }, {}});
    }

    // A streamed run keeps no columns, as no rows: the sink has them (the 10,000 chain's
    // 230,000 names, copied, were 5 ms of a run's set-up).
    void begin(const std::vector<std::string>& names) override
    {
        if (forward)
            return forward->begin(names);
        columns = names;
    }
    void expectRows(long gridRows, bool eventRows) override
    {
        if (forward)
            return forward->expectRows(gridRows, eventRows);
        // Room for the grid at once, within reason: events add rows beyond it.
        const size_t rows = static_cast<size_t>(std::max(0L, gridRows));
        if (rows * (columns.size() + 1) <= (size_t{1} << 27)) {
            times.reserve(rows);
            values.reserve(rows * columns.size());
        }
    }
    void row(double time, const std::vector<double>& v) override
    {
        lastTime = time;
        if (forward) {
            forward->row(time, v);
        } else {
            times.push_back(time);
            values.insert(values.end(), v.begin(), v.end());
        }
        if (stepwise && (time >= pauseAt || (pauseAfterEvent && eventSeen)))
            hold();
    }
    void event(const EventRecord& e) override
    {
        events.push_back(e);
        eventSeen = true;
        if (forward)
            forward->event(e);
    }
    bool cancelled() override { return cancelRequested.load(std::memory_order_relaxed) || (forward && forward->cancelled()); }

    // On the integrator's thread: wait for the caller's next step.
    void hold()
    {
        std::unique_lock lock(mutex);
        paused = true;
        turn.notify_all();
        turn.wait(lock, [this] { return !paused; });
    }

    // On the caller's thread: let the integrator go on to the next hold or its end.
    void resume(double at, bool afterEvent)
    {
        std::unique_lock lock(mutex);
        pauseAt = at;
        pauseAfterEvent = afterEvent;
        eventSeen = false;
        paused = false;
        turn.notify_all();
        turn.wait(lock, [this] { return paused || done; });
    }

    void simulate()
    {
        std::vector<int> selection;
        for (const std::string& name : selectedNames) {
            const std::optional<int> i = active->variableIndex(name);
            if (!i)
                throw badInput("the model has no variable '" + name + "'");
            selection.push_back(*i);
        }
        stats = flange::simulate(active->compiled(), options, *this, selection, parameters);
    }

    ~Impl() override
    {
        if (!worker.joinable())
            return;
        cancelRequested = true;
        {
            std::lock_guard lock(mutex);
            pauseAt = kInfinity;
            pauseAfterEvent = false;
            paused = false;
        }
        turn.notify_all();
        worker.join();
    }
};

Run::Run(std::shared_ptr<const Model> model) : impl_(std::make_unique<Impl>())
{
    impl_->model = model;
    impl_->active = std::move(model);
    impl_->lastTime = impl_->active->experiment().startTime;
}

Run::~Run() = default;

void Run::requireReady(const char* what) const
{
    if (state_ != State::Ready)
        throw badInput(std::string(what) + ": the run has started; set it before initialize() or runToEnd()");
}

void Run::setOptions(const SimulationOptions& options)
{
    requireReady("setOptions");
    impl_->options = options;
}

// Names, units and checks are those of flange-sim's --set and of sweeps: one rule
// (engine/sweep/parameter_overrides.hpp).
void Run::setParameter(const std::string& name, double value, const std::string& unit)
{
    requireReady("setParameter");
    const sweep::OverrideTarget t = impl_->parameterNamed(name, true);
    impl_->edits.push_back({t, sweep::storedValue(t, sweep::overrideValue(t, value, unit))});
}

void Run::setParameter(const std::string& name, const std::string& typed)
{
    if (const std::optional<units::Quantity> q = units::splitQuantity(typed))
        return setParameter(name, q->value, q->unit);
    requireReady("setParameter");
    // An expression ("2*T3") or a Boolean: stored as the diagram stores it, checked when
    // the model is translated.
    const sweep::OverrideTarget t = impl_->parameterNamed(name, false);
    const diagram::Json value = typed == "true" ? diagram::Json(true) : typed == "false" ? diagram::Json(false) : diagram::Json(typed);
    impl_->edits.push_back({t, value});
}

void Run::setStart(const std::string& variable, double value, const std::string& unit)
{
    requireReady("setStart");
    const sweep::OverrideTarget t =
        sweep::findOverrideTarget(impl_->model->diagram(), impl_->model->library(), variable + ".start");
    impl_->edits.push_back({t, sweep::storedValue(t, sweep::overrideValue(t, value, unit))});
}

void Run::selectSignals(const std::vector<std::string>& names)
{
    requireReady("selectSignals");
    for (const std::string& n : names)
        if (!impl_->model->variableIndex(n))
            throw badInput("the model has no variable '" + n + "'");
    impl_->selectedNames = names;
}

void Run::streamTo(ResultSink& sink)
{
    requireReady("streamTo");
    impl_->forward = &sink;
}

void Run::start(bool stepwise)
{
    Impl& m = *impl_;
    if (!m.edits.empty())
        m.applyEdits();
    m.lastTime = m.active->experiment().startTime;
    m.stepwise = stepwise;
    if (!stepwise) {
        state_ = State::Finished; // whatever happens: a run is simulated once
        m.simulate();
        return;
    }
    state_ = State::Paused;
    m.pauseAt = -kInfinity; // hold at the first row: initialization done
    m.worker = std::thread([&m] {
        try {
            m.simulate();
        } catch (...) {
            m.error = std::current_exception();
        }
        std::lock_guard lock(m.mutex);
        m.done = true;
        m.turn.notify_all();
    });
    std::unique_lock lock(m.mutex);
    m.turn.wait(lock, [&m] { return m.paused || m.done; });
}

void Run::initialize()
{
    if (state_ != State::Ready)
        return;
    start(true);
    if (impl_->done) {
        state_ = State::Finished;
        impl_->worker.join();
        if (impl_->error)
            std::rethrow_exception(std::exchange(impl_->error, nullptr));
    }
}

bool Run::advanceTo(double time)
{
    initialize();
    if (state_ == State::Finished)
        return false;
    if (impl_->lastTime >= time)
        return true;
    impl_->resume(time, false);
    if (impl_->done) {
        state_ = State::Finished;
        impl_->worker.join();
        if (impl_->error)
            std::rethrow_exception(std::exchange(impl_->error, nullptr));
    }
    return state_ != State::Finished;
}

bool Run::advanceToNextEvent()
{
    initialize();
    if (state_ == State::Finished)
        return false;
    const size_t before = impl_->events.size();
    impl_->resume(kInfinity, true);
    if (impl_->done) {
        state_ = State::Finished;
        impl_->worker.join();
        if (impl_->error)
            std::rethrow_exception(std::exchange(impl_->error, nullptr));
    }
    return impl_->events.size() > before;
}

void Run::runToEnd()
{
    if (state_ == State::Ready)
        return start(false);
    advanceTo(kInfinity);
}

void Run::cancel() { impl_->cancelRequested = true; }

double Run::time() const { return impl_->lastTime; }

const std::vector<std::string>& Run::columns() const { return impl_->columns; }
const std::vector<double>& Run::times() const { return impl_->times; }
size_t Run::rowCount() const { return impl_->times.size(); }

std::vector<double> Run::row(size_t i) const
{
    const size_t w = impl_->columns.size();
    if (i >= impl_->times.size())
        throw badInput("row " + std::to_string(i) + ": the run has " + std::to_string(impl_->times.size()) + " rows");
    return std::vector<double>(impl_->values.begin() + static_cast<std::ptrdiff_t>(i * w),
                               impl_->values.begin() + static_cast<std::ptrdiff_t>((i + 1) * w));
}

std::vector<double> Run::signal(const std::string& name) const
{
    const auto& cols = impl_->columns;
    const auto it = std::find(cols.begin(), cols.end(), name);
    if (it == cols.end())
        throw badInput("the results hold no signal '" + name + "'");
    const size_t c = static_cast<size_t>(it - cols.begin()), w = cols.size();
    std::vector<double> out;
    out.reserve(impl_->times.size());
    for (size_t r = 0; r < impl_->times.size(); ++r)
        out.push_back(impl_->values[r * w + c]);
    return out;
}

const std::vector<EventRecord>& Run::events() const { return impl_->events; }
const SimulationStats& Run::statistics() const { return impl_->stats; }
const Model& Run::model() const { return *impl_->active; }
bool Run::retranslated() const { return impl_->active != impl_->model; }

} // namespace flange
