#pragma once
// What the parts of a run share (simulation_run.hpp): the unknowns, derivatives, discrete
// values and relations of the moment, the tapes' register files and their evaluation, the
// crossing functions, the solve of the algebraic unknowns and derivatives with the states
// held (consistent_solve.cpp), and the budgets and messages every part reports with. The
// integrators (IDA, CVODE's Adams methods) advance it; the driver, the event iteration and
// the initialization change it. Private to engine/solve.
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
#include "engine/run.hpp"
#include "engine/solve/newton.hpp"
#include "engine/solve/sundials_handles.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace flange::solve {

inline std::string fmt(double v) { return readableNumber(v); }

// The members keep the names they had as the fields of one class: the run's layers derive
// from this (EventIteration, Initialization, Run), and the code that reads them did not
// change with the split; the integrators hold a reference.
struct RunState {
    RunState(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink) : m_(m), opt_(o), sink_(sink) {}

    // ---------- the tapes at the values of the moment (run_state.cpp)
    codegen::TapeInputs inputs(double t, bool initial) const;
    void residual(double t, const double* y, const double* yp, double* out, bool initial);
    void jacobian(double t, const double* y, const double* yp, bool initial);
    void distances(double t, const double* y, const double* yp);
    void computeValues(double t, const double* y, const double* yp, bool initial = false);
    std::string nonFiniteOrigin(const std::string& rowOrigin) const;

    // ---------- the consistent solve with the states held (consistent_solve.cpp)
    // modeGathered: consistentMode() has just been called, with nothing changed since.
    // The residual tolerance of the solves after events, and of every exact output.
    static constexpr double kEventSolve = 1e-10;
    void solveConsistent(double t, bool freshJacobian = true, double tolerance = kEventSolve, bool modeGathered = false);
    void unpackConsistent(const double* z);
    bool exactConsistentStep(double t, double tolerance, bool modeGathered);
    const std::vector<double>& consistentMode();
    // Stops the run, naming the component, where the matrix of that solve leaves a state's
    // derivative undetermined (undetermined_derivatives.cpp).
    void checkDerivativesDetermined(double t, bool solveFailed = false);
    std::string zeroFactors(std::vector<std::string>& instances) const;

    // ---------- SUNDIALS' context (run_state.cpp)
    void createContext();
    void check(int flag, const char* what);

    // ---------- budgets and messages (simulation.cpp)
    void checkLimits(double t);
    [[noreturn]] void failNonFinite(double t);
    // The equations whose Jacobian rows at y_ and yp_ span the widest range of coefficients.
    std::string stiffestEquations(double t, std::vector<std::string>& culprits);
    std::string withSource(const std::string& origin) const;
    // Every Real parameter's value by name, this run's where it set one: made for a message
    // only, so that a run's set-up does not copy tens of thousands of names.
    std::map<std::string, double> parameterValues() const;
    double restartStep() const { return std::min(0.001 * (tEnd_ - t0_), dt_); }

    // ---------- small helpers
    double hysteresis(int k) const { return hysteresis_[static_cast<size_t>(k)]; }
    // Relation k's crossing function from the last distances(): it changes sign when the
    // relation leaves its current value by more than the hysteresis.
    double crossingValue(int k) const
    {
        return dist_[static_cast<size_t>(k)] + (rel_[static_cast<size_t>(k)] != 0 ? hysteresis(k) : -hysteresis(k));
    }
    // The crossing functions of the state relations, for IDA's or CVODE's root finding.
    void crossingValues(double* g) const
    {
        for (size_t j = 0; j < stateRelations_.size(); ++j)
            g[j] = crossingValue(stateRelations_[j]);
    }
    // The sink is polled between solver steps, per Newton iteration and per event and
    // initialization iteration; a solver stopped by it reports `stopped`.
    void throwIfCancelled(double t, const char* during) { throwIfCancelled(sink_.cancelled(), t, during); }
    void throwIfCancelled(bool stopped, double t, const char* during)
    {
        if (stopped)
            throw cancellation(std::string(during) + " cancelled at t = " + fmt(t)).at(t);
    }
    // Algebraic unknowns between steps and at output points: a thousandth of the relative
    // tolerance, far below the error of the interpolated states they are solved from.
    double samplingTolerance() const { return 1e-3 * rtol_; }
    bool exactRoots() const { return rootsReadSolved_ && opt_.suppressAlgebraicErrors && !m_.stateSlots.empty(); }

    // ---------- state
    const CompiledModel& m_;
    SimulationOptions opt_;
    ResultSink& sink_;
    int32_t n_ = 0;
    // Every unknown is a state's derivative, slot i the i-th state (the drive-line chains):
    // the Adams methods' vectors and the solve's unknowns are then the same arrays, copied
    // and corrected without a lookup per value.
    bool onlyStatesInOrder_ = false;
    double t0_ = 0, tEnd_ = 1, dt_ = 0.002, rtol_ = 1e-6;
    std::vector<double> y_, yp_, disc_, pre_, rel_, dist_, jy_, jyp_, varValues_;
    std::vector<double> parameters_; // this run's values of the parameters kept as leaves, by id
    std::vector<double> resRegs_, jacRegs_, crossRegs_, initResRegs_, initJacRegs_, computedRegs_;
    std::vector<double> computed_; // the explicitly computed unknowns, from the last computeValues()
    std::vector<int> stateRelations_;
    // 1e-4 * rtol * nominal per relation: read for every relation at every output point,
    // where the relations' descriptions (strings and all) are too far apart in memory.
    std::vector<double> hysteresis_;
    bool rootsReadSolved_ = false;
    SimulationStats stats_;
    std::string lastSolverMessage_; // IDA's or CVODE's last error message, for ours
    long stepsTaken_ = 0;
    int32_t nonFiniteRow_ = -1; // a residual row that gave NaN or infinity since the last normal step
    std::string nonFiniteOrigin_; // the equation to blame for it (a computed one it read, or the row's)
    double nonFiniteTime_ = 0;
    std::chrono::steady_clock::time_point integrationStart_ = std::chrono::steady_clock::now();
    std::unique_ptr<solve::NewtonSolver> consistent_;
    solve::NewtonProblem consistentProblem_;
    std::vector<double> consistentZ_;
    std::vector<double> consistentMode_; // consistentMode()'s values
    double consistentTime_ = 0;
    bool singularSeen_ = false; // a consistent solve met a singular system (solveConsistent)
    // SUNDIALS' objects shared by both integrators (sundials_handles.hpp): the context, made
    // first and freed last, and the absolute tolerances.
    ContextHandle ctx_;
    VectorHandle atolv_;
};

} // namespace flange::solve
