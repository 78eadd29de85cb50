#pragma once
// What a simulation takes (options, a sink for its rows) and what it reports (events,
// statistics): public vocabulary of the run API (engine/api/simulation.hpp) and of
// simulate() (engine/run.hpp), without the compiled model's tables.
#include "engine/event_record.hpp"

#include <optional>
#include <string>
#include <vector>

namespace flange {

struct SimulationOptions {
    std::optional<double> stopTime, interval, tolerance;
    bool suppressAlgebraicErrors = true; // error test on states only, as Dymola
    // Re-solve the algebraic unknowns from the interpolated states at every output point.
    // IDA's interpolation is accurate to the tolerance except across kinks that raise no
    // event (noEvent characteristics such as ElastoGap's), where this removes small
    // excursions; it roughly doubles the cost of output.
    // Unset: the diagram's experiment says (Experiment::exactOutputs).
    std::optional<bool> exactAlgebraicOutputs;
    int maxEventIterations = 20;
    int maxConsecutiveEvents = 100; // in one output interval: chattering
    // Limits on the work one run may do, so that no input runs forever or fills the disk;
    // 0 means no limit. Each failure names its limit and how to raise it.
    // Rows written, the two rows of every event included. flange-sim sets 10^7
    // (--max-rows); the window sets what its memory for one run's rows holds.
    long maxRows = 1'000'000'000;
    long maxSteps = 5'000'000;  // solver steps over the whole run
    double maxSeconds = 0;      // wall-clock time of the integration
    // How the program's user raises each limit, ended to its message ("raise it with
    // --max-rows"); the engine does not know the program's options. Empty: nothing added.
    struct LimitAdvice {
        std::string rows, steps, seconds;
    } limitAdvice;
    // A step below stiffStepFraction * (stop - start) for stiffStepCount steps in a row
    // means the system is too stiff to progress (a spring of 1e23 N/m).
    double stiffStepFraction = 1e-10;
    int stiffStepCount = 500;
    // A model that is not stiff at the start (a drive line of springs, dampers, gears,
    // clutches and inertias driven by sources) begins with CVODE's Adams methods, which
    // need no Jacobian and no linear solve, and goes on with IDA's BDF where it turns stiff
    // (adams_integrator.cpp says which models, and when IDA takes over).
    // false: IDA from the start, as Dymola's DASSL. Unset: the diagram's experiment says
    // (Experiment::integrator, "auto" by default).
    std::optional<bool> nonStiffStart;
};

struct SimulationStats {
    long steps = 0, residualEvaluations = 0, jacobianEvaluations = 0;
    long stateEvents = 0, timeEvents = 0;
    long silentCrossings = 0; // relation crossings that changed no discrete value: no restart
    long rows = 0;
    // Of `steps`, those taken with Adams methods, and the time they reached first (the stop
    // time, or where IDA took over: the model turned stiff, or a stuck chain left unknowns
    // undetermined). IDA hands back at an event that determines them again.
    long adamsSteps = 0;
    double adamsUntil = 0;
    bool handedOverUndetermined = false; // IDA took over for undetermined unknowns, not stiffness
    long adamsResumes = 0;               // times the Adams methods went on after such a stretch
    // The fastest mode at the start [1/s], estimated where the non-stiff start was
    // considered (0 otherwise): above 1e4 over the span, IDA starts.
    double fastestRate = 0;
    double initSeconds = 0, integrateSeconds = 0;
    std::vector<std::string> warnings;
};

class ResultSink {
public:
    virtual ~ResultSink() = default;
    virtual void begin(const std::vector<std::string>& names) {}
    // The output points on the grid, before the first row, and whether events may add rows
    // beyond them (two each; a model without relations has no events, so its rows are the
    // grid's): a sink that keeps the rows can size its storage once.
    virtual void expectRows(long gridRows, bool eventRows) {}
    virtual void row(double time, const std::vector<double>& values) = 0;
    virtual void event(const EventRecord& e) {}
    virtual bool cancelled() { return false; }
};

} // namespace flange
