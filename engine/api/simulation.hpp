#pragma once
// Public engine header (engine/api/): one simulation of a compiled model, the second half
// of the run API (engine/api/model.hpp has the first and an example; docs/architecture.md).
//
// A Run owns all it changes (solver state, parameter values, results) and reads its
// Model, which any number of other runs read at the same time. One Run is used from one
// thread at a time, except cancel(), which any thread may call.
//
// Its life: set parameters, start values, options and signals; then either runToEnd(), or
// initialize() and advance in steps (advanceTo, advanceToNextEvent), reading results
// between steps; the rows come out as they would from one runToEnd(), bit for bit.
// Stepping runs the integrator on a thread of the run's own, which waits between steps
// (a sink given to streamTo is then called on that thread).
// Errors are flange::Error: BadInput for a name or value the model does not take,
// SimulationFailed with its time and reason, Cancelled after cancel().
#include "engine/api/model.hpp"
#include "engine/simulation_types.hpp"

#include <memory>
#include <string>
#include <vector>

namespace flange {

class Run {
public:
    explicit Run(std::shared_ptr<const Model> model);
    ~Run(); // cancels and waits for a run still under way
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;

    // ---- before the run starts (initialize() or runToEnd()); later they throw BadInput

    // Stop time, interval, tolerance (the diagram's experiment where empty), limits.
    void setOptions(const SimulationOptions& options);
    // A parameter by its full name, as the parameter dialog names it ("spring.c", or the
    // diagram's own "T3"), in `unit` (empty: the parameter's own), converted as the dialog
    // converts (engine/units): setParameter("inertia1.J", 2000, "g.m2").
    void setParameter(const std::string& name, double value, const std::string& unit = {});
    // The same from text as typed in the dialog: "300 g", "1000 rpm", "2*T3", "true".
    void setParameter(const std::string& name, const std::string& typed);
    // A variable's start value ("inertia1.w"), in `unit` (empty: the variable's own).
    void setStart(const std::string& variable, double value, const std::string& unit = {});
    // The columns the results hold, by name (default: every signal of the model).
    void selectSignals(const std::vector<std::string>& names);
    // Rows and events go to `sink` as they come (a CSV writer, a plot) instead of being kept
    // in the run; it may also cancel. It must outlive the run's end.
    void streamTo(ResultSink& sink);

    // ---- running

    // Translates again if a parameter set is structural, solves the initial system and
    // writes the first row. Called by the others when needed.
    void initialize();
    // Integrates until the results reach `time` (the row at or after it is out; the solver
    // may have stepped beyond). Returns false once the stop time is reached.
    bool advanceTo(double time);
    // Integrates up to and through the next event (both of its rows out). Returns false
    // when the stop time came first.
    bool advanceToNextEvent();
    void runToEnd();
    // From any thread: the run stops at its next check with flange::Error (Cancelled).
    void cancel();

    bool started() const { return state_ != State::Ready; }
    bool finished() const { return state_ == State::Finished; }
    double time() const; // of the last row (the start time before any)

    // ---- results (rows and columns kept in the run; empty when streamed to a sink)

    const std::vector<std::string>& columns() const; // the signals selected, without time
    const std::vector<double>& times() const;
    size_t rowCount() const;
    // Row i's values, in the order of columns().
    std::vector<double> row(size_t i) const;
    // One signal over all rows; throws BadInput for a name not among columns().
    std::vector<double> signal(const std::string& name) const;
    const std::vector<EventRecord>& events() const;
    const SimulationStats& statistics() const;

    // The model this run simulates: its own translation when a structural parameter
    // changed, else the one it was made from.
    const Model& model() const;
    bool retranslated() const;

private:
    enum class State { Ready, Paused, Finished };
    struct Impl;
    void start(bool stepwise);
    void requireReady(const char* what) const;
    std::unique_ptr<Impl> impl_;
    State state_ = State::Ready;
};

} // namespace flange
